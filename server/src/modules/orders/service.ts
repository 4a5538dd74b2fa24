import { type ListQuery, type ListResponse, messages, type Order } from '@dosechain/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Principal } from '../../kernel/auth/principal.ts';
import { actingRole } from '../../kernel/auth/scope.ts';
import { orders } from '../../kernel/db/schema.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import { notFound } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { type ListItem, listAnswer, listPlan, pageAndTotal } from '../../kernel/http/list-query.ts';
import {
  orderList,
  orderScope,
  orderSource,
  selectOrders,
  toOrder,
  withContacts,
} from '../order-records/index.ts';
import { journeyActors } from './journey-actors.ts';
import { countOrdersIn, statusesOnly } from './totals.ts';

/**
 * One page of the orders the role may see (company scope), newest first by default, each with
 * what its detail panel shows (imaging center contacts, site coordinators).
 */
export async function listOrders(
  ctx: ServiceContext,
  query: ListQuery,
): Promise<ListResponse<ListItem<Order>>> {
  const role = actingRole(ctx.actor);
  const plan = listPlan(orderList, query, principalOrderScope(ctx.actor));
  // A list narrowed by status alone (the order screens' lists) adds up the maintained counts,
  // which are per company, not per study: a key's list counts its rows.
  const statuses = ctx.actor.apiKey ? undefined : statusesOnly(query);
  const knownTotal = statuses ? () => countOrdersIn(ctx.db, statuses, role) : undefined;
  const { rows, total } = await pageAndTotal(ctx.db, plan, orderSource(ctx.db), knownTotal);
  return listAnswer(plan, await withContacts(ctx.db, rows.map(toOrder)), total);
}

/**
 * The orders the principal may see: its role's company scope and, for an integration API key,
 * its study only (decision 027).
 */
export function principalOrderScope(actor: Principal): SQL | undefined {
  const scope = orderScope(actingRole(actor));
  return actor.apiKey ? and(scope, eq(orders.studyId, actor.apiKey.studyId)) : scope;
}

/** The order if the role's company scope covers it; 404 'Order not found' otherwise (also for another company's). */
export async function scopedOrder(ctx: ServiceContext, id: number): Promise<Order> {
  const [row] = isStorableId(id)
    ? await selectOrders(ctx.db).where(and(eq(orders.id, id), principalOrderScope(ctx.actor)))
    : [];
  if (!row) throw notFound(messages.notFound('Order'));
  return toOrder(row);
}

/**
 * An order with its imaging center's contacts, the site's coordinators and who took each step of
 * its journey (scoped as above).
 */
export async function getOrder(ctx: ServiceContext, id: number): Promise<Order> {
  const scoped = await scopedOrder(ctx, id);
  const [[order], actors] = await Promise.all([
    withContacts(ctx.db, [scoped]),
    journeyActors(ctx.db, scoped.id),
  ]);
  return { ...order!, journeyActors: actors };
}
