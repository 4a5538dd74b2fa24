import type { Company } from '@dosechain/contract';
import { Edit, Visibility } from '@mui/icons-material';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Can } from '../../auth/can.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { CompanyFormDialog } from './company-form-dialog.tsx';
import type { CompanyKind } from './company-kinds.ts';

type Dialog = { mode: 'add' } | { mode: 'edit'; id: number } | null;

/** The list page of one company kind: its table, add and edit dialog, and the way to its detail page. */
export function CompaniesPage({ kind }: { kind: CompanyKind }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const columns = useMemo<DataTableColumn<Company>[]>(
    () => [
      { field: 'name', header: 'Name', value: (c) => c.name },
      { field: 'phone_number', header: 'Phone', value: (c) => c.phoneNumber },
      { field: 'timezone', header: 'Time zone', value: (c) => c.timezone },
      { field: 'city', header: 'City', value: (c) => c.address?.city },
      { field: 'country', header: 'Country', value: (c) => c.address?.country },
      {
        field: 'created_at',
        header: 'Created',
        value: (c) => c.createdAt,
        type: 'datetime',
        filter: 'date-range',
      },
    ],
    [],
  );
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {kind.title}
      </Typography>
      <DataTable<Company>
        resource={kind.api}
        columns={columns}
        defaultSort={[{ id: 'created_at', desc: true }]}
        toolbarActions={
          <Can permissions={['config.create']}>
            <Button variant="contained" onClick={() => setDialog({ mode: 'add' })}>
              {`Add ${kind.label}`}
            </Button>
          </Can>
        }
        rowActions={(c) => (
          <>
            <Tooltip title="View">
              <IconButton aria-label="View" onClick={() => navigate(`${kind.route}/${c.id}`)}>
                <Visibility />
              </IconButton>
            </Tooltip>
            <Can permissions={['config.update']}>
              <Tooltip title="Edit">
                <IconButton aria-label="Edit" onClick={() => setDialog({ mode: 'edit', id: c.id })}>
                  <Edit />
                </IconButton>
              </Tooltip>
            </Can>
          </>
        )}
      />
      {dialog && (
        <CompanyFormDialog
          kind={kind}
          id={dialog.mode === 'edit' ? dialog.id : undefined}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
