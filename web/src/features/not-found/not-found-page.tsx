import { messages } from '@dosechain/contract';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {messages.pageNotFound}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The page you asked for does not exist or you may not open it.
      </Typography>
      <Button component={Link} to="/" variant="contained">
        Go to the dashboard
      </Button>
    </Box>
  );
}
