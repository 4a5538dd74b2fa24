import {
  type ConfigResourceKey,
  configResources,
  type ListQuery,
  type ListResponse,
  messages,
} from '@dosechain/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { diffChangeset } from '../../kernel/audit/record.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import { type AppError, notFound } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import {
  type ListItem,
  type ListResource,
  type ListSource,
  listAnswer,
  listPlan,
  pageAndTotal,
} from '../../kernel/http/list-query.ts';

/** A table with an integer `id` primary key, as every configuration table has. */
type TableWithId = PgTable & { id: PgColumn };

/** The entity's singular label, as its messages and signatures write it. */
export const labelOf = (key: ConfigResourceKey): string => configResources[key].label.singular;

/** 404 '<Label> not found' for the entity. */
export const notFoundOf = (key: ConfigResourceKey): AppError => notFound(messages.notFound(labelOf(key)));

/** The row, or the entity's 404 when there is none. */
export function foundOr404<R>(key: ConfigResourceKey, row: R | undefined): R {
  if (row === undefined) throw notFoundOf(key);
  return row;
}

/**
 * The row of the table with this id (and `where`, e.g. a company type), locked FOR UPDATE when
 * asked; undefined for an id past the column's range, which must not reach SQL.
 */
export async function findById<T extends TableWithId>(
  db: Executor,
  table: T,
  id: number,
  options: { forUpdate?: boolean; where?: SQL } = {},
): Promise<T['$inferSelect'] | undefined> {
  if (!isStorableId(id)) return undefined;
  const query = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), options.where));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row as T['$inferSelect'] | undefined;
}

/**
 * One page of a list as the list answer: the query planned against the list's fields (within
 * `scope`), its page and total read from the source, its rows turned into items.
 */
export async function listPage<Q extends PgSelect, Item extends { id: unknown }>(
  db: Executor,
  list: ListResource,
  query: ListQuery,
  source: ListSource<Q>,
  toItems: (rows: Awaited<Q>) => Item[] | Promise<Item[]>,
  scope?: SQL,
): Promise<ListResponse<ListItem<Item>>> {
  const plan = listPlan(list, query, scope);
  const { rows, total } = await pageAndTotal(db, plan, source);
  return listAnswer(plan, await toItems(rows), total);
}

/** Whether an update leaves every audited field as it was (a change of nothing writes nothing). */
export function changesNothing(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  return Object.keys(diffChangeset(before, after)).length === 0;
}

/** One page of a list read from one table (`select *`, no joins), its rows turned into items. */
export function listTable<T extends PgTable, Item extends { id: unknown }>(
  db: Executor,
  list: ListResource,
  query: ListQuery,
  table: T,
  toItems: (rows: T['$inferSelect'][]) => Item[] | Promise<Item[]>,
  scope?: SQL,
): Promise<ListResponse<ListItem<Item>>> {
  const source = {
    select: db
      .select()
      .from(table as PgTable)
      .$dynamic(),
    base: table,
    joins: [],
  };
  return listPage(db, list, query, source, (rows) => toItems(rows as T['$inferSelect'][]), scope);
}

/**
 * `list` and `get` of an entity read from its table alone: a page of items, and one item or
 * its 404.
 */
export function tableReads<T extends TableWithId, Item extends { id: unknown }>(
  key: ConfigResourceKey,
  table: T,
  list: ListResource,
  toItem: (row: T['$inferSelect']) => Item,
) {
  return {
    list: (ctx: ServiceContext, query: ListQuery): Promise<ListResponse<ListItem<Item>>> =>
      listTable(ctx.db, list, query, table, (rows) => rows.map(toItem)),
    get: async (ctx: ServiceContext, id: number): Promise<Item> =>
      toItem(foundOr404(key, await findById(ctx.db, table, id))),
  };
}

/** Sets the changed columns of the row with this id and touches `updated_at`; the row as it now is. */
export async function updateById<T extends TableWithId & { updatedAt: PgColumn }>(
  tx: Executor,
  table: T,
  id: number,
  changes: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  const [row] = await tx
    .update(table as PgTable)
    .set({ ...changes, updatedAt: sql`now()` } as Record<string, unknown>)
    .where(eq(table.id, id))
    .returning();
  return row as T['$inferSelect'];
}
