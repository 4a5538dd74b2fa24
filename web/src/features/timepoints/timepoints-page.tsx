import type { Timepoint } from '@dosechain/contract';
import { Edit } from '@mui/icons-material';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Can } from '../../auth/can.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { TIMEPOINTS, TimepointFormDialog } from './timepoint-form-dialog.tsx';

type DialogState = { timepoint?: Timepoint } | null;

export default function TimepointsPage() {
  const [dialog, setDialog] = useState<DialogState>(null);
  const columns = useMemo<DataTableColumn<Timepoint>[]>(
    () => [
      { field: 'name', header: 'Name', value: (tp) => tp.name },
      {
        field: 'created_at',
        header: 'Created',
        value: (tp) => tp.createdAt,
        type: 'datetime',
        filter: 'date-range',
      },
    ],
    [],
  );
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Timepoints
      </Typography>
      <DataTable<Timepoint>
        resource={TIMEPOINTS}
        columns={columns}
        defaultSort={[{ id: 'created_at', desc: true }]}
        toolbarActions={
          <Can permissions={['config.create']}>
            <Button variant="contained" onClick={() => setDialog({})}>
              Add Timepoint
            </Button>
          </Can>
        }
        rowActions={(tp) => (
          <Can permissions={['config.update']}>
            <Tooltip title="Edit">
              <IconButton aria-label="Edit" onClick={() => setDialog({ timepoint: tp })}>
                <Edit />
              </IconButton>
            </Tooltip>
          </Can>
        )}
      />
      {dialog && <TimepointFormDialog timepoint={dialog.timepoint} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
