import {
  formatInstant,
  formatLateness,
  LATE_ORDER_STATUSES,
  minutesLate,
  type Order,
} from '@dosechain/contract';
import { and, asc, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { type AuditActor, recordAudits } from '../../kernel/audit/record.ts';
import type { Db } from '../../kernel/db/client.ts';
import { orders } from '../../kernel/db/schema.ts';
import { enqueueMails, type OutgoingMail } from '../../kernel/mail/outbox.ts';
import {
  enqueueOrderWebhooks,
  inZone,
  orderFactLines,
  recipientsWithZones,
  selectOrders,
  toOrder,
} from '../order-records/index.ts';

/** The late-delivery watch's audit rows name the system: no user, no role. */
export const lateWatchActor: AuditActor = {
  userId: null,
  username: 'system',
  fullName: 'System (late-delivery watch)',
  roleType: null,
};

/** Late orders one pass claims at most; the next pass takes the rest. */
const BATCH = 100;

/** The late notice of one order, written on one zone's clock. */
export function lateMail(order: Order, zone: string, now: Date, link: string): Omit<OutgoingMail, 'to'> {
  const late = formatLateness(minutesLate(order, now) ?? 0);
  const lines = [
    `Order #${order.number} is late: its projected delivery has passed and it has not been delivered.`,
    '',
    `Order: #${order.number}`,
    ...orderFactLines(order, zone),
    `Projected delivery: ${inZone(order.projectedDelivery ?? '', zone)}`,
    `Late by: ${late} at ${formatInstant(now.toISOString(), zone)}`,
    '',
    `View the order: ${link}`,
  ];
  return {
    subject: `Order #${order.number} late - ${order.study.name}, ${order.site.name}`,
    text: `${lines.join('\n')}\n`,
  };
}

/**
 * One pass of the watch: claims the accepted or shipped orders whose projected delivery is before `now`
 * and that have no notice yet, marks them noticed, queues one mail per distribution address
 * (each on its company's clock) and writes each order's audit row, in one transaction. Rows
 * another instance holds are skipped (SKIP LOCKED) and a marked order is never claimed again,
 * so several instances running passes at once mail each late order once. Nothing is canceled.
 * Returns the orders noticed.
 */
export async function noticeLateOrders(db: Db, now: Date, publicUrl: string): Promise<number[]> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.status, [...LATE_ORDER_STATUSES]),
          // The same orders as the partial index orders_late_watch_idx says them (schema.ts), so it serves the pass.
          isNotNull(orders.acceptedAt),
          isNull(orders.deliveredAt),
          isNull(orders.rejectedAt),
          isNull(orders.canceledAt),
          lt(orders.projectedDelivery, now),
          isNull(orders.lateNotifiedAt),
        ),
      )
      .orderBy(asc(orders.projectedDelivery), asc(orders.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(orders)
      .set({ lateNotifiedAt: now })
      .where(inArray(orders.id, due))
      .returning({ id: orders.id });
    if (claimed.length === 0) return [];
    const ids = claimed.map((c) => c.id).sort((a, b) => a - b);
    const rows = await selectOrders(tx).where(inArray(orders.id, ids));
    const mails: OutgoingMail[] = [];
    for (const order of rows.map(toOrder)) {
      const link = `${publicUrl}/orders/${order.id}`;
      for (const [to, zone] of await recipientsWithZones(tx, order)) {
        mails.push({ ...lateMail(order, zone, now, link), to, purpose: 'late_delivery', orderId: order.id });
      }
    }
    await enqueueMails(tx, mails, now);
    await enqueueOrderWebhooks(tx, ids, 'order.late', now);
    await recordAudits(
      tx,
      ids.map((id) => ({
        actor: lateWatchActor,
        entry: {
          entityType: 'orders' as const,
          entityId: id,
          eventType: 'update' as const,
          before: { lateNotifiedAt: null },
          after: { lateNotifiedAt: now.toISOString() },
        },
      })),
    );
    return ids;
  });
}
