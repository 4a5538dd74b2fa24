import { limits } from '@dosechain/contract';
import {
  MaterialReactTable,
  type MRT_ColumnDef,
  type MRT_Row,
  type MRT_RowData,
  useMaterialReactTable,
} from 'material-react-table';
import { useMemo } from 'react';
import { cellText, cellWidth, type DataTableColumn, wrappingHeader, wrappingText } from './data-table.tsx';
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
  /** False shows every row on one page (e.g. a report's rows and its Total row). */
  enablePagination?: boolean;
  /** Shown instead of 'No records to display' when there are no rows. */
  emptyText?: string;
  /** Rows written in bold, e.g. a report's Total row. */
  isBoldRow?: (row: T) => boolean;
  /**
   * Columns as wide as their content (at least their `size`) with 4 px padding, their text and
   * headers wrapping, as the server-side table sizes them: for a wide report that must fit its box.
   */
  contentSized?: boolean;
}

/** A content-sized table's text: 13 px, a report's many columns side by side. */
const DENSE_FONT = '0.8125rem';

/** A cell whose long words may break, so that one value cannot widen a content-sized table. */
const wrappingCell =
  <T extends MRT_RowData>(c: DataTableColumn<T>) =>
  ({ row }: { row: MRT_Row<T> }) =>
    wrappingText(cellText(c, row.original));

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
  enablePagination = true,
  emptyText = 'No records to display',
  isBoldRow,
  contentSized = false,
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
        ...(contentSized
          ? {
              Cell: wrappingCell(c),
              muiTableHeadCellProps: {
                align: c.align,
                sx: { ...wrappingHeader, ...cellWidth(c.size), fontSize: DENSE_FONT },
              },
              muiTableBodyCellProps: {
                align: c.align,
                sx: {
                  ...cellWidth(c.size),
                  whiteSpace: 'pre-line',
                  verticalAlign: 'top',
                  fontSize: DENSE_FONT,
                },
              },
            }
          : c.align
            ? { muiTableHeadCellProps: { align: c.align }, muiTableBodyCellProps: { align: c.align } }
            : {}),
      })),
    [columns, enableFiltering, contentSized],
  );
  const table = useMaterialReactTable<T>({
    columns: mrtColumns,
    data: rows,
    enableSorting: false,
    enableFilters: enableFiltering,
    enableGlobalFilter: enableFiltering,
    // The column menus hold sorting and filtering only; a content-sized table leaves them out for
    // the width (its toolbar still searches and filters).
    enableColumnActions: enableFiltering && !contentSized,
    enablePagination,
    // Without paging the bottom bar would hold nothing.
    enableBottomToolbar: enablePagination,
    initialState: {
      pagination: { pageIndex: 0, pageSize: limits.pageSizeDefault },
      columnVisibility: Object.fromEntries(
        columns.filter((c) => c.hiddenByDefault).map((c) => [c.field, false]),
      ),
    },
    state: { isLoading },
    muiPaginationProps: { rowsPerPageOptions: [...limits.pageSizeOptions] },
    // Cells may hold several lines (one per changed field).
    muiTableBodyCellProps: { sx: { whiteSpace: 'pre-line', verticalAlign: 'top' } },
    ...(isBoldRow
      ? {
          muiTableBodyRowProps: ({ row }: { row: { original: T } }) =>
            isBoldRow(row.original) ? { sx: { '& td': { fontWeight: 'bold' } } } : {},
        }
      : {}),
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
    localization: { noRecordsToDisplay: emptyText },
  });
  return <MaterialReactTable table={table} />;
}
