import type { Pairing } from '@dosechain/contract';
import { Delete } from '@mui/icons-material';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { userMeets } from '../../../auth/access.ts';
import { useAuth } from '../../../auth/auth-context.tsx';
import { Can } from '../../../auth/can.tsx';
import { createdColumn } from '../../../components/data-table/common-columns.ts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { PairingDeleteDialog } from './pairing-delete-dialog.tsx';
import { PairingFormDialog } from './pairing-form-dialog.tsx';
import { pairingsResource } from './pairings-api.ts';

const columns: DataTableColumn<Pairing>[] = [
  { field: 'exam_name', header: 'Exam', value: (p) => p.exam.name },
  { field: 'drug_name', header: 'Drug', value: (p) => p.exam.drug.name },
  { field: 'site_name', header: 'Clinical Site', value: (p) => p.site.name },
  { field: 'cmo_name', header: 'CMO', value: (p) => p.cmo.name },
  createdColumn(),
];

type DialogState = { kind: 'add' } | { kind: 'delete'; pairing: Pairing } | null;

/** The study's pairings: which CMO makes each exam's dose for a site; add (config.create) and delete (config.update). */
export function PairingsSection({ studyId }: { studyId: number }) {
  const { user } = useAuth();
  const canDelete = userMeets(user, { permissions: ['config.update'] });
  const [dialog, setDialog] = useState<DialogState>(null);
  const close = () => setDialog(null);
  return (
    <Stack component="section" spacing={1} aria-labelledby="pairings-heading">
      <Typography id="pairings-heading" variant="h5" component="h2">
        Pairings
      </Typography>
      <DataTable<Pairing>
        resource={pairingsResource(studyId)}
        columns={columns}
        defaultSort={[{ id: 'created_at', desc: true }]}
        toolbarActions={
          <Can permissions={['config.create']}>
            <Button variant="contained" onClick={() => setDialog({ kind: 'add' })}>
              Add Pairing
            </Button>
          </Can>
        }
        rowActions={
          canDelete
            ? (pairing) => (
                <Tooltip title="Delete">
                  <IconButton aria-label="Delete" onClick={() => setDialog({ kind: 'delete', pairing })}>
                    <Delete />
                  </IconButton>
                </Tooltip>
              )
            : undefined
        }
      />
      {dialog?.kind === 'add' && <PairingFormDialog studyId={studyId} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <PairingDeleteDialog studyId={studyId} pairing={dialog.pairing} onClose={close} />
      )}
    </Stack>
  );
}
