import { type Order, orderStatusLabels } from '@dosechain/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Executor } from '../../db/client.ts';
import { orders, studyDistributionEntries, studyDistributionEntryCompanies } from '../../db/schema.ts';
import { enqueueMail, type OutgoingMail } from '../../mail/outbox.ts';
import { selectOrders, toOrder } from './queries.ts';

export interface OrderMailContext {
  /** The app's public address; the mail links to `${publicUrl}/orders/{id}`. */
  publicUrl: string;
  /** The service clock's time. */
  now: Date;
}

/**
 * The study's distribution list entries that match the order: an entry with no company type
 * gets every order of the study; a typed entry the orders of its companies (a CMO entry the
 * order's CMO, a clinical-site entry its site, an imaging-center entry its center).
 */
export async function orderMailRecipients(db: Executor, order: Order): Promise<string[]> {
  const e = studyDistributionEntries;
  const companyOfOrder = sql`case ${e.companyType}
    when 'cmo' then ${order.cmo.id}::integer
    when 'clinical_site' then ${order.site.id}::integer
    when 'imaging_center' then ${order.imagingCenter.id}::integer end`;
  const rows = await db
    .selectDistinct({ email: e.email })
    .from(e)
    .where(
      and(
        eq(e.studyId, order.study.id),
        or(
          isNull(e.companyType),
          sql`exists (select 1 from ${studyDistributionEntryCompanies}
            where ${studyDistributionEntryCompanies.entryId} = ${e.id}
              and ${studyDistributionEntryCompanies.companyId} = ${companyOfOrder})`,
        ),
      ),
    );
  // One address once, whatever its case.
  const byAddress = new Map(rows.map((r) => [r.email.trim().toLowerCase(), r.email.trim()]));
  return [...byAddress.values()].sort();
}

/** `2027-03-08 07:00 CST (America/Chicago)`: a time on the imaging center's clock, with its zone. */
export function inZone(iso: string, zone: string): string {
  return `${DateTime.fromISO(iso, { zone }).toFormat('yyyy-MM-dd HH:mm ZZZZ')} (${zone})`;
}

/** The mail telling where an order stands now (placed, accepted, rejected, canceled, delivered). */
export function orderMail(order: Order, link: string): Omit<OutgoingMail, 'to'> {
  const zone = order.imagingCenter.timezone;
  const status = order.status === 'pending' ? 'placed' : orderStatusLabels[order.status].toLowerCase();
  const lines = [
    `Order #${order.number} was ${status}.`,
    '',
    `Order: #${order.number}`,
    `Status: ${orderStatusLabels[order.status]}`,
    `Study: ${order.study.name}`,
    `Clinical Site: ${order.site.name}`,
    `Imaging Center: ${order.imagingCenter.name}`,
    `Subject: ${order.subjectId}`,
    `Exam: ${order.exam.name}`,
    `Drug: ${order.drug.name}`,
    `CMO: ${order.cmo.name}`,
    `Calibration date-time: ${inZone(order.calibrationDatetime, zone)}`,
  ];
  if (order.projectedDelivery && order.status !== 'pending') {
    lines.push(`Projected delivery: ${inZone(order.projectedDelivery, zone)}`);
  }
  if (order.status === 'delivered' && order.deliveredAt) {
    lines.push(`Delivered: ${inZone(order.deliveredAt, zone)}`);
  }
  if (order.status === 'rejected') lines.push(`Reason for rejection: ${order.rejectionReason ?? ''}`);
  if (order.status === 'canceled') lines.push(`Reason for cancellation: ${order.cancelationReason ?? ''}`);
  lines.push('', `View the order: ${link}`);
  return {
    subject: `Order #${order.number} ${status} - ${order.study.name}, ${order.site.name}`,
    text: `${lines.join('\n')}\n`,
  };
}

/**
 * Queues the mail of the order's current state to every matching distribution entry, inside
 * the transaction that changed the order (one mail per address, so recipients from different
 * companies do not see each other). The caller wakes the mailer after commit. Returns how many
 * mails were queued.
 */
export async function enqueueOrderMail(
  tx: Executor,
  orderId: number,
  ctx: OrderMailContext,
): Promise<number> {
  const [row] = await selectOrders(tx).where(eq(orders.id, orderId));
  if (!row) throw new Error(`order ${orderId} vanished inside its own transaction`);
  const order = toOrder(row);
  const recipients = await orderMailRecipients(tx, order);
  const mail = orderMail(order, `${ctx.publicUrl}/orders/${order.id}`);
  for (const to of recipients) await enqueueMail(tx, { ...mail, to }, ctx.now);
  return recipients.length;
}
