import { messages } from '@dosechain/contract';
import { Paper, Typography } from '@mui/material';
import { roleLabel } from '../../app/layout/user-menu.tsx';
import { useAuth } from '../../auth/auth-context.tsx';

/** The dashboard; order grids per role arrive with the order features. */
export default function DashboardPage() {
  const { user } = useAuth();
  return (
    <Paper sx={{ p: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Dashboard
      </Typography>
      {user && (
        <Typography variant="h6">
          Hello, {user.fullName} ({roleLabel(user.currentRole)})
        </Typography>
      )}
      <Typography sx={{ mt: 1 }}>{messages.welcome}</Typography>
    </Paper>
  );
}
