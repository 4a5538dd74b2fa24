import type { Drug } from '@dosechain/contract';
import { Block, CheckCircle, Edit } from '@mui/icons-material';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { useApi } from '../../api/api-context.tsx';
import { Can } from '../../auth/can.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { ActiveToggleDialog, type ToggleMeta } from '../../components/form/active-toggle-dialog.tsx';
import { DRUGS, DrugFormDialog } from './drug-form-dialog.tsx';

type DialogState = { kind: 'form'; drug?: Drug } | { kind: 'toggle'; drug: Drug } | null;

export default function DrugsPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogState>(null);
  const columns = useMemo<DataTableColumn<Drug>[]>(
    () => [
      { field: 'name', header: 'Name', value: (d) => d.name },
      { field: 'other_name', header: 'Other name', value: (d) => d.otherName },
      {
        field: 'active',
        header: 'Status',
        value: (d) => d.active,
        type: 'active',
        filter: 'select',
        options: [
          { value: 'true', label: 'Active' },
          { value: 'false', label: 'Inactive' },
        ],
        enableSorting: true,
      },
      {
        field: 'created_at',
        header: 'Created',
        value: (d) => d.createdAt,
        type: 'datetime',
        filter: 'date-range',
      },
    ],
    [],
  );

  const toggle = async (drug: Drug, meta: ToggleMeta) => {
    await api<Drug>('PUT', `${DRUGS}/${drug.id}`, { body: { active: !drug.active, ...meta } });
    toast.success(`Drug ${drug.name} ${drug.active ? 'inactivated' : 'activated'}`);
    await queryClient.invalidateQueries({ queryKey: ['list', DRUGS] });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Drugs
      </Typography>
      <DataTable<Drug>
        resource={DRUGS}
        columns={columns}
        defaultSort={[{ id: 'created_at', desc: true }]}
        toolbarActions={
          <Can permissions={['config.create']}>
            <Button variant="contained" onClick={() => setDialog({ kind: 'form' })}>
              Add Drug
            </Button>
          </Can>
        }
        rowActions={(d) => (
          <Can permissions={['config.update']}>
            <Tooltip title="Edit">
              <IconButton aria-label="Edit" onClick={() => setDialog({ kind: 'form', drug: d })}>
                <Edit />
              </IconButton>
            </Tooltip>
            <Tooltip title={d.active ? 'Inactivate' : 'Activate'}>
              <IconButton
                aria-label={d.active ? 'Inactivate' : 'Activate'}
                onClick={() => setDialog({ kind: 'toggle', drug: d })}
              >
                {d.active ? <Block /> : <CheckCircle />}
              </IconButton>
            </Tooltip>
          </Can>
        )}
      />
      {dialog?.kind === 'form' && <DrugFormDialog drug={dialog.drug} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'toggle' && (
        <ActiveToggleDialog
          entity="Drug"
          name={dialog.drug.name}
          activate={!dialog.drug.active}
          onConfirm={(meta) => toggle(dialog.drug, meta)}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
