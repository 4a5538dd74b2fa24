import { type FilterCondition, type MailLogEntry, messages } from '@dosechain/contract';
import { Replay as ReplayIcon, Visibility as VisibilityIcon } from '@mui/icons-material';
import { Alert, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { FAILED_MAILS_QUERY_KEY } from '../../components/failed-mails-query.ts';
import { ReasonDialog } from '../../components/form/reason-dialog.tsx';
import { mailColumns } from './notification-log-columns.ts';

const TITLE = 'Notification log';
const MAILS = '/mails';

/**
 * The notification log (issue 22): every outgoing mail, newest first, filtered and exported
 * like the other grids; a failed one can be resent (signed, with a reason). `?status=failed`
 * (the dashboard banner's link) shows only the failed ones until "Show all mails".
 */
export default function NotificationLogPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const onlyFailed = params.get('status') === 'failed';
  const baseFilter = useMemo<FilterCondition[]>(
    () => (onlyFailed ? [{ field: 'status', op: 'eq', value: 'failed' }] : []),
    [onlyFailed],
  );
  const [resending, setResending] = useState<MailLogEntry>();

  const resend = async (
    mail: MailLogEntry,
    meta: { reasonForChange?: string; electronicSignature?: string },
  ) => {
    // The dialog asks for the reason first; the server refuses an empty one.
    await api('POST', `${MAILS}/${mail.id}/resend`, {
      body: { ...meta, reasonForChange: meta.reasonForChange ?? '' },
    });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.lists(MAILS) }),
      queryClient.invalidateQueries({ queryKey: FAILED_MAILS_QUERY_KEY }),
    ]);
  };

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
          onConfirm={(meta) => resend(resending, meta)}
          onClose={() => setResending(undefined)}
          success={messages.mailResent}
          failure={messages.errorUpdating('mail')}
        />
      )}
    </Stack>
  );
}
