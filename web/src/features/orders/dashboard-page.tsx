import { messages } from '@dosechain/contract';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useAuth } from '../../auth/auth-context.tsx';
import { roleLabel } from '../../auth/role-label.ts';
import { dashboardGrid } from './dashboard-view.ts';
import { OrdersGrid } from './orders-grid.tsx';

/** The dashboard: the orders the current role has to act on or expect, else the welcome text. */
export default function DashboardPage() {
  const { user } = useAuth();
  const grid = user ? dashboardGrid(user) : undefined;
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 3 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Dashboard
        </Typography>
        {user && (
          // Styled as a subtitle, not a heading: an h6 right under the h1 skips heading levels.
          <Typography variant="h6" component="p">
            Hello, {user.fullName}
            {user.currentRole && ` (${roleLabel(user.currentRole)})`}
          </Typography>
        )}
        {user && !user.currentRole ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {messages.noRoleAssigned}
          </Alert>
        ) : (
          <Typography sx={{ mt: 1 }}>{messages.welcome}</Typography>
        )}
      </Paper>
      {grid && (
        <Stack spacing={1}>
          <Typography variant="h5" component="h2">
            {grid.heading}
          </Typography>
          <Typography color="text.secondary">{grid.intro}</Typography>
          <OrdersGrid
            key={`${user?.currentRole?.type}-${user?.currentRole?.companyId}`}
            title={grid.heading}
            statuses={grid.statuses}
            defaultSort={[{ id: grid.sortBy, desc: false }]}
            emptyText={grid.emptyText}
          />
        </Stack>
      )}
    </Stack>
  );
}
