import { createTheme } from '@mui/material';

const primary = '#0b5394';

/**
 * The keyboard focus ring: a solid outline in the primary colour (7.6:1 on white), drawn outside
 * a control, so that it differs from the grey of a current menu entry and from the faded look of
 * a disabled button. MUI's own focus marks were a background tint (the same as "selected") and,
 * on buttons, a pulsing white ripple (which made a focused SIGN IN look disabled).
 */
export const focusRing = { outline: `3px solid ${primary}`, outlineOffset: '2px' } as const;

/** The ring inside the control, for list entries that fill their list's width (a clipped edge). */
export const insetFocusRing = { outline: `3px solid ${primary}`, outlineOffset: '-3px' } as const;

export const theme = createTheme({
  palette: {
    primary: { main: primary },
    secondary: { main: '#00897b' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 6 },
  components: {
    // A disabled field's helper text still tells what to do ('Pick a day in the calendar first'):
    // MUI's disabled grey (#9e9e9e on white, 2.7:1) fails WCAG contrast; the secondary text passes.
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
      },
    },
    // Every button, icon button, checkbox, switch, tab and sort label: the ring when focused by
    // keyboard (Mui-focusVisible is never set by a pointer).
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiButton: { defaultProps: { disableFocusRipple: true } },
    // List entries and menu items: the ring inside, and no focus tint, which looked like the
    // current entry's (action.selected) and told neither apart.
    MuiListItemButton: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { ...insetFocusRing, backgroundColor: 'transparent' } },
      },
    },
    MuiMenuItem: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { ...insetFocusRing, backgroundColor: 'transparent' } },
      },
    },
  },
});
