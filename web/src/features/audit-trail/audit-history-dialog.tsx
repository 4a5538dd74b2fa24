import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useMemo } from 'react';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';
import { LocalDataTable } from '../../components/data-table/local-data-table.tsx';
import type { AuditEntity, AuditRecord } from './audit-entities.ts';
import { useChangeset } from './audit-trail-api.ts';
import { describeChanges, eventLabels, issuedAtText, issuedByText, signatureText } from './changes.ts';

interface HistoryRow {
  id: number;
  event: string;
  changes: string;
  issuedAt: string;
  issuedBy: string;
  reason: string | null;
  signature: string;
}

const columns: DataTableColumn<HistoryRow>[] = [
  { field: 'event', header: 'Event', value: (r) => r.event },
  { field: 'changes', header: 'Changes', value: (r) => r.changes },
  // Shown in UTC with the zone named; exported in UTC in the spec's format.
  {
    field: 'issued_at',
    header: 'Issued at',
    value: (r) => r.issuedAt,
    type: 'datetime',
    text: (r) => issuedAtText(r.issuedAt),
    filter: false,
  },
  { field: 'issued_by', header: 'Issued by', value: (r) => r.issuedBy },
  { field: 'reason', header: 'Reason', value: (r) => r.reason },
  { field: 'signature', header: 'Signature', value: (r) => r.signature },
];

/** One record's history (oldest first): what changed, when, by whom and why; exportable and printable. */
export function AuditHistoryDialog({
  entity,
  record,
  onClose,
}: {
  entity: AuditEntity;
  record: AuditRecord;
  onClose: () => void;
}) {
  const query = useChangeset(entity.entityType, record.id);
  // As every table: a history that fails to load shows empty (spec section 8).
  const rows = useMemo<HistoryRow[]>(
    () =>
      (query.isError ? [] : (query.data ?? [])).map((entry, i) => ({
        id: i + 1,
        event: eventLabels[entry.eventType],
        changes: describeChanges(entry, entity.fieldLabels),
        issuedAt: entry.issuedAt,
        issuedBy: issuedByText(entry.issuedBy),
        reason: entry.reason,
        signature: signatureText(entry),
      })),
    [query.isError, query.data, entity.fieldLabels],
  );
  const title = `Audit Trail - ${entity.label} - ${entity.recordName(record)}`;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="audit-history-title">
      <DialogTitle id="audit-history-title">{title}</DialogTitle>
      <DialogContent>
        <LocalDataTable<HistoryRow> rows={rows} columns={columns} isLoading={query.isLoading} title={title} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
