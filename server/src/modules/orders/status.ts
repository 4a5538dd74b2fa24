import {
  type ActivityUnit,
  actionTo,
  capacityReleasingStatuses,
  checkReceipt,
  expectedActivityAt,
  hasPermission,
  limits,
  localDateTimeToInstant,
  messages,
  type Order,
  type OrderActionRule,
  type OrderReceipt,
  type OrderShipment,
  type OrderStatus,
  type OrderStatusBatchAnswer,
  type OrderStatusBatchResult,
  orderActionRules,
  orderActions,
  type orderStatusBatchBodySchema,
  type orderStatusChangeBodySchema,
  orderStatusLabels,
  orderStatusTable,
  type PackageCondition,
  RECEIPT_TOLERANCE_DEFAULT_PERCENT,
  relatedTimeProblem,
  roleMayTakeAction,
  setsReceipt,
  setsShipment,
  statusChangeProblems,
} from '@dosechain/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { checkESignature } from '../../kernel/audit/e-signature.ts';
import { type AuditWriter, auditedMutation, signedMutation } from '../../kernel/audit/mutation.ts';
import { actingRole } from '../../kernel/auth/scope.ts';
import type { Tx } from '../../kernel/db/client.ts';
import {
  doseSlots,
  drugAvailabilities,
  orderReceipts,
  orderShipments,
  orders,
} from '../../kernel/db/schema.ts';
import { AppError, forbidden, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { safeError } from '../../kernel/safe-error.ts';
import { releaseDose } from '../availability/index.ts';
import {
  enqueueOrderMail,
  enqueueOrderNotices,
  orderMailRecipients,
  receiptAnswer,
  shipmentAnswer,
  webhookOrder,
  withContacts,
  withOwnColumns,
} from '../order-records/index.ts';
import { scopedOrder } from './service.ts';

type StatusChange = z.output<typeof orderStatusChangeBodySchema>;
type StatusBatch = z.output<typeof orderStatusBatchBodySchema>;

const invalidTransition = (from: OrderStatus, to: OrderStatus) => {
  const message = messages.invalidStatusTransition(
    orderStatusLabels[from].toLowerCase(),
    orderStatusLabels[to].toLowerCase(),
  );
  return new AppError(409, 'INVALID_STATUS_TRANSITION', message, [
    { code: 'INVALID_STATUS_TRANSITION', message, parameter: 'status' },
  ]);
};

/**
 * The instant of the date-time the user entered: a wall-clock `YYYY-MM-DDTHH:mm` in the chosen
 * zone, the imaging center's by default (spec section 4). 400 when that time does not exist there.
 */
function enteredInstant(body: StatusChange, order: Order): Date {
  const zone = body.timezone ?? order.imagingCenter.timezone;
  const at = body.relatedDatetime ? localDateTimeToInstant(body.relatedDatetime, zone) : undefined;
  if (!at)
    throw validationFailed([{ parameter: 'relatedDatetime', message: messages.nonexistentLocalTime(zone) }]);
  return at;
}

type OrderChange = Partial<typeof orders.$inferInsert>;

/** A shipment as checked, its wall-clock times read as instants (issue 35). */
interface ShipmentInput {
  lotNumber: string;
  assayedActivity: number | null;
  assayedAt: Date | null;
  expiresAt: Date;
  courier: string | null;
  trackingNumber: string | null;
}

/** A wall-clock field of the body read in the body's zone (the imaging center's by default); 400 on it when that time does not exist there. */
function localField(body: StatusChange, order: Order, field: 'assayedAt' | 'expiresAt' | 'receivedAt'): Date {
  const zone = body.timezone ?? order.imagingCenter.timezone;
  const at = localDateTimeToInstant(body[field]!, zone);
  if (!at) throw validationFailed([{ parameter: field, message: messages.nonexistentLocalTime(zone) }]);
  return at;
}

/**
 * The shipment of `status: "shipped"` (issue 35, decision 058), checked against the order and the
 * clock: an assay is required for a radioactive drug, is not in the future and lies within
 * `limits.journeyMeasurementMaxHours` of the dispatch; the expiry is after the assay and the
 * dispatch (400 on the field); a dose already expired is not shipped (409 `DOSE_EXPIRED`).
 */
function checkedShipment(
  ctx: ServiceContext,
  body: StatusChange,
  order: Order,
  dispatch: Date,
): ShipmentInput {
  const now = ctx.clock.now();
  const assayedAt = body.assayedAt === undefined ? null : localField(body, order, 'assayedAt');
  const expiresAt = localField(body, order, 'expiresAt');
  const problems: { parameter: string; message: string }[] = [];
  if (body.assayedActivity === undefined && order.drug.halfLifeSeconds !== null)
    problems.push({ parameter: 'assayedActivity', message: messages.assayRequiredForRadioactiveDrug });
  if (assayedAt) {
    const maxHours = limits.journeyMeasurementMaxHours;
    if (assayedAt.getTime() > now.getTime() + limits.clockSkewMinutes * 60_000)
      problems.push({ parameter: 'assayedAt', message: messages.journeyTimeInFuture });
    else if (Math.abs(assayedAt.getTime() - dispatch.getTime()) > maxHours * 3_600_000)
      problems.push({ parameter: 'assayedAt', message: messages.measurementFarFromEvent(maxHours) });
  }
  if (assayedAt && expiresAt.getTime() <= assayedAt.getTime())
    problems.push({ parameter: 'expiresAt', message: messages.expiryNotAfterAssay });
  else if (expiresAt.getTime() <= dispatch.getTime())
    problems.push({ parameter: 'expiresAt', message: messages.expiryNotAfterDispatch });
  if (problems.length > 0) throw validationFailed(problems);
  if (expiresAt.getTime() <= now.getTime()) throw doseExpired('expiresAt');
  return {
    lotNumber: body.lotNumber!,
    assayedActivity: body.assayedActivity ?? null,
    assayedAt,
    expiresAt,
    courier: body.courier ?? null,
    trackingNumber: body.trackingNumber ?? null,
  };
}

/** 409 `DOSE_EXPIRED`: the dose's expiry has passed (a shipment, an injection after it). */
export const doseExpired = (parameter: string) =>
  new AppError(409, 'DOSE_EXPIRED', messages.doseExpired, [
    { code: 'DOSE_EXPIRED', message: messages.doseExpired, parameter },
  ]);

/**
 * Writes the shipment's row of an order just moved to `shipped`, its assay in the order's unit
 * (the unit of the availability its dose comes from when the order requested no activity).
 */
async function recordShipment(
  tx: Tx,
  ctx: ServiceContext,
  order: typeof orders.$inferSelect,
  input: ShipmentInput,
): Promise<OrderShipment> {
  let activityUnit: ActivityUnit | null = null;
  if (input.assayedActivity !== null) {
    activityUnit = order.activityUnit ?? (await availabilityUnit(tx, order));
  }
  const [row] = await tx
    .insert(orderShipments)
    .values({ orderId: order.id, ...input, activityUnit, createdBy: ctx.actor.user.id })
    .returning();
  return shipmentAnswer(row!);
}

/** A receipt as checked (issue 35): the assay read as an instant, the expectation the server computed. */
interface ReceiptInput {
  receivedActivity: number | null;
  receivedAt: Date | null;
  /** The unit of the figures: the shipment's or the order's; null: the availability's (read on writing). */
  activityUnit: ActivityUnit | null;
  expectedActivity: number | null;
  deviationPercent: number | null;
  tolerancePercent: number;
  packageCondition: PackageCondition;
  deviation: boolean;
  comment: string | null;
}

/**
 * The receipt of `status: "delivered"` (issue 35, decision 058): the received assay is not in the
 * future and lies within `limits.journeyMeasurementMaxHours` of the delivery; it is compared
 * with the activity expected at that moment and the drug's tolerance (`checkReceipt`). Outside it,
 * or a damaged package, is a deviation, whose reason (`comment`) is required: 400 on `comment`.
 */
function checkedReceipt(
  ctx: ServiceContext,
  body: StatusChange,
  order: Order,
  delivered: Date,
): ReceiptInput {
  const receivedAt = body.receivedAt === undefined ? null : localField(body, order, 'receivedAt');
  if (receivedAt) {
    const maxHours = limits.journeyMeasurementMaxHours;
    if (receivedAt.getTime() > ctx.clock.now().getTime() + limits.clockSkewMinutes * 60_000)
      throw validationFailed([{ parameter: 'receivedAt', message: messages.journeyTimeInFuture }]);
    if (Math.abs(receivedAt.getTime() - delivered.getTime()) > maxHours * 3_600_000)
      throw validationFailed([
        { parameter: 'receivedAt', message: messages.measurementFarFromEvent(maxHours) },
      ]);
  }
  const expected = expectedActivityAt(order, (receivedAt ?? delivered).toISOString());
  const receivedActivity = body.receivedActivity ?? null;
  const tolerancePercent = order.drug.receiptTolerancePercent ?? RECEIPT_TOLERANCE_DEFAULT_PERCENT;
  const check =
    receivedActivity !== null && expected
      ? checkReceipt(receivedActivity, expected.activity, tolerancePercent)
      : null;
  const packageCondition = body.packageCondition ?? 'intact';
  const damaged = packageCondition === 'damaged';
  const deviation = damaged || (check?.outsideTolerance ?? false);
  const comment = body.comment || null;
  if (deviation && !comment) {
    const message = damaged
      ? messages.damagedPackageReason
      : messages.receiptOutsideTolerance(tolerancePercent);
    throw validationFailed([{ parameter: 'comment', message }]);
  }
  return {
    receivedActivity,
    receivedAt,
    activityUnit: expected?.unit ?? null,
    expectedActivity: expected && Number.isFinite(expected.activity) ? expected.activity : null,
    deviationPercent: check?.deviationPercent ?? null,
    tolerancePercent,
    packageCondition,
    deviation,
    comment,
  };
}

/** The unit of the availability the order's dose comes from (an order without a requested activity has none of its own). */
export async function availabilityUnit(tx: Tx, order: { doseSlotId: number }): Promise<ActivityUnit> {
  const [slot] = await tx
    .select({ unit: drugAvailabilities.activityUnit })
    .from(doseSlots)
    .innerJoin(drugAvailabilities, eq(drugAvailabilities.id, doseSlots.availabilityId))
    .where(eq(doseSlots.id, order.doseSlotId));
  return slot!.unit;
}

/** Writes the receipt's row of an order just moved to `delivered`. */
async function recordReceipt(
  tx: Tx,
  ctx: ServiceContext,
  order: typeof orders.$inferSelect,
  input: ReceiptInput,
): Promise<OrderReceipt> {
  const activityUnit =
    input.activityUnit ?? (input.receivedActivity !== null ? await availabilityUnit(tx, order) : null);
  const [row] = await tx
    .insert(orderReceipts)
    .values({ orderId: order.id, ...input, activityUnit, createdBy: ctx.actor.user.id })
    .returning();
  return receiptAnswer(row!);
}

/**
 * The columns an action sets, as its rule names them: the entered instant or the comment, and
 * the server's clock in its stamp column.
 */
function changedColumns(
  rule: OrderActionRule,
  now: Date,
  entered: Date | undefined,
  comment: string | undefined,
) {
  const set: OrderChange = {};
  if (rule.needs === 'relatedDatetime') set[rule.column] = entered;
  else set[rule.column] = comment;
  if (rule.stampColumn) set[rule.stampColumn] = now;
  return set;
}

/** What the audit row shows of an order's state: status and the fields the actions set. */
const auditedState = (
  o: { status: OrderStatus } & Record<OrderActionRule['column'], Date | string | null>,
) => ({
  status: o.status,
  ...Object.fromEntries(orderActions.map((a) => [orderActionRules[a].column, o[orderActionRules[a].column]])),
});

/**
 * `PUT /orders/{id}/status`: one guard reads the action's rule (contract `orderActionRules`):
 * the role needs the action's permission and must be one of the action's parties (403: a CMO
 * accepts, rejects and delivers; a site cancels; an imaging center cancels and delivers; staff
 * and admin do all), the order must be in the role's scope (404)
 * and in a status the action starts from (409). The update is conditional on the status read
 * (compare-and-set), so of two people acting on what they saw only the first wins, the other
 * gets 409 (the row lock makes the second UPDATE re-check after the first commits). Reject
 * and cancel give the dose back; the change is signed, audited (reason: the comment for reject
 * and cancel) and mailed to the distribution list in the same transaction.
 */
export async function changeOrderStatus(
  ctx: ServiceContext,
  id: number,
  body: StatusChange,
  /** The e-signature was already checked for this change (a batch signs once): its outcome. */
  presigned?: { signed: boolean },
): Promise<Order> {
  const action = actionTo(body.status);
  if (!action) throw invalidTransition('pending', body.status);
  const rule = orderActionRules[action];
  if (!hasPermission(ctx.actor.permissions, rule.permission)) throw forbidden();
  // Only the order's parties named for the action (scope below: their own company's orders).
  if (!roleMayTakeAction(actingRole(ctx.actor).type, action))
    throw forbidden(messages.notOrderParty(rule.label));
  const current = await scopedOrder(ctx, id);
  if (!rule.from.includes(current.status)) throw invalidTransition(current.status, rule.to);
  const entered = rule.needs === 'relatedDatetime' ? enteredInstant(body, current) : undefined;
  const problem =
    entered && relatedTimeProblem(action, entered, ctx.clock.now(), current.calibrationDatetime);
  if (problem) throw validationFailed([{ parameter: 'relatedDatetime', message: problem }]);
  if (entered && current.shippedAt && entered.getTime() < new Date(current.shippedAt).getTime())
    throw validationFailed([{ parameter: 'relatedDatetime', message: messages.beforeShipment }]);
  const shipment = setsShipment(action) ? checkedShipment(ctx, body, current, entered!) : undefined;
  const receipt = setsReceipt(action) ? checkedReceipt(ctx, body, current, entered!) : undefined;
  const comment = rule.needs === 'comment' ? body.comment : undefined;
  const reasonForChange = comment ?? body.reasonForChange;
  const options = { meaning: `${orderStatusLabels[rule.to]} Order` };
  const work = async (tx: Tx, audit: AuditWriter) => {
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(orders)
      .set({ status: rule.to, ...changedColumns(rule, now, entered, comment), updatedAt: now })
      .where(and(eq(orders.id, id), eq(orders.status, current.status)))
      .returning();
    if (!updated) {
      const [latest] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
      throw invalidTransition(latest?.status ?? current.status, rule.to);
    }
    if (capacityReleasingStatuses.includes(rule.to)) await releaseDose(tx, updated.doseSlotId);
    const shipped = shipment && (await recordShipment(tx, ctx, updated, shipment));
    const received = receipt && (await recordReceipt(tx, ctx, updated, receipt));
    const records = { ...(shipped ? { shipment: shipped } : {}), ...(received ? { receipt: received } : {}) };
    await audit({
      entityType: 'orders',
      entityId: id,
      eventType: 'update',
      before: auditedState(current),
      after: { ...auditedState(updated), ...records },
    });
    // The order as the update left it, from the row it returned: read once, before the change.
    const changed = { ...withOwnColumns(current, updated), ...records };
    await enqueueOrderNotices(
      tx,
      { ...changed, webhook: webhookOrder(changed) },
      await orderMailRecipients(tx, changed),
      orderStatusTable[rule.to].webhookEvent,
      { publicUrl: ctx.config.publicUrl, now },
    );
    return changed;
  };
  const changed = presigned
    ? await signedMutation(ctx, { reason: reasonForChange?.trim() || null, ...presigned }, options, work)
    : await auditedMutation(
        ctx,
        { reasonForChange, electronicSignature: body.electronicSignature },
        options,
        work,
      );
  const [answer] = await withContacts(ctx.db, [changed]);
  return answer!;
}

/**
 * `POST /orders/status-batch`: the e-signature is checked once (refused: nothing is done), then
 * each item is checked for what its action needs (`statusChangeProblems`, the single call's
 * schema check) and goes through `changeOrderStatus` as its own call would — the same checks (permission,
 * party, scope as 404, status, time), its own transaction, signed audit row and mail — one after
 * the other. A refused item is answered in its result and leaves the others as they are.
 */
export async function changeOrderStatuses(
  ctx: ServiceContext,
  body: StatusBatch,
): Promise<OrderStatusBatchAnswer> {
  const signed = await checkESignature(ctx, body.electronicSignature);
  const results: OrderStatusBatchResult[] = [];
  for (const { orderId, ...change } of body.items) {
    try {
      // What the item's action needs, refused on its field as the single call's schema would.
      const problems = statusChangeProblems(change);
      if (problems.length > 0) throw validationFailed(problems.map((p) => ({ ...p, code: 'custom' })));
      const order = await changeOrderStatus(
        ctx,
        orderId,
        { ...change, reasonForChange: body.reasonForChange },
        { signed },
      );
      results.push({ orderId, ok: true, status: order.status });
    } catch (err) {
      if (err instanceof AppError) {
        results.push({ orderId, ok: false, code: err.code, message: err.message, errors: err.errors });
      } else {
        ctx.log.error({ err: safeError(err), orderId }, 'status batch item failed');
        results.push({
          orderId,
          ok: false,
          code: 'INTERNAL_ERROR',
          message: messages.unexpectedError,
          errors: [],
        });
      }
    }
  }
  return { results };
}

/** `POST /orders/{id}/notifications`: queues the order's current mail again; how many were queued. */
export async function resendOrderMail(ctx: ServiceContext, id: number): Promise<{ queued: number }> {
  const order = await scopedOrder(ctx, id);
  const queued = await ctx.db.transaction((tx) =>
    enqueueOrderMail(tx, order, { publicUrl: ctx.config.publicUrl, now: ctx.clock.now() }),
  );
  return { queued };
}
