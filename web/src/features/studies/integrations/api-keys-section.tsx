import { type ApiKey, type ApiKeyCreated, apiKeyScopeLabels, formatInstant } from '@dosechain/contract';
import { Block } from '@mui/icons-material';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { userMeets } from '../../../auth/access.ts';
import { useAuth } from '../../../auth/auth-context.tsx';
import { Can } from '../../../auth/can.tsx';
import { createdColumn } from '../../../components/data-table/common-columns.ts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { ApiKeyFormDialog } from './api-key-form-dialog.tsx';
import { ApiKeyRevokeDialog } from './api-key-revoke-dialog.tsx';
import { ApiKeySecretDialog } from './api-key-secret-dialog.tsx';
import { apiKeysResource } from './integrations-api.ts';
import { RowDetailPanel } from './row-detail-panel.tsx';

const statusLabels: Record<ApiKey['status'], string> = {
  active: 'Active',
  suspended: 'Suspended (its creator is inactive or may no longer create keys)',
  expired: 'Expired',
  revoked: 'Revoked',
};

const columns: DataTableColumn<ApiKey>[] = [
  { field: 'name', header: 'Name', value: (k) => k.name },
  { field: 'prefix', header: 'Key', value: (k) => k.prefix, filter: false, enableSorting: false, size: 200 },
  { field: 'site_name', header: 'Clinical Site', value: (k) => k.site.name },
  {
    field: 'scopes',
    header: 'Scopes',
    value: (k) => k.scopes.map((s) => apiKeyScopeLabels[s]).join(', '),
    filter: false,
    enableSorting: false,
  },
  {
    field: 'status',
    header: 'Status',
    value: (k) => statusLabels[k.status],
    filter: false,
    enableSorting: false,
  },
  {
    field: 'expires_at',
    header: 'Expires',
    value: (k) => k.expiresAt,
    type: 'datetime',
    filter: 'date-range',
  },
  {
    field: 'revoked_at',
    header: 'Revoked',
    value: (k) => k.revokedAt,
    type: 'datetime',
    filter: 'date-range',
  },
  createdColumn(),
];

/** The row's detail: the key's scopes and dates, and when and why it was revoked. */
const apiKeyDetail = (k: ApiKey) => (
  <RowDetailPanel
    fields={[
      ['Key', `${k.name} · ${k.prefix}`],
      ['Status', statusLabels[k.status]],
      ['Scopes', k.scopes.map((s) => apiKeyScopeLabels[s]).join(', ')],
      ['Expires', formatInstant(k.expiresAt)],
      ['Created', `${formatInstant(k.createdAt)} by ${k.createdBy}`],
      ['Revoked', formatInstant(k.revokedAt)],
      ['Reason', k.revocationReason],
    ]}
  />
);

type DialogState =
  | { kind: 'add' }
  | { kind: 'created'; key: ApiKeyCreated }
  | { kind: 'revoke'; key: ApiKey }
  | null;

/**
 * The study's integration API keys (decision 027): create (config.create; the secret shown once)
 * and revoke (config.update, with a reason).
 */
export function ApiKeysSection({ studyId }: { studyId: number }) {
  const { user } = useAuth();
  const canRevoke = userMeets(user, { permissions: ['config.update'] });
  const [dialog, setDialog] = useState<DialogState>(null);
  const close = () => setDialog(null);
  return (
    <Stack component="section" spacing={1} aria-labelledby="api-keys-heading">
      <Typography id="api-keys-heading" variant="h5" component="h2">
        API Keys
      </Typography>
      <DataTable<ApiKey>
        resource={apiKeysResource(studyId)}
        columns={columns}
        defaultSort={[{ id: 'created_at', desc: true }]}
        renderDetailPanel={apiKeyDetail}
        toolbarActions={
          <Can permissions={['config.create']}>
            <Button variant="contained" onClick={() => setDialog({ kind: 'add' })}>
              Create API Key
            </Button>
          </Can>
        }
        rowActions={
          canRevoke
            ? (key) =>
                key.status === 'active' || key.status === 'suspended' ? (
                  <Tooltip title="Revoke">
                    <IconButton aria-label="Revoke" onClick={() => setDialog({ kind: 'revoke', key })}>
                      <Block />
                    </IconButton>
                  </Tooltip>
                ) : null
            : undefined
        }
      />
      {dialog?.kind === 'add' && (
        <ApiKeyFormDialog
          studyId={studyId}
          onClose={close}
          onCreated={(key) => setDialog({ kind: 'created', key })}
        />
      )}
      {dialog?.kind === 'created' && <ApiKeySecretDialog apiKey={dialog.key} onClose={close} />}
      {dialog?.kind === 'revoke' && (
        <ApiKeyRevokeDialog studyId={studyId} apiKey={dialog.key} onClose={close} />
      )}
    </Stack>
  );
}
