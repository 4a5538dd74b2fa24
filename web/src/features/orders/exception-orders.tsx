import { type AccessRequirement, exceptionOrdersAdvice, messages } from '@dosechain/contract';
import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { userMeets } from '../../auth/access.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { useExceptionAffectedCount } from './order-counts-api.ts';

/** The Order status grid with its "Affected by a manufacturing exception" filter on. */
export const EXCEPTION_AFFECTED_PATH = '/orders/status?exception=affected';
/** Who may open that grid (the Order status route's requirement). */
const ORDER_STATUS_ACCESS: AccessRequirement = { permissions: ['orderStatus.read'] };

/**
 * The dashboard's banner (issues 21, 33): how many pending or accepted orders of the role's
 * scope (the server's order list: staff all, a CMO, site or imaging center its own) are placed on
 * a manufacture day that became a day with no manufacture, what this role can do about them, and
 * the way to them. Nothing is canceled automatically; nothing shows while there are none.
 */
export function ExceptionAffectedWarning() {
  const { user } = useAuth();
  const total = useExceptionAffectedCount().data ?? 0;
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
