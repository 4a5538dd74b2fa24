import {
  formatInstant,
  formatLateness,
  LATE_ORDER_STATUS,
  minutesLate,
  type Order,
} from '@dosechain/contract';
import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { type AuditActor, recordAudits } from '../../kernel/audit/record.ts';
import type { Db, Executor } from '../../kernel/db/client.ts';
import { orders, studyDistributionEntries } from '../../kernel/db/schema.ts';
import { enqueueMails, type OutgoingMail } from '../../kernel/mail/outbox.ts';
import {
  distributionMatch,
  enqueueOrderWebhooks,
  inZone,
  orderFactLines,
  selectOrders,
  toOrder,
  uniqueAddresses,
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

/**
 * Each address of the order's distribution list with the zone its mail is written in: the zone
 * of the company its entry is for (a CMO entry the CMO's, a site entry the site's), the imaging
 * center's (the clock of the scan, as every order mail) for an entry of the whole study.
 */
export async function recipientsWithZones(db: Executor, order: Order): Promise<Map<string, string>> {
  const rows = await db
    .select({ email: studyDistributionEntries.email, companyType: studyDistributionEntries.companyType })
    .from(studyDistributionEntries)
    .where(
      distributionMatch({
        studyId: order.study.id,
        cmoId: order.cmo.id,
        siteId: order.site.id,
        imagingCenterId: order.imagingCenter.id,
      }),
    );
  const zoneOf = {
    cmo: order.cmo.timezone,
    clinical_site: order.site.timezone,
    imaging_center: order.imagingCenter.timezone,
  } as const;
  const byAddress = new Map<string, string>();
  // An address on a company's entry reads that company's clock; else the imaging center's.
  for (const row of [...rows].sort(
    (a, b) => Number(a.companyType === null) - Number(b.companyType === null),
  )) {
    const [address] = uniqueAddresses([row.email]);
    if (!address || [...byAddress.keys()].some((a) => a.toLowerCase() === address.toLowerCase())) continue;
    byAddress.set(address, zoneOf[row.companyType ?? 'imaging_center']);
  }
  return byAddress;
}

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
 * One pass of the watch: claims the accepted orders whose projected delivery is before `now`
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
          eq(orders.status, LATE_ORDER_STATUS),
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
