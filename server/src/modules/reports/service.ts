import {
  type OrderStatus,
  type OrderStatusCounts,
  type OrdersCount,
  type OrdersCountQuery,
  orderStatuses,
  type ReportGrouping,
} from '@dosechain/contract';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { actingRole } from '../../kernel/auth/scope.ts';
import { orders } from '../../kernel/db/schema.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { orderScope } from '../order-records/index.ts';

/** The group key's form per grouping: `2026-03`, `2026-Q1`, `2026` (PostgreSQL to_char). */
const keyFormats: Record<ReportGrouping, string> = {
  month: 'YYYY-MM',
  quarter: 'YYYY-"Q"Q',
  year: 'YYYY',
};

/** The creation time's group in the report's time zone, as its key. */
function groupingKey(grouping: ReportGrouping, tz: string): SQL<string> {
  // The unit and format come from the closed list above, never from the request's text.
  const local = sql`${orders.createdAt} at time zone ${tz}`;
  return sql<string>`to_char(date_trunc(${sql.raw(`'${grouping}'`)}, ${local}), ${sql.raw(`'${keyFormats[grouping]}'`)})`;
}

const countOf = (status: OrderStatus) =>
  sql<number>`(count(*) filter (where ${orders.status} = ${status}))::int`;

const emptyCounts = (): OrderStatusCounts =>
  ({ ...Object.fromEntries(orderStatuses.map((s) => [s, 0])), total: 0 }) as OrderStatusCounts;

/** A filter on an id column; an id past the database's integer range matches nothing. */
export const idFilter = (column: AnyPgColumn, id: number | undefined): SQL | undefined =>
  id === undefined ? undefined : isStorableId(id) ? eq(column, id) : sql`false`;

/**
 * The Orders Report (GET /reports/orders-count): orders created in [from, to), counted per
 * status in one grouped query, in groups of the creation time in `tz` when grouped. The role's
 * company scope applies on top of the filters: a CMO counts its own orders, a site or imaging
 * center its own.
 */
export async function ordersCount(ctx: ServiceContext, query: OrdersCountQuery): Promise<OrdersCount> {
  const where = and(
    gte(orders.createdAt, new Date(query.from)),
    lt(orders.createdAt, new Date(query.to)),
    idFilter(orders.studyId, query.studyId),
    idFilter(orders.siteId, query.siteId),
    idFilter(orders.cmoId, query.cmoId),
    idFilter(orders.imagingCenterId, query.imagingCenterId),
    orderScope(actingRole(ctx.actor)),
  );
  const counts = {
    ...Object.fromEntries(orderStatuses.map((s) => [s, countOf(s)])),
    total: sql<number>`count(*)::int`,
  } as Record<OrderStatus | 'total', SQL<number>>;

  let items: OrdersCount['items'];
  if (query.grouping) {
    // Grouped and ordered by position: the key's time zone is a bound parameter, and
    // PostgreSQL does not see two bindings of it as the same expression.
    const rows = await ctx.db
      .select({ groupingKey: groupingKey(query.grouping, query.tz), ...counts })
      .from(orders)
      .where(where)
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    items = rows;
  } else {
    const rows = await ctx.db.select(counts).from(orders).where(where);
    items = rows.map((r) => ({ groupingKey: null, ...r }));
  }

  const totals = emptyCounts();
  for (const item of items) {
    for (const s of orderStatuses) totals[s] += item[s];
    totals.total += item.total;
  }
  return { items, ...totals };
}
