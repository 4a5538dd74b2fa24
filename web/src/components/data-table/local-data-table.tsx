import { limits } from '@dosechain/contract';
import {
  MaterialReactTable,
  type MRT_ColumnDef,
  type MRT_RowData,
  useMaterialReactTable,
} from 'material-react-table';
import { useMemo } from 'react';
import { cellText, type DataTableColumn } from './data-table.tsx';
import type { ExportOptions } from './export/export-menu.tsx';
import { TableToolbarActions } from './export/table-toolbar-actions.tsx';

export interface LocalDataTableProps<T extends MRT_RowData> extends ExportOptions {
  /** Every row, already loaded; stable (memoized), as MRT needs. */
  rows: T[];
  /** Stable (memoized or module-level). */
  columns: DataTableColumn<T>[];
  isLoading?: boolean;
  /** False hides the export and print menu. */
  enableExport?: boolean;
  /** False drops search and column filters (e.g. a report's fixed result). */
  enableFiltering?: boolean;
}

/**
 * A table of rows already in the browser (e.g. a record's history): paging (10; 10/20/50/100),
 * search and text filters on the shown text, the same export and print as the server-side
 * table — of the rows the search and filters leave. Rows keep the order they came in.
 */
export function LocalDataTable<T extends MRT_RowData>({
  rows,
  columns,
  isLoading = false,
  enableExport = true,
  enableFiltering = true,
  title,
  exportName,
  orientation,
  lines,
}: LocalDataTableProps<T>) {
  const mrtColumns = useMemo<MRT_ColumnDef<T>[]>(
    () =>
      columns.map((c) => ({
        id: c.field,
        header: c.header,
        accessorFn: (row) => cellText(c, row),
        enableColumnFilter: enableFiltering && c.filter !== false,
        ...(c.size ? { size: c.size } : {}),
      })),
    [columns, enableFiltering],
  );
  const table = useMaterialReactTable<T>({
    columns: mrtColumns,
    data: rows,
    enableSorting: false,
    enableFilters: enableFiltering,
    enableGlobalFilter: enableFiltering,
    // The column menus hold sorting and filtering only.
    enableColumnActions: enableFiltering,
    initialState: { pagination: { pageIndex: 0, pageSize: limits.pageSizeDefault } },
    state: { isLoading },
    muiPaginationProps: { rowsPerPageOptions: [...limits.pageSizeOptions] },
    // Cells may hold several lines (one per changed field).
    muiTableBodyCellProps: { sx: { whiteSpace: 'pre-line', verticalAlign: 'top' } },
    // Long headers ('# of Delivered (12)') wrap instead of pushing the last columns out of view.
    muiTableHeadCellProps: {
      sx: { '& .Mui-TableHeadCell-Content-Wrapper': { whiteSpace: 'normal', minWidth: 0 } },
    },
    renderToolbarInternalActions: ({ table }) => (
      <TableToolbarActions<T>
        table={table}
        columns={columns}
        tableExport={{
          enabled: enableExport,
          loadRows: async () => table.getPrePaginationRowModel().rows.map((r) => r.original),
          title,
          exportName,
          orientation,
          lines,
        }}
      />
    ),
    layoutMode: 'semantic',
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    localization: { noRecordsToDisplay: 'No records to display' },
  });
  return <MaterialReactTable table={table} />;
}
