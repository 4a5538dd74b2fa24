import {
  type MRT_RowData,
  MRT_ShowHideColumnsButton,
  type MRT_TableInstance,
  MRT_ToggleFiltersButton,
  MRT_ToggleGlobalFilterButton,
} from 'material-react-table';
import type { DataTableColumn } from '../data-table.tsx';
import { ExportMenu, type ExportOptions, type ExtraExport } from './export-menu.tsx';

export interface TableExport<T> extends ExportOptions {
  /** False hides the export menu. */
  enabled?: boolean;
  /** Every row the export writes (the filtered set, not only the page). */
  loadRows: () => Promise<T[]>;
  /** More exports of the same rows (CSV and XLSX). */
  extraExports?: ExtraExport<T>[];
}

/**
 * The columns an export writes, in the table's order: those the user has chosen to see (MRT column
 * visibility) and those exported even while hidden (`alwaysExported`; `'data'`: marked `dataOnly`,
 * for the CSV and XLSX only).
 */
export function chosenColumns<T extends MRT_RowData>(
  table: MRT_TableInstance<T>,
  columns: DataTableColumn<T>[],
): DataTableColumn<T>[] {
  const byField = new Map(columns.map((c) => [c.field, c]));
  return table
    .getAllLeafColumns()
    .map((c) => ({ shown: c.getIsVisible(), column: byField.get(c.id) }))
    .filter(({ shown, column }) => column !== undefined && (shown || column.alwaysExported !== undefined))
    .filter(({ shown, column }) => shown || column!.alwaysExported !== false)
    .map(({ shown, column }) =>
      !shown && column!.alwaysExported === 'data'
        ? { ...(column as DataTableColumn<T>), dataOnly: true }
        : (column as DataTableColumn<T>),
    );
}

/** MRT's own toolbar buttons (search, filters, columns) followed by the export menu. */
export function TableToolbarActions<T extends MRT_RowData>({
  table,
  columns,
  tableExport,
}: {
  table: MRT_TableInstance<T>;
  columns: DataTableColumn<T>[];
  tableExport: TableExport<T>;
}) {
  const { enabled = true, loadRows, ...options } = tableExport;
  return (
    <>
      {table.options.enableGlobalFilter !== false && <MRT_ToggleGlobalFilterButton table={table} />}
      {table.options.enableFilters !== false && <MRT_ToggleFiltersButton table={table} />}
      <MRT_ShowHideColumnsButton table={table} />
      {enabled && <ExportMenu<T> columns={chosenColumns(table, columns)} loadRows={loadRows} {...options} />}
    </>
  );
}
