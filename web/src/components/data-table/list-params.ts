import type { FilterCondition } from '@dosechain/contract';

export type ColumnFilterKind = 'text' | 'select' | 'date-range' | 'exact';

export interface TableState {
  pageIndex: number;
  pageSize: number;
  sorting: { id: string; desc: boolean }[];
  columnFilters: { id: string; value: unknown }[];
  globalFilter?: string;
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

/** A date-range bound as an ISO string: a Date, a Luxon DateTime or text. */
function toIso(v: unknown): string | undefined {
  if (isEmpty(v)) return undefined;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && v && 'toISO' in v && typeof v.toISO === 'function') return v.toISO() as string;
  return String(v);
}

/**
 * The list query of a table's state (spec section 7): select filters use `in`, text search
 * `startswith`, date ranges `ge` and `le`, anything else `eq`; sort is `-field` for descending.
 */
export function toListParams(state: TableState, filterKinds: Record<string, ColumnFilterKind>): ListParams {
  const conditions: FilterCondition[] = [];
  for (const { id, value } of state.columnFilters) {
    if (isEmpty(value)) continue;
    const kind = filterKinds[id] ?? 'exact';
    if (kind === 'select')
      conditions.push({ field: id, op: 'in', value: Array.isArray(value) ? value : [value] });
    else if (kind === 'text') conditions.push({ field: id, op: 'startswith', value: String(value) });
    else if (kind === 'date-range' && Array.isArray(value)) {
      const [from, to] = value.map(toIso);
      if (from) conditions.push({ field: id, op: 'ge', value: from });
      if (to) conditions.push({ field: id, op: 'le', value: to });
    } else conditions.push({ field: id, op: 'eq', value });
  }
  const sort = state.sorting.map((s) => (s.desc ? `-${s.id}` : s.id)).join(',');
  const search = state.globalFilter?.trim();
  return {
    page: state.pageIndex + 1,
    size: state.pageSize,
    ...(sort ? { sort } : {}),
    ...(conditions.length > 0 ? { filter: JSON.stringify(conditions) } : {}),
    ...(search ? { search } : {}),
  };
}

/** The params with fixed conditions added to the user's filters (both must hold). */
export function withBaseFilter(params: ListParams, base: FilterCondition[] | undefined): ListParams {
  if (!base || base.length === 0) return params;
  const own: FilterCondition[] = params.filter ? JSON.parse(params.filter) : [];
  return { ...params, filter: JSON.stringify([...base, ...own]) };
}
