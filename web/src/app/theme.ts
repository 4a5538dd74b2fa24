import { createTheme } from '@mui/material';

export const theme = createTheme({
  palette: {
    primary: { main: '#0b5394' },
    secondary: { main: '#00897b' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 6 },
});
