import {
  finalOrderStatuses,
  type ListQuery,
  type OrderStatus,
  orderStatuses,
  type Role,
} from '@dosechain/contract';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../kernel/db/client.ts';
import { finalOrderCounts, orders } from '../../kernel/db/schema.ts';
import { orderScope, orderScopeOn } from '../order-records/index.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The statuses an ANDed list of nodes keeps: the intersection of each node's. */
function statusesOfAll(nodes: unknown[]): Set<OrderStatus> | null {
  let kept = new Set<OrderStatus>(orderStatuses);
  for (const node of nodes) {
    const statuses = statusesOf(node);
    if (!statuses) return null;
    kept = new Set([...kept].filter((s) => statuses.has(s)));
  }
  return kept;
}

function statusesOf(node: unknown): Set<OrderStatus> | null {
  if (Array.isArray(node)) return statusesOfAll(node);
  if (!isObject(node)) return null;
  const keys = Object.keys(node);
  if (keys.length === 1 && keys[0] === 'and' && Array.isArray(node.and)) return statusesOfAll(node.and);
  if (node.field !== 'status') return null;
  if (node.op === 'eq' && typeof node.value === 'string') return new Set([node.value as OrderStatus]);
  if (node.op === 'in' && Array.isArray(node.value)) return new Set(node.value as OrderStatus[]);
  return null;
}

/**
 * The statuses a list query keeps when it filters on nothing but the status (eq or in, ANDed;
 * no filter keeps them all) and searches nothing; null for any other query. Read after
 * `listPlan` has checked the filter, so the values are known statuses.
 */
export function statusesOnly(query: ListQuery): OrderStatus[] | null {
  if (query.search?.trim()) return null;
  let filter: unknown = [];
  if (query.filter?.trim()) {
    try {
      filter = JSON.parse(query.filter);
    } catch {
      return null;
    }
  }
  const kept = statusesOf(filter);
  return kept ? orderStatuses.filter((s) => kept.has(s)) : null;
}

/**
 * How many orders the role may see in these statuses, in one query: the live ones (pending,
 * accepted: the next weeks' orders) counted, the final ones (most of the table) summed from
 * `final_order_counts`, which the database keeps in step with every change of an order.
 */
export async function countOrdersIn(
  db: Executor,
  statuses: readonly OrderStatus[],
  role: Role,
): Promise<number> {
  const final = statuses.filter((s) => finalOrderStatuses.includes(s));
  const live = statuses.filter((s) => !finalOrderStatuses.includes(s));
  const finalSum: SQL =
    final.length === 0
      ? sql`0`
      : sql`(select coalesce(sum(${finalOrderCounts.orders}), 0) from ${finalOrderCounts} where ${and(
          inArray(finalOrderCounts.status, final),
          orderScopeOn(role, finalOrderCounts),
        )})`;
  const [row] = await db
    .select({ total: sql<number>`(count(*) + ${finalSum})::bigint`.mapWith(Number) })
    .from(orders)
    .where(live.length === 0 ? sql`false` : and(inArray(orders.status, live), orderScope(role)));
  return row?.total ?? 0;
}
