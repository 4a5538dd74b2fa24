import {
  type ActivityUnit,
  administeredActivity,
  isCompanyRole,
  limits,
  localDateTimeToInstant,
  messages,
  notAdministeredReasonLabels,
  type Order,
  type OrderAdministration,
  type orderAdministrationBodySchema,
  orderStatusLabels,
  repeatableWebhookEvent,
  type WebhookEvent,
} from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import { actingRole } from '../../kernel/auth/scope.ts';
import { orderAdministrations, orders } from '../../kernel/db/schema.ts';
import { AppError, forbidden, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { administrationAnswer, enqueueOrderWebhooks } from '../order-records/index.ts';
import { getOrder, scopedOrder } from './service.ts';
import { availabilityUnit, doseExpired } from './status.ts';

type AdministrationBody = z.output<typeof orderAdministrationBodySchema>;
type Field = 'relatedDatetime' | 'measuredAt' | 'residualAt';

/** An administration's row as checked, before its unit is known for sure. */
type AdministrationInput = Omit<
  typeof orderAdministrations.$inferInsert,
  'orderId' | 'createdBy' | 'createdAt' | 'updatedAt'
>;

/**
 * Checks an administered dose's times and computes the administered activity: the injection is
 * not in the future, not before the delivery and not after the shipment's expiry (409
 * `DOSE_EXPIRED`); the syringe's measurements are not in the future and lie within
 * `limits.journeyMeasurementMaxHours` of the injection; what is left is more than nothing.
 */
function checkedInjection(ctx: ServiceContext, body: AdministrationBody, order: Order, unit: ActivityUnit) {
  const zone = body.timezone ?? order.imagingCenter.timezone;
  const read = (field: Field): Date | null => {
    const text = body[field];
    if (text === undefined) return null;
    const at = localDateTimeToInstant(text, zone);
    if (!at) throw validationFailed([{ parameter: field, message: messages.nonexistentLocalTime(zone) }]);
    return at;
  };
  const injectedAt = read('relatedDatetime')!;
  const measuredAt = read('measuredAt')!;
  const residualAt = read('residualAt');
  const latest = ctx.clock.now().getTime() + limits.clockSkewMinutes * 60_000;
  const maxMs = limits.journeyMeasurementMaxHours * 3_600_000;
  const problems: { parameter: string; message: string }[] = [];
  for (const [field, at] of [
    ['relatedDatetime', injectedAt],
    ['measuredAt', measuredAt],
    ['residualAt', residualAt],
  ] as const) {
    if (!at) continue;
    if (at.getTime() > latest) problems.push({ parameter: field, message: messages.journeyTimeInFuture });
    else if (field !== 'relatedDatetime' && Math.abs(at.getTime() - injectedAt.getTime()) > maxMs)
      problems.push({
        parameter: field,
        message: messages.measurementFarFromEvent(limits.journeyMeasurementMaxHours),
      });
  }
  if (order.deliveredAt && injectedAt.getTime() < new Date(order.deliveredAt).getTime())
    problems.push({ parameter: 'relatedDatetime', message: messages.beforeDelivery });
  if (problems.length > 0) throw validationFailed(problems);
  if (order.shipment && injectedAt.getTime() > new Date(order.shipment.expiresAt).getTime())
    throw doseExpired('relatedDatetime');
  const decay = { unit, halfLifeSeconds: order.drug.halfLifeSeconds };
  const given = administeredActivity(
    injectedAt.toISOString(),
    { activity: body.measuredActivity!, at: measuredAt.toISOString() },
    residualAt && body.residualActivity !== undefined
      ? { activity: body.residualActivity, at: residualAt.toISOString() }
      : null,
    decay,
  );
  if (!(given > 0) || !Number.isFinite(given))
    throw validationFailed([{ parameter: 'residualActivity', message: messages.residualAboveMeasured }]);
  return {
    administered: true,
    injectedAt,
    measuredActivity: body.measuredActivity!,
    measuredAt,
    residualActivity: body.residualActivity ?? null,
    residualAt,
    activityUnit: unit,
    administeredActivity: given,
    reason: null,
    comment: null,
  } satisfies AdministrationInput;
}

/**
 * `PUT /orders/{id}/administration` (issue 35, decision 058): the order's imaging center (or
 * staff, admin) records on a delivered order what was injected and when — the administered
 * activity `administeredActivity` computes, stored as computed — or that the dose was not given,
 * with the reason (`reason`, omitted: `other`; decision 060) and a comment. Signed and audited
 * (before and after); a recorded administration is corrected by the same call, with a reason for
 * change. Queues `order.administered` or `order.not_administered` to the study's webhooks, and
 * `order.administration_corrected` on each correction. 404
 * outside the scope, 403 for a party other than the imaging center, 409 when the order is not
 * delivered or the dose had expired at the injection.
 */
export async function recordAdministration(
  ctx: ServiceContext,
  id: number,
  body: AdministrationBody,
): Promise<Order> {
  // Another company's order is not found (404) before the party is asked about (403).
  const current = await scopedOrder(ctx, id);
  const roleType = actingRole(ctx.actor).type;
  if (isCompanyRole(roleType) && roleType !== 'imaging_center')
    throw forbidden(messages.notOrderParty('Administer'));
  if (current.status !== 'delivered') {
    const message = messages.administrationOnlyDelivered;
    throw new AppError(409, 'INVALID_STATUS_TRANSITION', message, [
      {
        code: 'INVALID_STATUS_TRANSITION',
        message: `${message} (this one is ${orderStatusLabels[current.status].toLowerCase()})`,
        parameter: 'status',
      },
    ]);
  }
  if (current.administration && !body.reasonForChange?.trim())
    throw validationFailed([{ parameter: 'reasonForChange', message: messages.required }]);
  const knownUnit = current.shipment?.activityUnit ?? current.receipt?.activityUnit ?? current.activityUnit;
  // Checked before the transaction when the unit is known (it is, unless the order named none).
  const precheck = body.administered && knownUnit ? checkedInjection(ctx, body, current, knownUnit) : null;
  // Not given: the reason (omitted: `other`, which the contract makes come with a comment); the
  // audit row's reason is the comment, else the reason's label.
  const notGivenReason = body.administered ? null : (body.reason ?? 'other');
  const reason =
    body.reasonForChange ??
    (notGivenReason === null ? undefined : body.comment || notAdministeredReasonLabels[notGivenReason]);
  await auditedMutation(
    ctx,
    { reasonForChange: reason, electronicSignature: body.electronicSignature },
    { meaning: body.administered ? 'Administered Dose' : 'Dose Not Administered' },
    async (tx, audit) => {
      const now = ctx.clock.now();
      // The order's row lock: two recordings of one order follow each other.
      const [locked] = await tx
        .update(orders)
        .set({ updatedAt: now })
        .where(eq(orders.id, id))
        .returning({ doseSlotId: orders.doseSlotId });
      const [before] = await tx
        .select()
        .from(orderAdministrations)
        .where(eq(orderAdministrations.orderId, id));
      // Someone recorded it between the read above and this lock: a correction needs its reason.
      if (before && !current.administration && !body.reasonForChange?.trim())
        throw validationFailed([{ parameter: 'reasonForChange', message: messages.required }]);
      const input: AdministrationInput = body.administered
        ? (precheck ?? checkedInjection(ctx, body, current, await availabilityUnit(tx, locked!)))
        : {
            administered: false,
            injectedAt: null,
            measuredActivity: null,
            measuredAt: null,
            residualActivity: null,
            residualAt: null,
            activityUnit: null,
            administeredActivity: null,
            reason: notGivenReason,
            comment: body.comment || null,
          };
      const [row] = before
        ? await tx
            .update(orderAdministrations)
            .set({ ...input, updatedAt: now })
            .where(eq(orderAdministrations.orderId, id))
            .returning()
        : await tx
            .insert(orderAdministrations)
            .values({ orderId: id, ...input, createdBy: ctx.actor.user.id })
            .returning();
      const after: OrderAdministration = administrationAnswer(row!);
      await audit({
        entityType: 'orders',
        entityId: id,
        eventType: 'update',
        before: { administration: before ? administrationAnswer(before) : null },
        after: { administration: after },
      });
      // A first recording raises its outcome's event; each correction raises its own, whose body
      // carries the record as corrected (a receiver must not keep a superseded activity).
      const event: WebhookEvent = before
        ? repeatableWebhookEvent
        : body.administered
          ? 'order.administered'
          : 'order.not_administered';
      await enqueueOrderWebhooks(tx, [id], event, now);
    },
  );
  return getOrder(ctx, id);
}
