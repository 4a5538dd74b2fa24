import type { FilterCondition } from '@dosechain/contract';

export type ColumnFilterKind = 'text' | 'select' | 'date-range' | 'exact';

export interface TableState {
  pageIndex: number;
  pageSize: number;
  sorting: { id: string; desc: boolean }[];
  columnFilters: { id: string; value: unknown }[];
  globalFilter?: string;
  /**
   * Fields whose sort is inverted (spec section 2: the active column), so that sorting them
   * ascending puts active records first.
   */
  invertedSorts?: readonly string[];
}

export interface ListParams {
  page: number;
  size: number;
  sort?: string;
  filter?: string;
  search?: string;
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** What a date-range filter holds: a Date, a Luxon DateTime (the date pickers') or text. */
type DateBound = Date | { toISO(): string | null; endOf(unit: 'day'): { toISO(): string | null } } | string;

const isDateTime = (v: unknown): v is Exclude<DateBound, Date | string> =>
  typeof v === 'object' && v !== null && 'toISO' in v && 'endOf' in v;

/**
 * A date-range bound as an ISO instant. The pickers give a day at its start: the upper bound
 * is the end of that day (in the picker's zone), so the range includes its last day.
 */
function toIso(v: unknown, bound: 'from' | 'to'): string | undefined {
  if (isEmpty(v)) return undefined;
  if (v instanceof Date) {
    if (bound === 'from') return v.toISOString();
    const end = new Date(v);
    end.setHours(23, 59, 59, 999);
    return end.toISOString();
  }
  if (isDateTime(v)) return (bound === 'from' ? v.toISO() : v.endOf('day').toISO()) ?? undefined;
  return String(v);
}

/**
 * The list query of a table's state (spec section 7): select filters use `in`, text search
 * `startswith`, date ranges `ge` and `le`, anything else `eq`; sort is `-field` for descending.
 */
export function toListParams(
  state: TableState,
  filterKinds: Record<string, ColumnFilterKind>,
  /** Conditions the table always applies, e.g. one company's users. */
  baseFilter: readonly FilterCondition[] = [],
): ListParams {
  const conditions: FilterCondition[] = [...baseFilter];
  for (const { id, value } of state.columnFilters) {
    if (isEmpty(value)) continue;
    const kind = filterKinds[id] ?? 'exact';
    if (kind === 'select')
      conditions.push({ field: id, op: 'in', value: Array.isArray(value) ? value : [value] });
    else if (kind === 'text') conditions.push({ field: id, op: 'startswith', value: String(value) });
    else if (kind === 'date-range' && Array.isArray(value)) {
      const from = toIso(value[0], 'from');
      const to = toIso(value[1], 'to');
      if (from) conditions.push({ field: id, op: 'ge', value: from });
      if (to) conditions.push({ field: id, op: 'le', value: to });
    } else conditions.push({ field: id, op: 'eq', value });
  }
  const inverted = new Set(state.invertedSorts);
  const sort = state.sorting.map((s) => (s.desc !== inverted.has(s.id) ? `-${s.id}` : s.id)).join(',');
  const search = state.globalFilter?.trim();
  return {
    page: state.pageIndex + 1,
    size: state.pageSize,
    ...(sort ? { sort } : {}),
    ...(conditions.length > 0 ? { filter: JSON.stringify(conditions) } : {}),
    ...(search ? { search } : {}),
  };
}
