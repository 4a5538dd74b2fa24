import {
  type AccessRequirement,
  type FilterCondition,
  formatInstant,
  instantParts,
  limits,
} from '@dosechain/contract';
import { Box } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
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
import { getListPage } from '../../api/list-call.ts';
import { userMeets } from '../../auth/access.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { DataTablePaper } from './data-table-paper.tsx';
import { expandCell } from './expand-button.tsx';
import { type ExportPart, fetchAllRows } from './export/export-data.ts';
import type { ExportOptions, ExtraExport } from './export/export-menu.tsx';
import { TableToolbarActions } from './export/table-toolbar-actions.tsx';
import { dateRangeFilterCell, filterFieldProps } from './filter-fields.ts';
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
   * What the cell shows, when not the type's formatting of `value`. Exports of a date or
   * datetime column still write `value` in UTC.
   */
  text?: (row: T) => string;
  /**
   * A datetime column's clock (an IANA zone), e.g. the order's imaging center's; UTC when not
   * given. The cell names the zone either way.
   */
  zone?: (row: T) => string;
  /** How the column filters; false for none. */
  filter?: ColumnFilterKind | false;
  options?: { value: string; label: string }[];
  enableSorting?: boolean;
  /** Hidden unless the user meets this. */
  requirement?: AccessRequirement;
  /**
   * The column's least width in pixels; by default a column is as wide as its content needs,
   * its text and header wrapping when the table would otherwise be wider than its box.
   */
  size?: number;
  /** Left out until the user shows it with the column chooser (wide tables). */
  hiddenByDefault?: boolean;
  /**
   * Written by exports even while hidden: a fact the grid keeps out of view only to fit. `'data'`:
   * by the CSV and XLSX only while hidden (a PDF page has no room for every column; shown, the
   * column goes to every format).
   */
  alwaysExported?: boolean | 'data';
  /** The columns exports write in this one's place (e.g. a status and its lateness apart). */
  exportAs?: ExportPart<T>[];
  /** False drops the header's column menu (its filter stays in the filter row), to save width. */
  columnMenu?: false;
  /** `right` for figures, so that their digits line up (header and cells). */
  align?: 'right';
}

export interface DataTableProps<T extends { id: number }> extends ExportOptions {
  /** The list endpoint, e.g. `/cmos` (one of the contract's list routes). */
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
  /** More exports of the filtered rows, in shapes of their own (CSV and XLSX). */
  extraExports?: ExtraExport<T>[];
}

export interface RowSelection<T> {
  canSelect: (row: T) => boolean;
  selected: readonly T[];
  onChange: (rows: T[]) => void;
}

/** What a cell shows: the column's own text, else its value formatted by its type. */
export function cellText<T>(column: DataTableColumn<T>, row: T): string {
  if (column.text) return column.text(row);
  if (column.type === 'datetime' && column.zone) {
    const value = column.value(row);
    return value ? formatInstant(String(value), column.zone(row)) : '';
  }
  return formatCell(column.type ?? 'text', column.value(row));
}

/**
 * A datetime cell, compact: the date over the time and its zone (`Nov 24, 2026` / `06:00 CST`),
 * so that a grid of several instants fits its box.
 */
function instantCell(iso: unknown, zone: string): ReactNode {
  const parts = instantParts(iso ? String(iso) : null, zone);
  if (!parts) return null;
  return (
    <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ display: 'block' }}>
        {parts.date}
      </Box>{' '}
      <Box component="span" sx={{ display: 'block' }}>
        {`${parts.time} ${parts.zone}`}
      </Box>
    </Box>
  );
}

/** How a datetime column's cells render: compact, on the column's clock (UTC by default). */
const datetimeCell =
  <T extends { id: number }>(c: DataTableColumn<T>) =>
  ({ row }: { row: MRT_Row<T> }) =>
    instantCell(c.value(row.original), c.zone?.(row.original) ?? 'UTC');

/**
 * Cells as wide as their content, not the library's 180 px default: text and headers wrap so
 * that the table fits its box; padding is 4 px a side for the same reason (a date range's filters
 * and four row actions at 1280 px).
 */
export const cellWidth = (size: number | undefined) => ({
  minWidth: size ? `${size}px` : 0,
  width: 'auto',
  px: 0.5,
});

/** Words longer than this get break opportunities, so that one long value cannot widen the table. */
const LONG_WORD = 16;

/**
 * A text cell: words wrap between each other; a word longer than LONG_WORD (a subject typed as
 * one token) may also break inside, every LONG_WORD / 2 characters, rather than widen the table.
 * The cell's text stays the same for reading, copying and tests.
 */
export function wrappingText(text: string): ReactNode {
  if (!text.split(/\s+/).some((w) => w.length > LONG_WORD)) return text;
  const step = LONG_WORD / 2;
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const word of text.split(/(\s+)/)) {
    if (word.length <= LONG_WORD) pieces.push(word);
    else
      for (let i = 0; i < word.length; i += step) {
        // Keyed by the break's place in the text, which is what it is.
        if (i > 0) pieces.push(<wbr key={at + i} />);
        pieces.push(word.slice(i, i + step));
      }
    at += word.length;
  }
  return pieces;
}

const filterVariant = (kind: ColumnFilterKind | false | undefined) =>
  kind === 'select' ? 'multi-select' : kind === 'date-range' ? 'date-range' : 'text';

/** The actions and expand columns: as narrow as their buttons. */
const displayCell = { minWidth: 0, width: 'auto', px: 0.25 };

/** Header labels wrap ('Projected / delivery') instead of widening their column. */
export const wrappingHeader = {
  '& .Mui-TableHeadCell-Content-Wrapper': { whiteSpace: 'normal', minWidth: 0 },
};

/**
 * The shared server-side table: paging (10; 10/20/50/100), multi-sort, column filters and
 * global search become the API's list query. A list that fails to load shows empty.
 */
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
  extraExports,
}: DataTableProps<T>) {
  const api = useApi();
  const { user } = useAuth();
  // Whether the table is wider than its box: then it scrolls in a box as tall as the window, with a
  // sticky header (DataTablePaper).
  const [scrollsSideways, setScrollsSideways] = useState(false);
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

  const invertedSorts = useMemo(
    () => visibleColumns.filter((c) => c.type === 'active').map((c) => c.field),
    [visibleColumns],
  );
  const params = toListParams(
    { ...pagination, sorting, columnFilters: debouncedFilters, globalFilter: debouncedSearch, invertedSorts },
    filterKinds,
    baseFilter,
  );
  const query = useQuery({ ...listQuery<T>(api, resource, params), placeholderData: keepPreviousData });
  // An export holds every row matching the table's filters, search and sort, read page by page.
  const { page: _page, size: _size, ...filterParams } = params;
  const loadAllRows = () =>
    fetchAllRows((page, size) => getListPage<T>(api, resource, { query: { ...filterParams, page, size } }));
  // Table list-load errors are silently ignored and show an empty table (spec section 8).
  const data = useMemo(() => (query.isError ? [] : (query.data?.items ?? [])), [query.isError, query.data]);

  const mrtColumns = useMemo<MRT_ColumnDef<T>[]>(
    () =>
      visibleColumns.map((c) => ({
        id: c.field,
        header: c.header,
        // Sorting and filtering happen on the server, so the cell can hold the display text.
        accessorFn: (row) => cellText(c, row),
        Cell:
          c.type === 'datetime' && !c.text
            ? datetimeCell(c)
            : ({ row }: { row: MRT_Row<T> }) => wrappingText(cellText(c, row.original)),
        enableSorting: c.enableSorting ?? true,
        // A first click sorts ascending, as the library decides for text; said outright, it no
        // longer reads the first row's value for every header on every render to decide it.
        sortDescFirst: false,
        enableColumnFilter: c.filter !== false,
        filterVariant: filterVariant(c.filter),
        filterSelectOptions: c.options,
        ...filterFieldProps<T>(c.header, filterKinds[c.field] ?? 'text'),
        muiTableHeadCellProps: {
          align: c.align,
          sx: {
            ...wrappingHeader,
            ...cellWidth(c.size),
            ...(c.filter === 'date-range' ? dateRangeFilterCell : {}),
          },
        },
        muiTableBodyCellProps: { align: c.align, sx: cellWidth(c.size) },
        enableColumnActions: c.columnMenu !== false,
      })),
    [visibleColumns, filterKinds],
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
    // The checkbox's name on its input, not on MUI's wrapping span (axe: aria-prohibited-attr, and
    // an input without a label: MUI 7 reads slotProps, not the inputProps the table sets).
    muiSelectCheckboxProps: {
      'aria-label': undefined,
      slotProps: { input: { 'aria-label': 'Toggle select row' } },
    },
    muiSelectAllCheckboxProps: {
      'aria-label': undefined,
      slotProps: { input: { 'aria-label': 'Toggle select all' } },
    },
    selectAllMode: 'page',
    onRowSelectionChange,
    onPaginationChange: setPagination,
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    onGlobalFilterChange: (v: string | undefined) => setGlobalFilter(v ?? ''),
    muiPaginationProps: { rowsPerPageOptions: [...limits.pageSizeOptions] },
    enableRowActions: Boolean(rowActions),
    // The actions come first: in view however wide the table, and never over the data (a pinned
    // column on the right covered the last columns while the table scrolled under it).
    positionActionsColumn: 'first',
    displayColumnDefOptions: {
      'mrt-row-actions': {
        muiTableHeadCellProps: { sx: displayCell },
        muiTableBodyCellProps: { sx: displayCell },
      },
      'mrt-row-expand': {
        muiTableHeadCellProps: { sx: displayCell },
        muiTableBodyCellProps: { sx: displayCell },
        Cell: expandCell,
      },
    },
    renderRowActions: rowActions
      ? ({ row }: { row: MRT_Row<T> }) => (
          // 32 px buttons (24 px icons): four actions and a date range's filters still fit 1280 px.
          <Box sx={{ display: 'flex', '& .MuiIconButton-root': { p: '4px' } }}>
            {rowActions(row.original)}
          </Box>
        )
      : undefined,
    renderTopToolbarCustomActions: toolbarActions
      ? () => <Box sx={{ display: 'flex', gap: 1 }}>{toolbarActions}</Box>
      : undefined,
    renderDetailPanel: renderDetailPanel ? ({ row }) => renderDetailPanel(row.original) : undefined,
    renderToolbarInternalActions: ({ table }) => (
      <TableToolbarActions<T>
        table={table}
        columns={visibleColumns}
        tableExport={{
          enabled: enableExport,
          loadRows: loadAllRows,
          title,
          exportName,
          orientation,
          extraExports,
        }}
      />
    ),
    enableStickyHeader: scrollsSideways,
    // Columns size to their content (auto table layout), so the table fits its box when it can.
    layoutMode: 'semantic',
    // The expand-all button as small as the rows' (expand-button.tsx): the filters need the width.
    muiExpandAllButtonProps: { sx: { height: '2rem', width: '2rem' } },
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    localization: { noRecordsToDisplay: emptyText },
  });

  // The date-range filters are date pickers: they need the app's date library (Luxon).
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon}>
      <DataTablePaper
        table={table}
        scrollsSideways={scrollsSideways}
        onScrollsSidewaysChange={setScrollsSideways}
      />
    </LocalizationProvider>
  );
}
