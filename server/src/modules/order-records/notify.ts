import {
  formatActivity,
  formatInstant,
  formatRequestedActivity,
  messages,
  type Order,
  type OrderActionRule,
  type OrderReceipt,
  type OrderShipment,
  orderActionRules,
  orderActions,
  orderStatusLabels,
  orderStatusTable,
  type WebhookEvent,
  type WebhookOrder,
} from '@dosechain/contract';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../kernel/db/client.ts';
import { studyDistributionEntries, studyDistributionEntryCompanies } from '../../kernel/db/schema.ts';
import type { SqlInteger } from '../../kernel/db/sql-integer.ts';
import { enqueueMails, type OutgoingMail, outboxInsert } from '../../kernel/mail/outbox.ts';
import { orderWebhookDeliveries } from './order-webhooks.ts';

export interface OrderMailContext {
  /** The app's public address; the mail links to `${publicUrl}/orders/{id}`. */
  publicUrl: string;
  /** The service clock's time. */
  now: Date;
}

/** The study and companies of an order, by their ids, for choosing whom it mails. */
export interface OrderMailCompanies {
  studyId: SqlInteger;
  cmoId: SqlInteger;
  siteId: SqlInteger;
  imagingCenterId: SqlInteger;
}

/**
 * The condition on `study_distribution_entries` that picks the entries matching an order: an
 * entry with no company type gets every order of the study; a typed entry the orders of its
 * companies (a CMO entry the order's CMO, a clinical-site entry its site, an imaging-center
 * entry its center).
 */
/** The study and companies of an order, as its distribution list is matched against them. */
export const orderCompanies = (order: Order): OrderMailCompanies => ({
  studyId: order.study.id,
  cmoId: order.cmo.id,
  siteId: order.site.id,
  imagingCenterId: order.imagingCenter.id,
});

export function distributionMatch(ids: OrderMailCompanies): SQL {
  const e = studyDistributionEntries;
  const companyOfOrder = sql`case ${e.companyType}
    when 'cmo' then ${ids.cmoId}::integer
    when 'clinical_site' then ${ids.siteId}::integer
    when 'imaging_center' then ${ids.imagingCenterId}::integer end`;
  return and(
    eq(e.studyId, sql`${ids.studyId}::integer`),
    or(
      isNull(e.companyType),
      sql`exists (select 1 from ${studyDistributionEntryCompanies}
        where ${studyDistributionEntryCompanies.entryId} = ${e.id}
          and ${studyDistributionEntryCompanies.companyId} = ${companyOfOrder})`,
    ),
  ) as SQL;
}

/** Each address once, whatever its case or surrounding blanks, sorted. */
export function uniqueAddresses(emails: readonly string[]): string[] {
  const byAddress = new Map(emails.map((m) => [m.trim().toLowerCase(), m.trim()]));
  return [...byAddress.values()].sort();
}

/** The addresses of the study's distribution list entries that match the order. */
export async function orderMailRecipients(db: Executor, order: Order): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: studyDistributionEntries.email })
    .from(studyDistributionEntries)
    .where(distributionMatch(orderCompanies(order)));
  return uniqueAddresses(rows.map((r) => r.email));
}

/**
 * `Mar 8, 2027, 07:00 CST (America/Chicago)`: a time on the imaging center's clock, written as
 * the web app writes it (the contract's one formatter), with the zone's name for the reader.
 */
export function inZone(iso: string, zone: string): string {
  return `${formatInstant(iso, zone)} (${zone})`;
}

/** What an order's mail tells. */
export type OrderMailFacts = Pick<
  Order,
  | 'id'
  | 'number'
  | 'status'
  | 'subjectId'
  | 'calibrationDatetime'
  | 'requestedActivity'
  | 'activityUnit'
  | OrderActionRule['column']
> & {
  /** The shipment's record (issue 35); absent or null: not shipped. */
  shipment?: Order['shipment'];
  /** The receipt's record (issue 35); absent or null: none made. */
  receipt?: Order['receipt'];
  study: { name: string };
  site: { name: string };
  exam: { name: string };
  drug: { name: string };
  cmo: { name: string };
  imagingCenter: { name: string; timezone: string };
} & Partial<Pick<Order, 'outOfWindow' | 'duplicateTimepoint' | 'overrideReason' | 'replacesOrder'>>;

/** What the placement overrode and the order it replaces (issue 36), as mail lines; none when neither. */
function overrideLines(order: OrderMailFacts): string[] {
  const lines: string[] = [];
  if (order.replacesOrder) lines.push(`Replaces order: #${order.replacesOrder.number}`);
  if (order.outOfWindow) lines.push(`${messages.outOfWindowMarker}: placed outside the subject's window`);
  if (order.duplicateTimepoint) {
    lines.push(`${messages.duplicateTimepointMarker}: the subject has another order for this timepoint`);
  }
  if (order.overrideReason) lines.push(`Override reason: ${order.overrideReason}`);
  return lines;
}

/** The facts every mail about an order gives after its number, times on the zone's clock. */
export function orderFactLines(
  order: Pick<
    OrderMailFacts,
    'study' | 'site' | 'imagingCenter' | 'subjectId' | 'exam' | 'drug' | 'cmo' | 'calibrationDatetime'
  >,
  zone: string,
): string[] {
  return [
    `Study: ${order.study.name}`,
    `Clinical Site: ${order.site.name}`,
    `Imaging Center: ${order.imagingCenter.name}`,
    `Subject: ${order.subjectId}`,
    `Exam: ${order.exam.name}`,
    `Drug: ${order.drug.name}`,
    `CMO: ${order.cmo.name}`,
    `Calibration date-time: ${inZone(order.calibrationDatetime, zone)}`,
  ];
}

/** The shipment's lines of an order mail (issue 35): lot, assay, expiry, courier and tracking number. */
export function shipmentLines(shipment: OrderShipment | null, zone: string): string[] {
  if (!shipment) return [];
  const lines = [`Lot number: ${shipment.lotNumber}`];
  if (shipment.assayedActivity !== null && shipment.activityUnit !== null && shipment.assayedAt !== null)
    lines.push(
      `Assayed activity: ${formatRequestedActivity(shipment.assayedActivity, shipment.activityUnit)} at ${inZone(shipment.assayedAt, zone)}`,
    );
  lines.push(`Expires: ${inZone(shipment.expiresAt, zone)}`);
  if (shipment.courier) lines.push(`Courier: ${shipment.courier}`);
  if (shipment.trackingNumber) lines.push(`Tracking number: ${shipment.trackingNumber}`);
  return lines;
}

/**
 * The receipt's lines of an order mail (issue 35): the received assay with the expected activity,
 * the package's condition, and a deviation with its reason.
 */
export function receiptLines(receipt: OrderReceipt | null, zone: string): string[] {
  if (!receipt) return [];
  const lines: string[] = [];
  const unit = receipt.activityUnit;
  if (receipt.receivedActivity !== null && receipt.receivedAt !== null && unit !== null) {
    const expected =
      receipt.expectedActivity === null
        ? ''
        : ` (expected ${formatActivity(receipt.expectedActivity, unit)})`;
    lines.push(
      `Received activity: ${formatRequestedActivity(receipt.receivedActivity, unit)} at ${inZone(receipt.receivedAt, zone)}${expected}`,
    );
  }
  lines.push(`Package: ${receipt.packageCondition === 'damaged' ? 'Damaged' : 'Intact'}`);
  if (receipt.deviation) lines.push(`Receipt deviation: ${receipt.comment}`);
  return lines;
}

/** The mail telling where an order stands now (placed, accepted, rejected, canceled, delivered). */
export function orderMail(order: OrderMailFacts, link: string): Omit<OutgoingMail, 'to'> {
  const zone = order.imagingCenter.timezone;
  const status = orderStatusTable[order.status].pastTense;
  const lines = [
    `Order #${order.number} was ${status}.`,
    '',
    `Order: #${order.number}`,
    `Status: ${orderStatusLabels[order.status]}`,
    ...orderFactLines(order, zone),
    ...overrideLines(order),
  ];
  if (order.requestedActivity !== null && order.activityUnit !== null) {
    lines.push(
      `Requested activity at calibration: ${formatRequestedActivity(order.requestedActivity, order.activityUnit)}`,
    );
  }
  // Each action's entered value the order holds (a delivered order: its projected delivery too).
  for (const action of orderActions) {
    const rule = orderActionRules[action];
    const value = order[rule.column];
    if (value === null) continue;
    lines.push(`${rule.mailLabel}: ${rule.needs === 'relatedDatetime' ? inZone(value, zone) : value}`);
  }
  lines.push(...shipmentLines(order.shipment ?? null, zone), ...receiptLines(order.receipt ?? null, zone));
  lines.push('', `View the order: ${link}`);
  return {
    subject: `Order #${order.number} ${status} - ${order.study.name}, ${order.site.name}`,
    text: `${lines.join('\n')}\n`,
  };
}

/** The mails of the order's state, one per recipient (so recipients from different companies do not see each other). */
function orderMails(
  order: OrderMailFacts,
  recipients: readonly string[],
  ctx: OrderMailContext,
): OutgoingMail[] {
  const mail = orderMail(order, `${ctx.publicUrl}/orders/${order.id}`);
  return recipients.map((to) => ({
    ...mail,
    to,
    purpose: orderStatusTable[order.status].mailPurpose,
    orderId: order.id,
  }));
}

/**
 * Queues the mail of the order's state to each recipient, inside the transaction that changed
 * the order, in one statement. The caller wakes the mailer after commit. Returns how many mails
 * were queued.
 */
export async function enqueueOrderMailTo(
  tx: Executor,
  order: OrderMailFacts,
  recipients: readonly string[],
  ctx: OrderMailContext,
): Promise<number> {
  if (recipients.length === 0) return 0;
  await enqueueMails(tx, orderMails(order, recipients, ctx), ctx.now);
  return recipients.length;
}

/**
 * Queues what a change of an order tells: its mail to each recipient and its event to its
 * study's webhooks, in one statement (the mails a data-modifying CTE of the deliveries' insert),
 * inside the transaction that changed the order. The caller wakes the mailer and the webhook
 * dispatcher after commit.
 */
export async function enqueueOrderNotices(
  tx: Executor,
  order: OrderMailFacts & { webhook: WebhookOrder },
  recipients: readonly string[],
  event: WebhookEvent,
  ctx: OrderMailContext,
): Promise<void> {
  const mails =
    recipients.length === 0 ? null : outboxInsert(tx, orderMails(order, recipients, ctx), ctx.now);
  const deliveries = orderWebhookDeliveries([order.webhook], event, ctx.now);
  if (mails && deliveries) await tx.execute(sql`with mails as (${mails.getSQL()}) ${deliveries}`);
  else if (deliveries) await tx.execute(deliveries);
  else if (mails) await mails;
}

/** Queues the mail of the order as read (`resendOrderMail`) to every matching distribution entry. */
export async function enqueueOrderMail(tx: Executor, order: Order, ctx: OrderMailContext): Promise<number> {
  return enqueueOrderMailTo(tx, order, await orderMailRecipients(tx, order), ctx);
}
