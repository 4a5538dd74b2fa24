import { type Group, readablePermissions } from '@dosechain/contract';
import { ConfigListPage } from '../../components/config-list-page.tsx';
import { activeColumn, createdColumn } from '../../components/data-table/common-columns.ts';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';
import { GROUPS, GroupFormDialog } from './group-form-dialog.tsx';

const columns: DataTableColumn<Group>[] = [
  { field: 'name', header: 'Name', value: (g) => g.name },
  {
    field: 'users',
    header: 'Users',
    value: (g) => g.users.map((u) => u.username),
    type: 'list',
    enableSorting: false,
    filter: false,
  },
  {
    field: 'permissions',
    header: 'Permissions',
    value: (g) => readablePermissions(g.permissions).join('; '),
    enableSorting: false,
    filter: false,
  },
  activeColumn(),
  createdColumn(),
];

/** User Management › Groups: list, add, edit, activate / inactivate. */
export default function GroupsPage() {
  return (
    <ConfigListPage<Group>
      title="Groups"
      entity="Group"
      resource={GROUPS}
      columns={columns}
      permissionArea="userManagement"
      defaultSort={[{ id: 'name', desc: false }]}
      toggleable
      renderForm={(group, close) => <GroupFormDialog group={group} onClose={close} />}
    />
  );
}
