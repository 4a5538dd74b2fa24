import { randomUUID } from 'node:crypto';
import type { Order, WebhookEvent, WebhookOrder, WebhookPayload } from '@dosechain/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../kernel/db/client.ts';
import { orders, webhookDeliveries, webhooks } from '../../kernel/db/schema.ts';
import { selectOrders, toOrder } from './queries.ts';

/** The order as a delivery's body gives it: its parties, times and reasons; not its notes. */
export function webhookOrder(order: Order): WebhookOrder {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    study: { id: order.study.id, name: order.study.name },
    site: { id: order.site.id, name: order.site.name },
    imagingCenter: {
      id: order.imagingCenter.id,
      name: order.imagingCenter.name,
      timezone: order.imagingCenter.timezone,
    },
    cmo: { id: order.cmo.id, name: order.cmo.name },
    subjectId: order.subjectId,
    calibrationDatetime: order.calibrationDatetime,
    projectedDelivery: order.projectedDelivery,
    deliveredAt: order.deliveredAt,
    rejectionReason: order.rejectionReason,
    cancelationReason: order.cancelationReason,
  };
}

/**
 * Queues the event of each order to every active webhook of its study that subscribes to it,
 * inside the transaction that changed the orders, so a delivery exists if and only if the change
 * committed. One delivery per webhook, order and event (a unique index; an order is placed,
 * accepted, … late once), with its own id and the body it will be signed and sent with. The
 * caller wakes the webhook dispatcher after commit. Returns how many deliveries were queued.
 */
export async function enqueueOrderWebhooks(
  tx: Executor,
  orderIds: readonly number[],
  event: WebhookEvent,
  now: Date,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const targets = await tx
    .select({ webhookId: webhooks.id, orderId: orders.id })
    .from(orders)
    .innerJoin(webhooks, eq(webhooks.studyId, orders.studyId))
    .where(
      and(
        inArray(orders.id, [...orderIds]),
        isNull(webhooks.disabledAt),
        sql`${event} = any(${webhooks.events})`,
      ),
    );
  if (targets.length === 0) return 0;
  const ordered = await selectOrders(tx).where(
    inArray(orders.id, [...new Set(targets.map((t) => t.orderId))]),
  );
  const byId = new Map(ordered.map((row) => [row.order.id, webhookOrder(toOrder(row))]));
  const rows = targets.map((target) => {
    const deliveryId = randomUUID();
    const payload: WebhookPayload = {
      id: deliveryId,
      type: event,
      timestamp: now.toISOString(),
      data: { order: byId.get(target.orderId)! },
    };
    return {
      webhookId: target.webhookId,
      orderId: target.orderId,
      deliveryId,
      eventType: event,
      payload: JSON.stringify(payload),
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    };
  });
  const inserted = await tx
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  return inserted.length;
}
