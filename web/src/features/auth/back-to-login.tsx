import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The way back to the login screen from the logged-out password screens. */
export function BackToLogin() {
  return (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login">
        Back to login
      </Link>
    </Box>
  );
}
