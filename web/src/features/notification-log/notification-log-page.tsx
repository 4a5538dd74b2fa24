import { type FilterCondition, type MailLogEntry, messages } from '@dosechain/contract';
import { Replay as ReplayIcon, Visibility as VisibilityIcon } from '@mui/icons-material';
import { Alert, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { ReasonDialog } from '../../components/form/reason-dialog.tsx';
import { MAILS, useResendMail } from './notification-log-api.ts';
import { mailColumns } from './notification-log-columns.ts';

const TITLE = 'Notification log';

/**
 * The notification log (issue 22): every outgoing mail, newest first, filtered and exported
 * like the other grids; a failed one can be resent (signed, with a reason). `?status=failed`
 * (the dashboard banner's link) shows only the failed ones until "Show all mails".
 */
export default function NotificationLogPage() {
  const [params, setParams] = useSearchParams();
  const onlyFailed = params.get('status') === 'failed';
  const baseFilter = useMemo<FilterCondition[]>(
    () => (onlyFailed ? [{ field: 'status', op: 'eq', value: 'failed' }] : []),
    [onlyFailed],
  );
  const [resending, setResending] = useState<MailLogEntry>();

  const resend = useResendMail();

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {TITLE}
      </Typography>
      <Typography color="text.secondary">
        Every mail the application sends: when, to whom, why, and whether it went out. A mail's text is not
        shown (a password-recovery mail holds a private link).
      </Typography>
      {onlyFailed && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => setParams({})}>
              Show all mails
            </Button>
          }
        >
          Showing the mails that failed all their attempts.
        </Alert>
      )}
      <DataTable<MailLogEntry>
        key={onlyFailed ? 'failed' : 'all'}
        title={TITLE}
        resource={MAILS}
        columns={mailColumns}
        baseFilter={baseFilter}
        defaultSort={[{ id: 'created_at', desc: true }]}
        orientation="landscape"
        emptyText={onlyFailed ? 'No failed mails' : 'No mails have been sent yet'}
        rowActions={(mail) => (
          <>
            {mail.order && (
              <Tooltip title="Open order">
                <IconButton
                  aria-label={`Open Order #${mail.order.number}`}
                  component={RouterLink}
                  to={`/orders/${mail.order.id}`}
                >
                  <VisibilityIcon />
                </IconButton>
              </Tooltip>
            )}
            {mail.status === 'failed' && (
              <Tooltip title="Resend">
                <IconButton aria-label={`Resend mail ${mail.subject}`} onClick={() => setResending(mail)}>
                  <ReplayIcon />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
      />
      {resending && (
        <ReasonDialog
          title="Resend mail"
          question={`Send "${resending.subject}" to ${resending.recipients.join(', ')} again?${
            resending.purpose === 'password_recovery' ? ` ${messages.recoveryMailResendNote}` : ''
          }`}
          submitLabel="Resend"
          onConfirm={(meta) => resend.mutateAsync({ mail: resending, meta })}
          onClose={() => setResending(undefined)}
          success={messages.mailResent}
          failure={messages.errorUpdating('mail')}
        />
      )}
    </Stack>
  );
}
