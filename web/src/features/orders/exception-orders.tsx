import {
  type AccessRequirement,
  exceptionAffectedFilter,
  exceptionOrdersAdvice,
  messages,
} from '@dosechain/contract';
import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { userMeets } from '../../auth/access.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { toListParams } from '../../components/data-table/list-params.ts';
import { EXCEPTION_AFFECTED_COUNT_KEY, ORDERS } from './orders-grid-query.ts';

/** The Order status grid with its "Affected by a manufacturing exception" filter on. */
export const EXCEPTION_AFFECTED_PATH = '/orders/status?exception=affected';
/** Who may open that grid (the Order status route's requirement). */
const ORDER_STATUS_ACCESS: AccessRequirement = { permissions: ['orderStatus.read'] };

/** How many pending and accepted orders of the role's scope lie on a day with no manufacture. */
export function useExceptionAffectedCount(): number {
  const api = useApi();
  const count = useQuery({
    queryKey: EXCEPTION_AFFECTED_COUNT_KEY,
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
 * The dashboard's banner (issues 21, 33): how many pending or accepted orders of the role's
 * scope (the server's order list: staff all, a CMO, site or imaging center its own) are placed on
 * a manufacture day that became a day with no manufacture, what this role can do about them, and
 * the way to them. Nothing is canceled automatically; nothing shows while there are none.
 */
export function ExceptionAffectedWarning() {
  const { user } = useAuth();
  const total = useExceptionAffectedCount();
  if (total === 0 || !user?.currentRole) return null;
  const advice = exceptionOrdersAdvice(user.currentRole.type, user.permissions);
  const canOpenList = userMeets(user, ORDER_STATUS_ACCESS);
  return (
    <Alert
      severity="warning"
      aria-label="Manufacturing exceptions"
      action={
        canOpenList && (
          <Button
            color="inherit"
            size="small"
            component={RouterLink}
            to={EXCEPTION_AFFECTED_PATH}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Show them
          </Button>
        )
      }
    >
      {messages.exceptionOrdersAffected(total)} {messages.exceptionOrdersAdvice[advice]}
    </Alert>
  );
}
