import type { Order, WebhookEvent, WebhookOrder, WebhookPayload } from '@dosechain/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../kernel/db/client.ts';
import type { Value } from '../../kernel/db/prepared-sql.ts';
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
    shippedAt: order.shippedAt,
    deliveredAt: order.deliveredAt,
    shipment: order.shipment,
    receipt: order.receipt,
    administration: order.administration,
    rejectionReason: order.rejectionReason,
    cancelationReason: order.cancelationReason,
  };
}

/** A delivery's body after its id: `{"id":"…",` is put before it per delivery (by the database). */
export function webhookBodyAfterId(order: WebhookOrder, event: WebhookEvent, now: Date): string {
  const body = { type: event, timestamp: now.toISOString(), data: { order } } satisfies Omit<
    WebhookPayload,
    'id'
  >;
  return `,${JSON.stringify(body).slice(1)}`;
}

/**
 * The statement that queues the event of each order to every active webhook of its study that
 * subscribes to it: an INSERT … SELECT from the webhooks, so no read of them comes first. One
 * delivery per webhook, order and event (a unique index; an order is placed, accepted, … late
 * once), with its own id (drawn by the database) and the body it will be signed and sent with,
 * written as `JSON.stringify` writes it, the delivery's id first. Run it inside the transaction
 * that changed the orders, so a delivery exists if and only if the change committed; the caller
 * wakes the webhook dispatcher after commit. It answers a row per delivery queued.
 */
export function orderWebhookDeliveries(
  ordered: readonly WebhookOrder[],
  event: WebhookEvent,
  now: Date,
): SQL | null {
  if (ordered.length === 0) return null;
  const values = ordered.map(
    (order) =>
      sql`(${order.id}::integer, ${order.study.id}::integer, ${webhookBodyAfterId(order, event, now)}::text)`,
  );
  return webhookDeliveriesFrom(sql`(values ${sql.join(values, sql`, `)})`, event, now);
}

/**
 * `orderWebhookDeliveries` from `source`, a subquery answering each order's `order_id`,
 * `study_id` and `after_id` (its body after the delivery's id): a placement's source reads the
 * order its own statement inserts (issue 34).
 */
export function webhookDeliveriesFrom(source: SQL, event: Value<WebhookEvent>, now: Value<Date>): SQL {
  const d = webhookDeliveries;
  return sql`insert into ${d} (${sql.identifier(d.webhookId.name)}, ${sql.identifier(d.orderId.name)},
      ${sql.identifier(d.deliveryId.name)}, ${sql.identifier(d.eventType.name)}, ${sql.identifier(d.payload.name)},
      ${sql.identifier(d.nextAttemptAt.name)}, ${sql.identifier(d.createdAt.name)}, ${sql.identifier(d.updatedAt.name)})
    select t.webhook_id, t.order_id, t.delivery_id, ${event}::text,
      '{"id":"' || t.delivery_id::text || '"' || t.after_id, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
    from (
      select w.id as webhook_id, o.order_id, gen_random_uuid() as delivery_id, o.after_id
      from ${webhooks} w join ${source} as o (order_id, study_id, after_id)
        on w.study_id = o.study_id
      where w.disabled_at is null and ${event}::text = any(w.events)
    ) t
    on conflict do nothing
    returning ${d.id}`;
}

/** How many rows a statement answered: the deliveries (or mails) it queued. */
export const queued = (result: unknown): number => (result as { rows: unknown[] }).rows.length;

/** Queues the event of each order (read here) to its study's webhooks; how many deliveries were queued. */
export async function enqueueOrderWebhooks(
  tx: Executor,
  orderIds: readonly number[],
  event: WebhookEvent,
  now: Date,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const ordered = await selectOrders(tx).where(inArray(orders.id, [...orderIds]));
  const statement = orderWebhookDeliveries(
    ordered.map((row) => webhookOrder(toOrder(row))),
    event,
    now,
  );
  return statement ? queued(await tx.execute(statement)) : 0;
}
