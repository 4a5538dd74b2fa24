import { createTheme } from '@mui/material';

export const theme = createTheme({
  palette: {
    primary: { main: '#0b5394' },
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
  },
});
