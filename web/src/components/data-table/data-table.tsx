import { type AccessRequirement, type FilterCondition, type ListResponse, limits } from '@dosechain/contract';
import { Box, type SxProps, type Theme } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MaterialReactTable,
  type MRT_ColumnDef,
  type MRT_ColumnFiltersState,
  type MRT_PaginationState,
  type MRT_Row,
  type MRT_RowSelectionState,
  type MRT_SortingState,
  type MRT_Updater,
  useMaterialReactTable,
} from 'material-react-table';
import { type ReactNode, useMemo, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { userMeets } from '../../auth/access.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { fetchAllRows } from './export/export-data.ts';
import type { ExportOptions } from './export/export-menu.tsx';
import { TableToolbarActions } from './export/table-toolbar-actions.tsx';
import { type ColumnType, formatCell } from './format.ts';
import { type ColumnFilterKind, toListParams } from './list-params.ts';
import { listQuery } from './list-query.ts';

export interface DataTableColumn<T> {
  /** The API's list field (snake_case): what sorting and filtering send. */
  field: string;
  header: string;
  value: (row: T) => unknown;
  type?: ColumnType;
  /**
   * What the cell shows, when not the type's formatting of `value` (e.g. an instant on the
   * imaging center's clock). Exports of a date or datetime column still write `value` in UTC.
   */
  text?: (row: T) => string;
  /** How the column filters; false for none. */
  filter?: ColumnFilterKind | false;
  options?: { value: string; label: string }[];
  enableSorting?: boolean;
  /** Hidden unless the user meets this. */
  requirement?: AccessRequirement;
  /** The column's width in pixels, for narrow columns; the table's default otherwise. */
  size?: number;
  /** Left out until the user shows it with the column chooser (wide tables). */
  hiddenByDefault?: boolean;
  /** False drops the header's column menu (its filter stays in the filter row), to save width. */
  columnMenu?: false;
}

export interface DataTableProps<T extends { id: number }> extends ExportOptions {
  /** The list endpoint, e.g. `/cmos`. */
  resource: string;
  columns: DataTableColumn<T>[];
  defaultSort?: MRT_SortingState;
  rowActions?: (row: T) => ReactNode;
  toolbarActions?: ReactNode;
  renderDetailPanel?: (row: T) => ReactNode;
  /** False hides the export and print menu. */
  enableExport?: boolean;
  /** Conditions always applied (stable reference), e.g. `[{field: 'company_id', op: 'eq', value: 3}]`. */
  baseFilter?: readonly FilterCondition[];
  /** Shown instead of 'No records to display' when the list is empty. */
  emptyText?: string;
  /** Row checkboxes: which rows may be picked, the picked rows (kept across pages) and their change. */
  selection?: RowSelection<T>;
}

export interface RowSelection<T> {
  canSelect: (row: T) => boolean;
  selected: readonly T[];
  onChange: (rows: T[]) => void;
}

/** What a cell shows: the column's own text, else its value formatted by its type. */
export const cellText = <T,>(column: DataTableColumn<T>, row: T): string =>
  column.text ? column.text(row) : formatCell(column.type ?? 'text', column.value(row));

const filterVariant = (kind: ColumnFilterKind | false | undefined) =>
  kind === 'select' ? 'multi-select' : kind === 'date-range' ? 'date-range' : 'text';

/**
 * The shared server-side table: paging (10; 10/20/50/100), multi-sort, column filters and
 * global search become the API's list query. A list that fails to load shows empty.
 */
const solidPinnedCell: SxProps<Theme> = (theme) => ({
  opacity: 1,
  '&[data-pinned="true"]::before': { backgroundColor: theme.palette.background.default },
});

export function DataTable<T extends { id: number }>({
  resource,
  columns,
  defaultSort = [],
  rowActions,
  toolbarActions,
  renderDetailPanel,
  enableExport = true,
  baseFilter,
  emptyText = 'No records to display',
  title,
  exportName,
  orientation,
  selection,
}: DataTableProps<T>) {
  const api = useApi();
  const { user } = useAuth();
  const [pagination, setPagination] = useState<MRT_PaginationState>({
    pageIndex: 0,
    pageSize: limits.pageSizeDefault,
  });
  const [sorting, setSorting] = useState<MRT_SortingState>(defaultSort);
  const [columnFilters, setColumnFilters] = useState<MRT_ColumnFiltersState>([]);
  const [globalFilter, setGlobalFilter] = useState('');
  const debouncedFilters = useDebouncedValue(columnFilters, limits.tableFilterDebounceMs);
  const debouncedSearch = useDebouncedValue(globalFilter, limits.lookupDebounceMs);

  const visibleColumns = useMemo(
    () => columns.filter((c) => userMeets(user, c.requirement)),
    [columns, user],
  );
  const filterKinds = useMemo(
    () =>
      Object.fromEntries(
        visibleColumns.map((c) => [c.field, c.filter === false ? 'exact' : (c.filter ?? 'text')]),
      ),
    [visibleColumns],
  ) as Record<string, ColumnFilterKind>;

  const params = toListParams(
    { ...pagination, sorting, columnFilters: debouncedFilters, globalFilter: debouncedSearch },
    filterKinds,
    baseFilter,
  );
  const query = useQuery({ ...listQuery<T>(api, resource, params), placeholderData: keepPreviousData });
  // An export holds every row matching the table's filters, search and sort, read page by page.
  const { page: _page, size: _size, ...filterParams } = params;
  const loadAllRows = () =>
    fetchAllRows((page, size) =>
      api<ListResponse<T>>('GET', resource, { query: { ...filterParams, page, size } }),
    );
  // Table list-load errors are silently ignored and show an empty table (spec section 8).
  const data = useMemo(() => (query.isError ? [] : (query.data?.items ?? [])), [query.isError, query.data]);

  const mrtColumns = useMemo<MRT_ColumnDef<T>[]>(
    () =>
      visibleColumns.map((c) => ({
        id: c.field,
        header: c.header,
        // Sorting and filtering happen on the server, so the cell can hold the display text.
        accessorFn: (row) => cellText(c, row),
        enableSorting: c.enableSorting ?? true,
        // Sorting by the active column is inverted: active first.
        invertSorting: c.type === 'active',
        enableColumnFilter: c.filter !== false,
        filterVariant: filterVariant(c.filter),
        filterSelectOptions: c.options,
        ...(c.size ? { size: c.size, minSize: c.size } : {}),
        enableColumnActions: c.columnMenu !== false,
      })),
    [visibleColumns],
  );

  const rowSelection = useMemo<MRT_RowSelectionState>(
    () => Object.fromEntries((selection?.selected ?? []).map((r) => [String(r.id), true])),
    [selection?.selected],
  );
  // The picked rows as records: those of other pages stay as they were picked.
  const onRowSelectionChange = (updater: MRT_Updater<MRT_RowSelectionState>) => {
    if (!selection) return;
    const next = typeof updater === 'function' ? updater(rowSelection) : updater;
    const known = new Map<string, T>([...selection.selected, ...data].map((r) => [String(r.id), r]));
    selection.onChange(
      Object.keys(next)
        .filter((id) => next[id])
        .flatMap((id) => known.get(id) ?? []),
    );
  };

  const table = useMaterialReactTable<T>({
    columns: mrtColumns,
    data,
    getRowId: (row) => String(row.id),
    initialState: {
      // A wide table scrolls sideways; its actions stay in view on the right.
      columnPinning: { right: ['mrt-row-actions'] },
      columnVisibility: Object.fromEntries(
        visibleColumns.filter((c) => c.hiddenByDefault).map((c) => [c.field, false]),
      ),
    },
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: true,
    rowCount: query.isError ? 0 : (query.data?.total ?? 0),
    state: {
      pagination,
      sorting,
      columnFilters,
      globalFilter,
      isLoading: query.isLoading,
      showProgressBars: query.isFetching,
      ...(selection ? { rowSelection } : {}),
    },
    enableRowSelection: selection ? (row: MRT_Row<T>) => selection.canSelect(row.original) : false,
    selectAllMode: 'page',
    onRowSelectionChange,
    onPaginationChange: setPagination,
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    onGlobalFilterChange: (v: string | undefined) => setGlobalFilter(v ?? ''),
    muiPaginationProps: { rowsPerPageOptions: [...limits.pageSizeOptions] },
    enableRowActions: Boolean(rowActions),
    positionActionsColumn: 'last',
    renderRowActions: rowActions
      ? ({ row }: { row: MRT_Row<T> }) => <Box sx={{ display: 'flex' }}>{rowActions(row.original)}</Box>
      : undefined,
    renderTopToolbarCustomActions: toolbarActions
      ? () => <Box sx={{ display: 'flex', gap: 1 }}>{toolbarActions}</Box>
      : undefined,
    renderDetailPanel: renderDetailPanel ? ({ row }) => renderDetailPanel(row.original) : undefined,
    renderToolbarInternalActions: ({ table }) => (
      <TableToolbarActions<T>
        table={table}
        columns={visibleColumns}
        tableExport={{ enabled: enableExport, loadRows: loadAllRows, title, exportName, orientation }}
      />
    ),
    // The pinned actions column is solid: the library's 97 % opacity lets the scrolled columns
    // show through it.
    muiTableHeadCellProps: { sx: solidPinnedCell },
    muiTableBodyCellProps: { sx: solidPinnedCell },
    // Columns size to their content, so the actions column stays in view.
    layoutMode: 'semantic',
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    localization: { noRecordsToDisplay: emptyText },
  });

  // The date-range filters are date pickers: they need the app's date library (Luxon).
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon}>
      <MaterialReactTable table={table} />
    </LocalizationProvider>
  );
}
