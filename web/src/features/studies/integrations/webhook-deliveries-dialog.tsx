import {
  messages,
  type Webhook,
  type WebhookDelivery,
  webhookDeliveryStatuses,
  webhookDeliveryStatusLabels,
  webhookEventLabels,
  webhookEvents,
} from '@dosechain/contract';
import { Replay as ReplayIcon } from '@mui/icons-material';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { userMeets } from '../../../auth/access.ts';
import { useAuth } from '../../../auth/auth-context.tsx';
import { createdColumn } from '../../../components/data-table/common-columns.ts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { ReasonDialog } from '../../../components/form/reason-dialog.tsx';
import { useResendWebhookDelivery, webhookDeliveriesResource } from './integrations-api.ts';

const columns: DataTableColumn<WebhookDelivery>[] = [
  {
    field: 'event',
    header: 'Event',
    value: (d) => d.event,
    text: (d) => webhookEventLabels[d.event],
    filter: 'select',
    options: webhookEvents.map((e) => ({ value: e, label: webhookEventLabels[e] })),
  },
  {
    field: 'order_number',
    header: 'Order',
    value: (d) => `#${d.order.number}`,
    filter: false,
    // Exports write the order number as a number.
    exportAs: [{ header: 'Order #', value: (d) => d.order.number }],
  },
  {
    field: 'status',
    header: 'Status',
    value: (d) => d.status,
    text: (d) => webhookDeliveryStatusLabels[d.status],
    filter: 'select',
    options: webhookDeliveryStatuses.map((s) => ({ value: s, label: webhookDeliveryStatusLabels[s] })),
  },
  { field: 'attempts', header: 'Attempts', value: (d) => d.attempts, filter: false, size: 110 },
  {
    field: 'last_error',
    header: 'Last error',
    value: (d) => d.lastError ?? '',
    filter: 'text',
  },
  createdColumn(),
];

/**
 * A webhook's delivery log (decision 030): each event sent or to be sent, its status, attempts
 * and last error; a failed one can be resent (config.update, signed, with a reason).
 */
export function WebhookDeliveriesDialog({
  studyId,
  webhook,
  onClose,
}: {
  studyId: number;
  webhook: Webhook;
  onClose: () => void;
}) {
  const { user } = useAuth();
  const canResend = userMeets(user, { permissions: ['config.update'] });
  const resource = webhookDeliveriesResource(studyId, webhook.id);
  const [resending, setResending] = useState<WebhookDelivery>();
  const resend = useResendWebhookDelivery(studyId, webhook.id);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="webhook-deliveries-title">
      <DialogTitle id="webhook-deliveries-title">Webhook Deliveries</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }} color="text.secondary">
          {webhook.url}
        </Typography>
        <DataTable<WebhookDelivery>
          resource={resource}
          columns={columns}
          defaultSort={[{ id: 'created_at', desc: true }]}
          enableExport={false}
          emptyText="No deliveries yet"
          rowActions={(delivery) =>
            canResend && delivery.status === 'failed' && webhook.status === 'active' ? (
              <Tooltip title="Resend">
                <IconButton
                  aria-label={`Resend delivery of Order #${delivery.order.number}`}
                  onClick={() => setResending(delivery)}
                >
                  <ReplayIcon />
                </IconButton>
              </Tooltip>
            ) : null
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {resending && (
        <ReasonDialog
          title="Resend Delivery"
          question={`Send the ${webhookEventLabels[resending.event]} event of Order #${resending.order.number} to ${webhook.url} again (same delivery id)?`}
          submitLabel="Resend"
          onConfirm={(meta) => resend.mutateAsync({ id: resending.id, meta })}
          onClose={() => setResending(undefined)}
          success={messages.webhookDeliveryResent}
          failure={messages.errorResendingWebhookDelivery}
        />
      )}
    </Dialog>
  );
}
