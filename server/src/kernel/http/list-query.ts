import { filterOps, isStorableText, type ListQuery, type ListResponse, messages } from '@dosechain/contract';
import {
  and,
  asc,
  Column,
  count,
  desc,
  eq,
  getTableName,
  gt,
  gte,
  ilike,
  inArray,
  is,
  isNull,
  lt,
  lte,
  Name,
  or,
  Param,
  SQL,
  type SQLWrapper,
  StringChunk,
  sql,
  Table,
} from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { validationFailed } from './app-error.ts';

/**
 * The list engine of the API contract (Lists): a resource declares its list fields as data and
 * the engine turns `filter`, `sort`, `search`, `fields`, `page` and `size` into a Drizzle `where`,
 * `orderBy`, limit and offset. User input only ever reaches SQL as bound parameters; field names
 * are looked up in the declaration and never interpolated.
 */

export type ListFieldType = 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'enum';

export interface ListField {
  /** The column (or SQL expression) filtered and sorted on. */
  column: Column | SQL;
  type: ListFieldType;
  /** The answered item's (camelCase, top-level) key that `fields` keeps for this field. */
  key: string;
  /** Allowed values of an `enum` field. */
  values?: readonly string[];
}

/** A resource's list declaration; `id` is required, it is the final sort tiebreak. */
export interface ListResource {
  fields: { id: ListField } & Record<string, ListField>;
  /** Text fields `search` ORs a case-insensitive `contains` over. */
  searchFields: readonly string[];
  /** The sort used when none is asked for, in `sort` syntax (e.g. `-created_at`). */
  defaultSort: string;
}

/** What a list query turns into; spread into a Drizzle select. */
export interface ListPlan {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  page: number;
  /** The item keys `fields` asked for (always with `id`), or null for whole items. */
  keys: string[] | null;
}

export const FILTER_MAX_DEPTH = 8;
export const FILTER_MAX_CONDITIONS = 50;
export const IN_MAX_VALUES = 100;
const TEXT_VALUE_MAX = 500;

const opsByType: Record<ListFieldType, readonly string[]> = {
  text: filterOps,
  number: ['eq', 'in', 'lt', 'le', 'gt', 'ge'],
  date: ['eq', 'in', 'lt', 'le', 'gt', 'ge'],
  datetime: ['eq', 'in', 'lt', 'le', 'gt', 'ge'],
  boolean: ['eq', 'in'],
  enum: ['eq', 'in'],
};

const int32 = { min: -2_147_483_648, max: 2_147_483_647 };
const intColumnRanges: Record<string, { min: number; max: number }> = {
  PgInteger: int32,
  PgSerial: int32,
  PgSmallInt: { min: -32_768, max: 32_767 },
  PgBigInt53: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  PgBigSerial53: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
};

const shown = (s: string) => JSON.stringify(s.length > 50 ? `${s.slice(0, 50)}…` : s);
const filterError = (message: string) => validationFailed([{ parameter: 'filter', message }]);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: object, key: string) => Object.hasOwn(o, key);

/** Escapes LIKE wildcards so user text matches literally (PostgreSQL's default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

function isValidDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Checks and converts one filter value to what the field's column takes; throws 400 on 'filter'. */
export function coerceValue(name: string, field: ListField, value: unknown): unknown {
  const bad = (what: string) => filterError(`Invalid value for ${shown(name)}: expected ${what}`);
  switch (field.type) {
    case 'text':
      if (typeof value !== 'string') throw bad('a string');
      if (value.length > TEXT_VALUE_MAX) throw bad(`at most ${TEXT_VALUE_MAX} characters`);
      // The filter is JSON text: an escaped NUL or lone surrogate only appears once it is parsed.
      if (!isStorableText(value)) throw filterError(`${shown(name)}: ${messages.unstorableText}`);
      return value;
    case 'enum':
      if (typeof value !== 'string' || !field.values?.includes(value)) {
        throw bad(`one of ${(field.values ?? []).join(', ')}`);
      }
      return value;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw bad('true or false');
    case 'number': {
      const n = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw bad('a number');
      const range = field.column instanceof Column ? intColumnRanges[field.column.columnType] : undefined;
      if (range && (!Number.isInteger(n) || n < range.min || n > range.max)) throw bad('an integer in range');
      return n;
    }
    case 'date':
      if (typeof value !== 'string' || !isValidDate(value)) throw bad('a date yyyy-MM-dd');
      return value;
    case 'datetime': {
      if (typeof value !== 'string' || !INSTANT_RE.test(value) || !isValidDate(value.slice(0, 10))) {
        throw bad('an ISO-8601 instant with offset');
      }
      const at = new Date(value);
      if (Number.isNaN(at.getTime())) throw bad('an ISO-8601 instant with offset');
      // A Drizzle timestamp column encodes a Date itself; a bare SQL expression takes the text.
      return field.column instanceof Column ? at : at.toISOString();
    }
  }
}

interface Budget {
  conditions: number;
}

function conditionSql(resource: ListResource, node: Record<string, unknown>, budget: Budget): SQL {
  const keys = Object.keys(node);
  const extra = keys.find((k) => k !== 'field' && k !== 'op' && k !== 'value');
  if (extra) throw filterError(`Unknown key ${shown(extra)} in a filter condition`);
  const { field: name, op, value } = node;
  if (typeof name !== 'string') throw filterError('A filter condition needs a field');
  if (typeof op !== 'string') throw filterError('A filter condition needs an op');
  const field = has(resource.fields, name) ? resource.fields[name] : undefined;
  if (!field) throw filterError(`Unknown filter field ${shown(name)}`);
  if (!(filterOps as readonly string[]).includes(op)) throw filterError(`Unknown filter op ${shown(op)}`);
  if (!opsByType[field.type].includes(op)) {
    throw filterError(`The op ${shown(op)} does not apply to ${shown(name)}`);
  }
  if (!has(node, 'value')) throw filterError(`The filter on ${shown(name)} needs a value`);
  budget.conditions += 1;
  if (budget.conditions > FILTER_MAX_CONDITIONS) {
    throw filterError(`A filter has at most ${FILTER_MAX_CONDITIONS} conditions`);
  }
  const col = field.column;
  // Typed as a plain wrapper for the comparison overloads; Drizzle still applies a column's encoder.
  const target: SQLWrapper = col;
  if (op === 'in') {
    if (!Array.isArray(value) || value.length === 0 || value.length > IN_MAX_VALUES) {
      throw filterError(`The op "in" on ${shown(name)} needs a list of 1 to ${IN_MAX_VALUES} values`);
    }
    return inArray(
      target,
      value.map((v) => coerceValue(name, field, v)),
    );
  }
  if (op === 'eq' && value === null) return isNull(target);
  const v = coerceValue(name, field, value);
  switch (op) {
    case 'eq':
      return eq(target, v);
    case 'lt':
      return lt(target, v);
    case 'le':
      return lte(target, v);
    case 'gt':
      return gt(target, v);
    case 'ge':
      return gte(target, v);
    case 'contains':
      return ilike(col, `%${escapeLike(v as string)}%`);
    case 'startswith':
      return ilike(col, `${escapeLike(v as string)}%`);
    default: {
      // ilike: the caller's own pattern, wildcards and all, still as a bound parameter.
      const pattern = v as string;
      if (/(^|[^\\])(\\\\)*\\$/.test(pattern)) {
        throw filterError(`The ilike pattern on ${shown(name)} ends with a lone escape character`);
      }
      return ilike(col, pattern);
    }
  }
}

function nodeSql(resource: ListResource, node: unknown, depth: number, budget: Budget): SQL | undefined {
  if (depth > FILTER_MAX_DEPTH) throw filterError(`A filter nests at most ${FILTER_MAX_DEPTH} levels`);
  if (Array.isArray(node)) return listSql(resource, node, 'and', depth, budget);
  if (!isObject(node)) throw filterError('A filter is a condition, a list or an and/or/not tree');
  const keys = Object.keys(node);
  if (keys.length === 1 && (keys[0] === 'and' || keys[0] === 'or')) {
    const children = node[keys[0]];
    if (!Array.isArray(children)) throw filterError(`"${keys[0]}" takes a list`);
    return listSql(resource, children, keys[0], depth, budget);
  }
  if (keys.length === 1 && keys[0] === 'not') {
    const inner = nodeSql(resource, node.not, depth + 1, budget);
    // A null column makes the inner test unknown; "not" of it should still hold.
    return inner ? sql`not coalesce(${inner}, false)` : sql`false`;
  }
  return conditionSql(resource, node, budget);
}

function listSql(
  resource: ListResource,
  nodes: unknown[],
  join: 'and' | 'or',
  depth: number,
  budget: Budget,
): SQL | undefined {
  if (nodes.length > FILTER_MAX_CONDITIONS) {
    throw filterError(`A filter has at most ${FILTER_MAX_CONDITIONS} conditions`);
  }
  const parts = nodes.map((n) => nodeSql(resource, n, depth + 1, budget));
  if (join === 'or') {
    if (parts.length === 0) return sql`false`;
    if (parts.some((p) => p === undefined)) return undefined; // an empty "and" inside holds always
    return or(...parts);
  }
  return and(...parts);
}

/** Parses the `filter` JSON into a `where` condition; 400 on 'filter' for anything unknown or bad. */
export function parseFilter(resource: ListResource, filter: string | undefined): SQL | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(filter);
  } catch {
    throw filterError('The filter is not valid JSON');
  }
  return nodeSql(resource, parsed, 0, { conditions: 0 });
}

/** `search`: a case-insensitive `contains` ORed over the resource's search fields. */
export function searchSql(resource: ListResource, search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text || resource.searchFields.length === 0) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(...resource.searchFields.map((name) => ilike(resource.fields[name]!.column, pattern)));
}

const sortError = (message: string) => validationFailed([{ parameter: 'sort', message }]);

/** Parses `sort` (comma list, `-` for descending) into ORDER BY terms, ending with `id` for stable pages. */
export function parseSort(resource: ListResource, sort: string | undefined): SQL[] {
  const text = sort?.trim() ? sort : resource.defaultSort;
  const orderBy: SQL[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(',')) {
    const term = raw.trim();
    const descending = term.startsWith('-');
    const name = descending ? term.slice(1) : term;
    const field = has(resource.fields, name) ? resource.fields[name] : undefined;
    if (!field) throw sortError(`Unknown sort field ${shown(name)}`);
    if (seen.has(name)) throw sortError(`The sort names ${shown(name)} twice`);
    seen.add(name);
    // Text sorts ignore case, as a reader expects; PGlite's C collation would not.
    const expr = field.type === 'text' ? sql`lower(${field.column})` : sql`${field.column}`;
    orderBy.push(descending ? desc(expr) : asc(expr));
  }
  if (!seen.has('id')) orderBy.push(asc(resource.fields.id.column));
  return orderBy;
}

/** Parses `fields` into the item keys to keep (always with `id`), or null for whole items. */
export function parseFields(resource: ListResource, fields: string | undefined): string[] | null {
  if (!fields?.trim()) return null;
  const keys = new Set<string>(['id']);
  for (const raw of fields.split(',')) {
    const name = raw.trim();
    const field = has(resource.fields, name) ? resource.fields[name] : undefined;
    if (!field) throw validationFailed([{ parameter: 'fields', message: `Unknown field ${shown(name)}` }]);
    keys.add(field.key);
  }
  return [...keys];
}

/** Turns a list query into the `where`, order, limit and offset to run, plus the kept item keys. */
export function listPlan(resource: ListResource, query: ListQuery, scope?: SQL): ListPlan {
  const offset = (query.page - 1) * query.size;
  if (!Number.isSafeInteger(offset)) throw validationFailed([{ parameter: 'page', message: 'Too large' }]);
  return {
    where: and(scope, parseFilter(resource, query.filter), searchSql(resource, query.search)),
    orderBy: parseSort(resource, query.sort),
    limit: query.size,
    offset,
    page: query.page,
    keys: parseFields(resource, query.fields),
  };
}

/** A list item trimmed by `fields`: any of the keys, and always `id`. */
export type ListItem<T extends { id: unknown }> = Partial<T> & Pick<T, 'id'>;

/** Keeps only the asked-for keys of each item. */
export function pickKeys<T extends { id: unknown }>(items: T[], keys: string[] | null): ListItem<T>[] {
  if (!keys) return items;
  return items.map(
    (item) => Object.fromEntries(Object.entries(item).filter(([key]) => keys.includes(key))) as ListItem<T>,
  );
}

/** The list answer `{items, page, total}`, trimmed to the plan's fields. */
export function listAnswer<T extends { id: unknown }>(
  plan: ListPlan,
  items: T[],
  total: number,
): ListResponse<ListItem<T>> {
  return { items: pickKeys(items, plan.keys), page: plan.page, total };
}

/** Validates a declaration at start-up: search fields exist and are text, the default sort parses. */
export function defineListResource<R extends ListResource>(resource: R): R {
  for (const name of resource.searchFields) {
    if (resource.fields[name]?.type !== 'text') throw new Error(`search field ${name} is not a text field`);
  }
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.type === 'enum' && !field.values?.length) throw new Error(`enum field ${name} has no values`);
  }
  parseSort(resource, resource.defaultSort);
  return resource;
}

/**
 * An inner join of a list's base table to exactly one row of another table (a non-null
 * foreign key to its primary key): it never drops nor repeats a base row, so a count may leave
 * it out when the `where` does not use the joined table.
 */
export interface ListJoin {
  table: PgTable;
  on: SQL;
}

/** The names (aliases as named) of the tables whose columns an SQL expression uses. */
export function tablesUsed(expr: SQL | undefined): Set<string> {
  const names = new Set<string>();
  const stack: unknown[] = expr ? [expr] : [];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const chunk = stack.pop();
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    if (is(chunk, Column)) names.add(getTableName(chunk.table));
    else if (is(chunk, SQL)) stack.push(...chunk.queryChunks);
    else if (is(chunk, SQL.Aliased)) stack.push(chunk.sql);
    else if (Array.isArray(chunk)) stack.push(...chunk);
    else if (is(chunk, Param) || is(chunk, Table) || is(chunk, StringChunk) || is(chunk, Name)) continue;
    // A subquery or another wrapper: its SQL (its own columns only ever add joins, never drop one).
    else if (typeof chunk === 'object' && chunk !== null && 'getSQL' in chunk) {
      stack.push((chunk as SQLWrapper).getSQL());
    }
  }
  return names;
}

/** The joins a `where` needs: those whose table it uses, and those the needed joins' conditions use. */
export function joinsFor(where: SQL | undefined, joins: readonly ListJoin[]): ListJoin[] {
  const used = tablesUsed(where);
  const needed = new Set<ListJoin>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const join of joins) {
      if (needed.has(join) || !used.has(getTableName(join.table))) continue;
      needed.add(join);
      for (const name of tablesUsed(join.on)) used.add(name);
      grew = true;
    }
  }
  return joins.filter((join) => needed.has(join));
}

/** A dynamic select with the joins added in order (an inner join leaves a partial selection's rows as typed). */
export function withJoins<Q extends PgSelect>(query: Q, joins: readonly ListJoin[]): Q {
  let joined = query;
  for (const join of joins) joined = joined.innerJoin(join.table, join.on) as unknown as Q;
  return joined;
}

/**
 * What a list answers from: `db.select(…).from(base).$dynamic()`, the joins its rows need, and
 * the joins only a filter, search or sort may need (`filterJoins`, added just when used: a
 * select that reads its names by subqueries leaves PostgreSQL no join order to search for).
 */
export interface ListSource<Q extends PgSelect> {
  select: Q;
  base: PgTable;
  joins: readonly ListJoin[];
  filterJoins?: readonly ListJoin[];
}

/**
 * A page of a list and the total of its `where`, run together: the page with its joins and the
 * filter joins its `where` and order use, the count with only the joins the `where` uses (no
 * name joins when the filter, search and scope touch only the base table), so a large total
 * costs a count of the base table alone.
 */
export async function pageAndTotal<Q extends PgSelect>(
  db: Executor,
  plan: ListPlan,
  source: ListSource<Q>,
  /** The total from somewhere cheaper than counting (a maintained count), when the list has one. */
  knownTotal?: () => Promise<number>,
): Promise<{ rows: Awaited<Q>; total: number }> {
  const filterJoins = source.filterJoins ?? [];
  // Only read for the tables it names: those of the where and of the order.
  const whereAndOrder = sql.join([plan.where ?? sql.empty(), ...plan.orderBy], sql`, `);
  const page = withJoins(source.select, [...source.joins, ...joinsFor(whereAndOrder, filterJoins)])
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  const counted = async () => {
    const totals = await withJoins(
      db.select({ total: count() }).from(source.base).$dynamic(),
      joinsFor(plan.where, [...source.joins, ...filterJoins]),
    ).where(plan.where);
    return totals[0]?.total ?? 0;
  };
  const [rows, total] = await Promise.all([page, (knownTotal ?? counted)()]);
  return { rows: rows as Awaited<Q>, total };
}
