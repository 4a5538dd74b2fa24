import type { PermissionArea } from '@dosechain/contract';
import { Block, CheckCircle, Edit } from '@mui/icons-material';
import { Button, IconButton, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useApi } from '../api/api-context.tsx';
import { updateRecordCall } from '../api/list-call.ts';
import { queryKeys } from '../api/query-keys.ts';
import { Can } from '../auth/can.tsx';
import { DataTable, type DataTableColumn } from './data-table/data-table.tsx';
import { ActiveToggleDialog, type ToggleMeta } from './form/active-toggle-dialog.tsx';

/** The permission areas a list page can be governed by (spec section 6). */
export type ConfigPermissionArea = Extract<
  PermissionArea,
  'config' | 'cmoManufactureAvailability' | 'userManagement'
>;

/** A configuration resource's list screen, described as data (react-admin's resource descriptor). */
export interface ConfigListPageProps<T extends { id: number; active?: boolean }> {
  /** The page title, e.g. 'Drugs'. */
  title: string;
  /** The singular, e.g. 'Drug': 'Add Drug', 'Inactivate Drug'. */
  entity: string;
  /** The API resource, e.g. `/drugs`. */
  resource: string;
  /** Stable (memoized or module-level): the table re-renders on every new array. */
  columns: DataTableColumn<T>[];
  /** The add (no record) or edit dialog. */
  renderForm: (record: T | undefined, close: () => void) => ReactNode;
  /** Records that can be active or inactive get Activate / Inactivate. */
  toggleable?: boolean;
  /** The text of a failed toggle the server does not explain. */
  toggleFailure?: string;
  /** Row actions before Edit, e.g. View. */
  rowActions?: (record: T) => ReactNode;
  /** Whose create/update permissions govern Add, Edit and the toggle; `config` by default. */
  permissionArea?: ConfigPermissionArea;
  /** How the toggle dialog names a record; its `name` by default. */
  recordName?: (record: T) => string;
  /** The toast of a toggle that went through; '<entity> <name> activated/inactivated' by default. */
  toggleSuccess?: string;
  defaultSort?: { id: string; desc: boolean }[];
}

const nameOf = (record: { id: number }) =>
  'name' in record && typeof record.name === 'string' ? record.name : `#${record.id}`;
const newestFirst = [{ id: 'created_at', desc: true }];

type DialogState<T> = { kind: 'form'; record?: T } | { kind: 'toggle'; record: T } | null;

/**
 * Title, the server-side table (newest first), Add for config.create, Edit and the
 * active/inactive toggle for config.update (or the `permissionArea`'s create and update).
 */
export function ConfigListPage<T extends { id: number; active?: boolean }>({
  title,
  entity,
  resource,
  columns,
  renderForm,
  toggleable = false,
  toggleFailure,
  rowActions,
  permissionArea = 'config',
  recordName = nameOf,
  toggleSuccess,
  defaultSort = newestFirst,
}: ConfigListPageProps<T>) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogState<T>>(null);
  const close = () => setDialog(null);

  const toggle = async (record: T, meta: ToggleMeta) => {
    await updateRecordCall(api, resource, record.id, { active: !record.active, ...meta });
    await queryClient.invalidateQueries({ queryKey: queryKeys.lists(resource) });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <DataTable<T>
        title={title}
        resource={resource}
        columns={columns}
        defaultSort={defaultSort}
        toolbarActions={
          <Can permissions={[`${permissionArea}.create`]}>
            <Button variant="contained" onClick={() => setDialog({ kind: 'form' })}>
              {`Add ${entity}`}
            </Button>
          </Can>
        }
        rowActions={(record) => (
          <>
            {rowActions?.(record)}
            <Can permissions={[`${permissionArea}.update`]}>
              {/* The grid's one tooltip names them (data-hint): a MUI Tooltip per row button
                  rendered twice per row in the list's first commit. */}
              <IconButton
                aria-label="Edit"
                data-hint="Edit"
                onClick={() => setDialog({ kind: 'form', record })}
              >
                <Edit />
              </IconButton>
              {toggleable && (
                <IconButton
                  aria-label={record.active ? 'Inactivate' : 'Activate'}
                  data-hint={record.active ? 'Inactivate' : 'Activate'}
                  onClick={() => setDialog({ kind: 'toggle', record })}
                >
                  {record.active ? <Block /> : <CheckCircle />}
                </IconButton>
              )}
            </Can>
          </>
        )}
      />
      {dialog?.kind === 'form' && renderForm(dialog.record, close)}
      {dialog?.kind === 'toggle' && (
        <ActiveToggleDialog
          entity={entity}
          name={recordName(dialog.record)}
          activate={!dialog.record.active}
          onConfirm={(meta) => toggle(dialog.record, meta)}
          onClose={close}
          failure={toggleFailure}
          success={toggleSuccess}
        />
      )}
    </Stack>
  );
}
