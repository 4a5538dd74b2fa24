import type { AuditEntityType } from '@dosechain/contract';
import { History } from '@mui/icons-material';
import { IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { userMeets } from '../../auth/access.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { AuditChainStatus } from './audit-chain-status.tsx';
import { type AuditEntity, type AuditRecord, auditEntities } from './audit-entities.ts';
import { AuditHistoryDialog } from './audit-history-dialog.tsx';
import { DownloadCheckpointButton } from './download-checkpoint-button.tsx';

/**
 * Audit trail: choose an entity type (each shown only with its read permission), then a
 * record's View Audit Trail opens its history.
 */
export default function AuditTrailPage() {
  const { user } = useAuth();
  const choices = useMemo(() => auditEntities.filter((e) => userMeets(user, e.requirement)), [user]);
  const [entityType, setEntityType] = useState<AuditEntityType | ''>('');
  const [viewing, setViewing] = useState<{ entity: AuditEntity; record: AuditRecord } | null>(null);
  const entity = choices.find((e) => e.entityType === entityType);

  const viewAction = useMemo(
    () =>
      entity
        ? (record: AuditRecord) => (
            // Named by the grid's one tooltip (data-hint), not a MUI Tooltip per row.
            <IconButton
              aria-label="View Audit Trail"
              data-hint="View Audit Trail"
              onClick={() => setViewing({ entity, record })}
            >
              <History />
            </IconButton>
          )
        : undefined,
    [entity],
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          Audit trail
        </Typography>
        <DownloadCheckpointButton />
      </Stack>
      <AuditChainStatus />
      <TextField
        select
        label="Entity type"
        value={entityType}
        onChange={(e) => setEntityType(e.target.value as AuditEntityType)}
        sx={{ maxWidth: 320 }}
        disabled={choices.length === 0}
      >
        {choices.map((e) => (
          <MenuItem key={e.entityType} value={e.entityType}>
            {e.label}
          </MenuItem>
        ))}
      </TextField>
      {entity ? (
        <DataTable<AuditRecord>
          // A new entity type starts with a fresh table: its own columns, paging and filters.
          key={entity.entityType}
          title={entity.label}
          resource={entity.resource}
          columns={entity.columns}
          defaultSort={[{ id: 'created_at', desc: true }]}
          rowActions={viewAction}
        />
      ) : (
        <Typography color="text.secondary">Choose an entity type to see its records.</Typography>
      )}
      {viewing && (
        <AuditHistoryDialog
          entity={viewing.entity}
          record={viewing.record}
          onClose={() => setViewing(null)}
        />
      )}
    </Stack>
  );
}
