import { messages } from '@dosechain/contract';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useAuth } from '../../auth/auth-context.tsx';
import { roleLabel } from '../../auth/role-label.ts';
import { FailedMailsBanner } from '../../components/failed-mails-banner.tsx';
import { dashboardGrid } from './dashboard-view.ts';
import { ExceptionAffectedWarning } from './exception-orders.tsx';
import { LateOrdersGrid, LateOrdersWarning } from './late-orders.tsx';
import { LazyOrdersGrid, preloadOrdersGrid } from './lazy-orders-grid.tsx';

preloadOrdersGrid();

/**
 * The dashboard: the orders the current role has to act on or expect, else the welcome text;
 * `cards`, other features' summaries, composed in `app/pages/`.
 */
export default function DashboardPage({ cards }: { cards?: ReactNode }) {
  const { user } = useAuth();
  const grid = user ? dashboardGrid(user) : undefined;
  const roleKey = `${user?.currentRole?.type}-${user?.currentRole?.companyId}`;
  // A dashboard whose grid lists no accepted orders (a CMO's) shows the late ones in their own.
  const lateGridBelow = grid !== undefined && !grid.statuses.includes('accepted');
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
        // Orders on a day that became a day with no manufacture: told to every party that reads
        // them, with what it can do (issues 21, 33).
        <ExceptionAffectedWarning key={`exception-${roleKey}`} />
      )}
      <FailedMailsBanner />
      {grid && <LateOrdersWarning key={`late-${roleKey}`} below={lateGridBelow} />}
      {grid && (
        // A named region: a CMO's dashboard has a second order grid (its late deliveries).
        <Stack spacing={1} component="section" aria-labelledby="dashboard-grid-heading">
          <Typography variant="h5" component="h2" id="dashboard-grid-heading">
            {grid.heading}
          </Typography>
          <Typography color="text.secondary">{grid.intro}</Typography>
          <LazyOrdersGrid
            key={roleKey}
            title={grid.heading}
            statuses={grid.statuses}
            defaultSort={[{ id: grid.sortBy, desc: false }]}
            emptyText={grid.emptyText}
          />
        </Stack>
      )}
      {grid && lateGridBelow && <LateOrdersGrid key={`late-grid-${roleKey}`} />}
      {/* Below the role's order grid, which stays where the worklist has always been. */}
      {cards}
    </Stack>
  );
}
