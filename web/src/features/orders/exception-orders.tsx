import { exceptionAffectedFilter } from '@dosechain/contract';
import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { toListParams } from '../../components/data-table/list-params.ts';
import { ORDERS } from './order-api.ts';

/** The Order status grid with its "Affected by a manufacturing exception" filter on. */
export const EXCEPTION_AFFECTED_PATH = '/orders/status?exception=affected';

/** How many pending and accepted orders of the role's scope lie on a day with no manufacture. */
export function useExceptionAffectedCount(): number {
  const api = useApi();
  const count = useQuery({
    queryKey: queryKeys.listView(ORDERS, 'exception-affected-count'),
    queryFn: ({ signal }) =>
      api('GET', ORDERS, {
        query: {
          ...toListParams(
            { pageIndex: 0, pageSize: 1, sorting: [], columnFilters: [], globalFilter: '' },
            {},
            exceptionAffectedFilter(),
          ),
          fields: 'id',
        },
        signal,
      }),
  });
  return count.data?.total ?? 0;
}

/**
 * The dashboard's banner for staff and CMOs (issue 21): how many pending or accepted orders are
 * placed on a manufacture day that became a day with no manufacture, with the way to them.
 * Nothing is canceled automatically; nothing shows while there are none.
 */
export function ExceptionAffectedWarning() {
  const total = useExceptionAffectedCount();
  if (total === 0) return null;
  const what =
    total === 1
      ? '1 pending or accepted order is placed on a day with no manufacture (a manufacturing exception).'
      : `${total} pending or accepted orders are placed on a day with no manufacture (a manufacturing exception).`;
  return (
    <Alert
      severity="warning"
      aria-label="Manufacturing exceptions"
      action={
        <Button
          color="inherit"
          size="small"
          component={RouterLink}
          to={EXCEPTION_AFFECTED_PATH}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Show them
        </Button>
      }
    >
      {what} They are not canceled: agree on another day with the CMO, or cancel them.
    </Alert>
  );
}
