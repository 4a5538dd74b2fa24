import type { DataTableColumn } from './data-table.tsx';

/** The Status column of records that can be active or inactive, filterable by either. */
export function activeColumn<T extends { active: boolean }>(): DataTableColumn<T> {
  return {
    field: 'active',
    header: 'Status',
    value: (r) => r.active,
    type: 'active',
    filter: 'select',
    options: [
      { value: 'true', label: 'Active' },
      { value: 'false', label: 'Inactive' },
    ],
  };
}

/** The Created column, filterable by a date range. */
export function createdColumn<T extends { createdAt: string }>(): DataTableColumn<T> {
  return {
    field: 'created_at',
    header: 'Created',
    value: (r) => r.createdAt,
    type: 'datetime',
    filter: 'date-range',
  };
}
