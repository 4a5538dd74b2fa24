import { roleDescription, type User } from '@dosechain/contract';
import { activeColumn } from '../data-table/common-columns.ts';
import type { DataTableColumn } from '../data-table/data-table.tsx';

const lockedOptions = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export const usernameColumn: DataTableColumn<User> = {
  field: 'username',
  header: 'Username',
  value: (u) => u.username,
};
export const fullNameColumn: DataTableColumn<User> = {
  field: 'full_name',
  header: 'Full name',
  value: (u) => u.fullName,
};
export const emailColumn: DataTableColumn<User> = { field: 'email', header: 'Email', value: (u) => u.email };
export const lockedColumn: DataTableColumn<User> = {
  field: 'locked_out',
  header: 'Locked',
  value: (u) => u.lockedOut,
  type: 'boolean',
  filter: 'select',
  options: lockedOptions,
};

/** The User Management › Users table. */
export const userColumns: DataTableColumn<User>[] = [
  usernameColumn,
  fullNameColumn,
  emailColumn,
  {
    field: 'roles',
    header: 'Roles',
    value: (u) => u.roles.map(roleDescription),
    type: 'list',
    enableSorting: false,
    filter: false,
  },
  {
    field: 'groups',
    header: 'Groups',
    value: (u) => u.groups,
    type: 'list',
    enableSorting: false,
    filter: false,
  },
  activeColumn(),
  lockedColumn,
];
