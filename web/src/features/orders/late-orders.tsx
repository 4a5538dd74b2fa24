import { lateOrdersFilter } from '@dosechain/contract';
import { Alert, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { LazyOrdersGrid } from './lazy-orders-grid.tsx';
import { useLateOrdersCount } from './order-counts-api.ts';

/**
 * How many accepted or shipped orders of the role's scope are late (issue 21), as of the instant the count
 * was last asked: when the dashboard opened, and again on every live event of an order (a
 * delivery, or the late-delivery watch noting an order late, issue 33). The warning and the grid
 * share that instant, so they always agree; the grid's filter moves with it.
 */
function useLateOrders() {
  const count = useLateOrdersCount();
  const asOf = count.data?.asOf;
  const filter = useMemo(() => (asOf ? lateOrdersFilter(new Date(asOf)) : undefined), [asOf]);
  return { filter, total: count.data?.total ?? 0 };
}

/**
 * The dashboard's warning: how many accepted or shipped orders are past their projected delivery without a
 * delivery. `below`: their grid follows further down (a CMO's dashboard lists pending orders);
 * else the dashboard's own grid lists them, each saying how late. Nothing while there are none.
 */
export function LateOrdersWarning({ below }: { below: boolean }) {
  const { total } = useLateOrders();
  if (total === 0) return null;
  const what =
    total === 1
      ? '1 order is past its projected delivery and has not been delivered'
      : `${total} orders are past their projected delivery and have not been delivered`;
  return (
    <Alert severity="warning" aria-label="Late deliveries">
      {what}
      {below ? ': see Late deliveries below.' : '.'}
    </Alert>
  );
}

/** The late orders' own grid, the most overdue first; nothing while there are none. */
export function LateOrdersGrid() {
  const { filter, total } = useLateOrders();
  if (total === 0 || !filter) return null;
  return (
    // A named region: the page has another order grid.
    <Stack spacing={1} component="section" aria-labelledby="late-deliveries-heading">
      <Typography variant="h5" component="h2" id="late-deliveries-heading">
        Late deliveries
      </Typography>
      <LazyOrdersGrid
        title="Late deliveries"
        baseFilter={filter}
        defaultSort={[{ id: 'projected_delivery', desc: false }]}
        emptyText="No late deliveries"
      />
    </Stack>
  );
}
