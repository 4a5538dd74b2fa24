import { mailLogAccess, messages } from '@dosechain/contract';
import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { userMeets } from '../auth/access.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useFailedMailsCount } from './failed-mails-query.ts';

/** The notification log's path; `?status=failed` shows the failed mails only. */
export const NOTIFICATION_LOG_PATH = '/notification-log';

/**
 * The dashboard's banner for staff and admin (issue 22): how many mails failed all their
 * attempts, with a link to the notification log filtered on them. Asked again as soon as a live
 * event says a mail failed (issue 33), and every minute besides: that event has no id, so one
 * missed while the stream reconnects is not replayed. Nothing while there are none, and for
 * anyone who may not read the log.
 */
export function FailedMailsBanner() {
  const { user } = useAuth();
  const allowed = user ? userMeets(user, mailLogAccess.read) : false;
  const failed = useFailedMailsCount(allowed);
  const count = failed.data?.failed ?? 0;
  if (!allowed || count === 0) return null;
  return (
    <Alert
      severity="error"
      aria-label="Failed mails"
      action={
        <Button
          color="inherit"
          size="small"
          component={RouterLink}
          to={`${NOTIFICATION_LOG_PATH}?status=failed`}
        >
          Open the notification log
        </Button>
      }
    >
      {messages.mailsFailed(count)}
    </Alert>
  );
}
