import { formatInstant, type Webhook, type WebhookCreated, webhookEventLabels } from '@dosechain/contract';
import { Block, ListAlt } from '@mui/icons-material';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { userMeets } from '../../../auth/access.ts';
import { useAuth } from '../../../auth/auth-context.tsx';
import { Can } from '../../../auth/can.tsx';
import { createdColumn } from '../../../components/data-table/common-columns.ts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { webhooksResource } from './integrations-api.ts';
import { RowDetailPanel } from './row-detail-panel.tsx';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog.tsx';
import { WebhookDisableDialog } from './webhook-disable-dialog.tsx';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';
import { webhookStatusText } from './webhook-status.ts';

const columns: DataTableColumn<Webhook>[] = [
  { field: 'url', header: 'URL', value: (w) => w.url, size: 260 },
  {
    field: 'events',
    header: 'Events',
    value: (w) => w.events.map((e) => webhookEventLabels[e]).join(', '),
    filter: false,
    enableSorting: false,
  },
  {
    field: 'status',
    header: 'Status',
    value: (w) => webhookStatusText(w),
    filter: false,
    enableSorting: false,
  },
  {
    field: 'disabled_at',
    header: 'Disabled',
    value: (w) => w.disabledAt,
    type: 'datetime',
    filter: 'date-range',
  },
  createdColumn(),
];

/** The row's detail: the whole URL and events, and when and why it was disabled. */
const webhookDetail = (w: Webhook) => (
  <RowDetailPanel
    fields={[
      ['URL', w.url],
      ['Events', w.events.map((e) => webhookEventLabels[e]).join(', ')],
      ['Created', `${formatInstant(w.createdAt)} by ${w.createdBy}`],
      ['Status', webhookStatusText(w)],
      ['Disabled', formatInstant(w.disabledAt)],
      ['Reason', w.disableReason],
    ]}
  />
);

type DialogState =
  | { kind: 'add' }
  | { kind: 'created'; webhook: WebhookCreated }
  | { kind: 'disable'; webhook: Webhook }
  | { kind: 'deliveries'; webhook: Webhook }
  | null;

/**
 * The study's webhooks (decision 030): create (config.create; the signing secret shown once),
 * disable (config.update, with a reason) and each one's delivery log.
 */
export function WebhooksSection({ studyId }: { studyId: number }) {
  const { user } = useAuth();
  const canDisable = userMeets(user, { permissions: ['config.update'] });
  const [dialog, setDialog] = useState<DialogState>(null);
  const close = () => setDialog(null);
  return (
    <Stack component="section" spacing={1} aria-labelledby="webhooks-heading">
      <Typography id="webhooks-heading" variant="h5" component="h2">
        Webhooks
      </Typography>
      <DataTable<Webhook>
        resource={webhooksResource(studyId)}
        columns={columns}
        defaultSort={[{ id: 'created_at', desc: true }]}
        renderDetailPanel={webhookDetail}
        toolbarActions={
          <Can permissions={['config.create']}>
            <Button variant="contained" onClick={() => setDialog({ kind: 'add' })}>
              Create Webhook
            </Button>
          </Can>
        }
        rowActions={(webhook) => (
          <>
            <Tooltip title="Deliveries">
              <IconButton
                aria-label={`Deliveries of ${webhook.url}`}
                onClick={() => setDialog({ kind: 'deliveries', webhook })}
              >
                <ListAlt />
              </IconButton>
            </Tooltip>
            {canDisable && webhook.status === 'active' && (
              <Tooltip title="Disable">
                <IconButton
                  aria-label={`Disable ${webhook.url}`}
                  onClick={() => setDialog({ kind: 'disable', webhook })}
                >
                  <Block />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
      />
      {dialog?.kind === 'add' && (
        <WebhookFormDialog
          studyId={studyId}
          onClose={close}
          onCreated={(webhook) => setDialog({ kind: 'created', webhook })}
        />
      )}
      {dialog?.kind === 'created' && <WebhookSecretDialog webhook={dialog.webhook} onClose={close} />}
      {dialog?.kind === 'disable' && (
        <WebhookDisableDialog studyId={studyId} webhook={dialog.webhook} onClose={close} />
      )}
      {dialog?.kind === 'deliveries' && (
        <WebhookDeliveriesDialog studyId={studyId} webhook={dialog.webhook} onClose={close} />
      )}
    </Stack>
  );
}
