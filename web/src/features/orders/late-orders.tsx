import { lateOrdersFilter } from '@dosechain/contract';
import { Alert, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { toListParams } from '../../components/data-table/list-params.ts';
import { LazyOrdersGrid } from './lazy-orders-grid.tsx';
import { ORDERS } from './order-api.ts';

/**
 * How many accepted orders of the role's scope are late (issue 21), as of the instant the
 * dashboard opened: the warning and the grid share that instant, so their filter and query key
 * stay the same while it is open.
 */
function useLateOrders() {
  const api = useApi();
  const [now] = useState(() => new Date());
  const filter = lateOrdersFilter(now);
  const count = useQuery({
    queryKey: queryKeys.listView(ORDERS, 'late-count', now.toISOString()),
    queryFn: ({ signal }) =>
      api('GET', ORDERS, {
        query: {
          ...toListParams(
            { pageIndex: 0, pageSize: 1, sorting: [], columnFilters: [], globalFilter: '' },
            {},
            filter,
          ),
          fields: 'id',
        },
        signal,
      }),
  });
  return { filter, total: count.data?.total ?? 0 };
}

/**
 * The dashboard's warning: how many accepted orders are past their projected delivery without a
 * delivery. `below`: their grid follows further down (a CMO's dashboard lists pending orders);
 * else the dashboard's own grid lists them, each saying how late. Nothing while there are none.
 */
export function LateOrdersWarning({ below }: { below: boolean }) {
  const { total } = useLateOrders();
  if (total === 0) return null;
  const what =
    total === 1
      ? '1 accepted order is past its projected delivery and has not been delivered'
      : `${total} accepted orders are past their projected delivery and have not been delivered`;
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
  if (total === 0) return null;
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
