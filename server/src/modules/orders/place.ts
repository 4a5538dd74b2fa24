import {
  type ActivityUnit,
  drugMaximumText,
  exceedsDrugMaximum,
  isLostOrder,
  messages,
  type PlaceOrderAnswer,
  type placeOrderBodySchema,
  placeOrderNotes,
  roleMayPlaceOrders,
  scheduleWindow,
} from '@dosechain/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { checkESignature } from '../../kernel/audit/e-signature.ts';
import { reasonOf, signedMutation } from '../../kernel/audit/mutation.ts';
import { actingRole, type CompanyScope, companyScope } from '../../kernel/auth/scope.ts';
import type { Tx } from '../../kernel/db/client.ts';
import { doseSlots, orders } from '../../kernel/db/schema.ts';
import { AppError, forbidden, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import {
  dayInterval,
  localDate,
  occursOn,
  orderScopeAllows,
  type ResolvedPairing,
  recurrenceOf,
  takeDose,
} from '../availability/index.ts';
import { orderInScope } from '../order-records/index.ts';
import { dateIn } from '../schedule/index.ts';
import {
  AlreadyPlaced,
  claimKey,
  earlierAnswer,
  type IdempotentPlacement,
  keepAnswer,
} from './idempotency.ts';
import {
  type PlacementAvailability,
  type PlacementSchedule,
  placementReferences,
  type ReplacedOrder,
} from './place-references.ts';
import { type PlacementDose, placeInOneStatement, type WrittenOrder } from './place-statement.ts';

type PlaceOrderInput = z.output<typeof placeOrderBodySchema>;
type FieldIssue = { parameter: string; message: string };

const slotFull = () =>
  new AppError(409, 'AVAILABILITY_SLOT_FULL', messages.slotFull, [
    { code: 'AVAILABILITY_SLOT_FULL', message: messages.slotFull, parameter: 'calibrationDatetime' },
  ]);

const blackedOut = () =>
  new AppError(409, 'AVAILABILITY_DAY_CLOSED', messages.dayBlackedOut, [
    { code: 'AVAILABILITY_DAY_CLOSED', message: messages.dayBlackedOut, parameter: 'calibrationDatetime' },
  ]);

/** Whether every candidate's slot of the day is closed (a no-manufacture exception). */
async function dayClosed(tx: Tx, date: string, candidates: { id: number }[]): Promise<boolean> {
  const rows = await tx
    .select({ closed: doseSlots.closed })
    .from(doseSlots)
    .where(
      and(
        inArray(
          doseSlots.availabilityId,
          candidates.map((c) => c.id),
        ),
        eq(doseSlots.manufactureDate, date),
      ),
    );
  return rows.length === candidates.length && rows.every((r) => r.closed);
}

/**
 * Everything the form checks, checked again: the records exist (study and exam active), the role may order for the
 * site and imaging center, the study has a pairing for (exam, site), the center is linked to
 * the site. One 400 with an entry per bad field.
 */
async function checkReferences(
  ctx: ServiceContext,
  input: PlaceOrderInput,
  scope: CompanyScope | null,
  at: Date,
) {
  const refs = await placementReferences(ctx.db, input, scope, at);
  const { study, timepoint, site, center, exam, pairing, linked, siteLinkedToRoleCenter } = refs;
  // Out of the role's scope reads as not found, and says nothing more about that site or center.
  const siteOk =
    site !== undefined &&
    orderScopeAllows(scope, { siteId: input.siteId, cmoId: pairing?.cmoId, siteLinkedToRoleCenter });
  const centerOk =
    center !== undefined && (scope?.type !== 'imaging_center' || input.imagingCenterId === scope.companyId);
  const issues: FieldIssue[] = [];
  // An integration API key orders for its own study only (decision 027); another reads as not found.
  const keyStudyOk = !ctx.actor.apiKey || ctx.actor.apiKey.studyId === input.studyId;
  if (!study || !keyStudyOk) issues.push({ parameter: 'studyId', message: messages.notFound('Study') });
  else if (!study.active) issues.push({ parameter: 'studyId', message: messages.inactiveChoice('Study') });
  if (!siteOk) issues.push({ parameter: 'siteId', message: messages.notFound('Clinical Site') });
  if (!centerOk) issues.push({ parameter: 'imagingCenterId', message: messages.notFound('Imaging Center') });
  else if (siteOk && !linked) {
    issues.push({ parameter: 'imagingCenterId', message: messages.imagingCenterNotLinked });
  }
  if (!exam) issues.push({ parameter: 'examId', message: messages.notFound('Exam') });
  else if (!exam.active) issues.push({ parameter: 'examId', message: messages.inactiveChoice('Exam') });
  else if (study && keyStudyOk && siteOk && !pairing)
    issues.push({ parameter: 'examId', message: messages.noPairing });
  if (!timepoint) issues.push({ parameter: 'timePointId', message: messages.notFound('Timepoint') });
  if (input.replacesOrderId != null) {
    const problem = replacementProblem(scope, input, refs.replaced);
    if (problem) issues.push({ parameter: 'replacesOrderId', message: problem });
  }
  if (issues.length > 0 || !keyStudyOk || !pairing || !study || !site || !center || !exam || !timepoint) {
    throw validationFailed(issues);
  }
  return {
    pairing,
    recipients: refs.recipients,
    availabilities: refs.availabilities,
    names: { study: study.name, timepoint, site: site.name, center: center.name, exam: exam.name },
    centerTimezone: center.timezone,
    schedule: refs.schedule,
    duplicateNumber: refs.duplicateNumber,
    replaced: input.replacesOrderId == null ? undefined : refs.replaced,
  };
}

/**
 * What is wrong with the order named by `replacesOrderId` ("Order again", issue 36): one the role
 * cannot see reads as not found; it must be of the same study, site, subject and timepoint, and
 * lost — rejected, canceled, or waiting on a manufacture day that became a day with no manufacture.
 */
function replacementProblem(
  scope: CompanyScope | null,
  input: PlaceOrderInput,
  replaced: ReplacedOrder | undefined,
): string | null {
  if (!replaced || !orderInScope(scope, replaced)) return messages.notFound('Order');
  const same =
    replaced.studyId === input.studyId &&
    replaced.siteId === input.siteId &&
    replaced.subjectId === input.subjectId &&
    replaced.timepointId === input.timePointId;
  return same && isLostOrder({ status: replaced.status, dayClosed: replaced.closed })
    ? null
    : messages.replacesOrderInvalid;
}

/** The window the calibration must fall in, when the timepoint is scheduled and the subject has an anchor. */
function windowOf(schedule: PlacementSchedule | undefined) {
  if (!schedule?.anchor) return null;
  return scheduleWindow(dateIn(new Date(schedule.anchor.atMs), schedule.anchor.timezone), schedule);
}

const outOfWindowError = (w: { earliestDate: string; latestDate: string }) => ({
  code: 'OUT_OF_WINDOW',
  parameter: 'calibrationDatetime',
  message: messages.outOfWindow(w.earliestDate, w.latestDate),
});
const duplicateError = (number: number) => ({
  code: 'DUPLICATE_TIMEPOINT',
  parameter: 'timePointId',
  message: messages.duplicateTimepoint(number),
});

/**
 * The schedule's refusals (issue 36, decision 059), unless overridden: a calibration date (in the
 * order's imaging center's zone) outside the subject's window is a 400 OUT_OF_WINDOW; a second
 * live order for a scheduled timepoint a 409 DUPLICATE_TIMEPOINT; both listed when both apply.
 * Unscheduled timepoints are not checked.
 */
function scheduleRefusal(
  outOfWindow: { earliestDate: string; latestDate: string } | null,
  duplicateNumber: number | undefined,
): AppError | null {
  const errors = [
    ...(outOfWindow ? [outOfWindowError(outOfWindow)] : []),
    ...(duplicateNumber === undefined ? [] : [duplicateError(duplicateNumber)]),
  ];
  const [first] = errors;
  if (!first) return null;
  return outOfWindow
    ? new AppError(400, 'OUT_OF_WINDOW', first.message, errors)
    : new AppError(409, 'DUPLICATE_TIMEPOINT', first.message, errors);
}

/**
 * The lock two placements of one subject's timepoint take in turn (decision 059): a transaction
 * advisory lock on (study, site, subject, timepoint); then the duplicate is read again.
 */
async function lockTimepoint(tx: Tx, input: PlaceOrderInput): Promise<void> {
  const key = ['order-timepoint', input.studyId, input.siteId, input.timePointId, input.subjectId].join('/');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The number of the subject's first live order for the timepoint other than the one replaced, read under the lock. */
async function liveDuplicate(tx: Tx, input: PlaceOrderInput): Promise<number | undefined> {
  const [row] = await tx
    .select({ number: orders.number })
    .from(orders)
    .where(
      and(
        eq(orders.studyId, input.studyId),
        eq(orders.siteId, input.siteId),
        eq(orders.subjectId, input.subjectId),
        eq(orders.timepointId, input.timePointId),
        sql`${orders.status} not in ('rejected', 'canceled')`,
        input.replacesOrderId == null ? undefined : sql`${orders.id} <> ${input.replacesOrderId}`,
      ),
    )
    .orderBy(orders.id)
    .limit(1);
  return row?.number;
}

/**
 * The manufacture day (in the CMO's zone) of the calibration time, and the availabilities
 * active that day whose window (an exception's, decision 026) holds the time; none when it is
 * outside every window. `closed`: the day is a manufacture day of some availability but none
 * manufactures that day (every one has a no-manufacture exception).
 */
function candidateAvailabilities(
  availabilities: PlacementAvailability[],
  pairing: ResolvedPairing,
  at: Date,
) {
  const date = localDate(at, pairing.cmoTimezone);
  const manufacturing = availabilities.filter(
    (a) => a.validFrom <= date && a.validUntil >= date && occursOn(recurrenceOf(a), date),
  );
  // Read with the availabilities (the placement read): no round trip of their own.
  const exceptionOf = (a: PlacementAvailability) => a.exceptions.find((e) => e.exceptionDate === date);
  const open = manufacturing.filter((a) => !exceptionOf(a)?.closed);
  const candidates = open
    .filter((a) => {
      const e = exceptionOf(a);
      const window = dayInterval(
        date,
        e?.startTime ?? a.startTime,
        e?.endTime ?? a.endTime,
        pairing.cmoTimezone,
      );
      return window.start <= at && at < window.end;
    })
    .map((a) => ({ id: a.id, activityUnit: a.activityUnit }));
  return { date, candidates, closed: manufacturing.length > 0 && open.length === 0 };
}

/**
 * A requested activity above the drug's maximum, in the unit of the availability the dose is taken
 * from (never the client's): 400 on `requestedActivity`, the maximum written `13.5135 mCi (500 MBq)`.
 */
function activityAboveMaximum(requested: number, unit: ActivityUnit, maxMbq: number | null): AppError | null {
  if (!exceedsDrugMaximum(requested, unit, maxMbq)) return null;
  return validationFailed([
    {
      parameter: 'requestedActivity',
      message: messages.activityAboveDrugMaximum(drugMaximumText(maxMbq!, unit)),
    },
  ]);
}

type CheckedReferences = Awaited<ReturnType<typeof checkReferences>>;

/** What a placement answers, and what it queued for the dispatchers (nothing queued: none to wake). */
export interface PlacementOutcome {
  answer: PlaceOrderAnswer;
  replayed: boolean;
  queued: { mails: number; webhooks: number };
}
const nothingQueued = { mails: 0, webhooks: 0 };

/**
 * Places an order (POST /orders): re-checks the references, the company scope and the
 * e-signature; answers a repeat of a placement already made under the caller's Idempotency-Key;
 * checks that the calibration time is not past and lies in a window of the pairing's
 * availability; then, in one transaction, takes a dose of that day (409 AVAILABILITY_SLOT_FULL
 * when none is left), inserts the pending order with the pairing's drug and CMO, audits it and
 * queues its mail.
 */
export async function placeOrder(
  ctx: ServiceContext,
  input: PlaceOrderInput,
  idempotent?: IdempotentPlacement,
): Promise<PlacementOutcome> {
  // A site or imaging center orders for itself (staff and admin for anyone); a CMO never does.
  const role = actingRole(ctx.actor);
  if (!roleMayPlaceOrders(role.type)) throw forbidden(messages.notOrderingRole);
  // The role's company scope, once for every check of the placement (issue 34).
  const scope = companyScope(role);
  // A repeat passes what a new placement passes — the caller's scope, then its e-signature (a
  // wrong one refused and counted) — before it is answered (decision 016).
  const references = await checkReferences(ctx, input, scope, new Date(input.calibrationDatetime));
  const signed = await checkESignature(ctx, input.electronicSignature);
  // A repeat of a placement already made under this key answers it and places nothing.
  const earlier = idempotent && (await earlierAnswer(ctx.db, idempotent, ctx.clock.now()));
  if (earlier) return { answer: earlier, replayed: true, queued: nothingQueued };
  try {
    const { answer, queued } = await placeNew(
      ctx,
      input,
      references,
      { reason: reasonOf(input), signed },
      idempotent,
    );
    // Counted after the placement's transaction committed; a replay places nothing.
    ctx.metrics?.orderPlacements.inc();
    return { answer, replayed: false, queued };
  } catch (err) {
    if (err instanceof AlreadyPlaced) return { answer: err.answer, replayed: true, queued: nothingQueued };
    throw err;
  }
}

async function placeNew(
  ctx: ServiceContext,
  input: PlaceOrderInput,
  {
    pairing,
    names,
    centerTimezone,
    recipients,
    availabilities,
    schedule,
    duplicateNumber,
    replaced,
  }: CheckedReferences,
  signing: { reason: string | null; signed: boolean },
  idempotent: IdempotentPlacement | undefined,
): Promise<Pick<PlacementOutcome, 'answer' | 'queued'>> {
  const at = new Date(input.calibrationDatetime);
  if (at.getTime() < ctx.clock.now().getTime()) {
    throw validationFailed([{ parameter: 'calibrationDatetime', message: messages.calibrationInPast }]);
  }
  const { date, candidates, closed } = candidateAvailabilities(availabilities, pairing, at);
  if (closed) {
    throw validationFailed([{ parameter: 'calibrationDatetime', message: messages.dayBlackedOut }]);
  }
  if (candidates.length === 0) {
    throw validationFailed([
      { parameter: 'calibrationDatetime', message: messages.calibrationOutsideAvailability },
    ]);
  }
  const overrideReason = input.overrideReason || null;
  const window = windowOf(schedule);
  const calibrationDate = dateIn(at, centerTimezone);
  const outside =
    window && (calibrationDate < window.earliestDate || calibrationDate > window.latestDate) ? window : null;
  // Only a scheduled timepoint is checked for a second live order (unscheduled: as before issue 36).
  const earlierDuplicate = schedule ? duplicateNumber : undefined;
  if (!overrideReason) {
    const refusal = scheduleRefusal(outside, earlierDuplicate);
    if (refusal) throw refusal;
  }
  // A requested activity is in the unit of the availability the dose comes from: checked here when
  // every candidate has the same, else (and again) against the dose's, in the transaction.
  const units = new Set(candidates.map((c) => c.activityUnit));
  const [onlyUnit] = units.size === 1 ? units : [];
  if (input.requestedActivity != null && onlyUnit) {
    const above = activityAboveMaximum(input.requestedActivity, onlyUnit, pairing.drugMaxActivityMbq);
    if (above) throw above;
  }
  return signedMutation(ctx, signing, { meaning: 'Placed Order' }, async (tx, audit) => {
    // First: a concurrent request with the same key waits here for that one's outcome.
    if (idempotent) await claimKey(tx, idempotent, ctx.clock.now());
    // A scheduled timepoint: placements of the subject's timepoint one at a time, the duplicate read again.
    let duplicate = earlierDuplicate;
    if (schedule) {
      await lockTimepoint(tx, input);
      duplicate = await liveDuplicate(tx, input);
      if (duplicate !== undefined && !overrideReason) throw scheduleRefusal(null, duplicate)!;
    }
    const flags = { outOfWindow: outside !== null, duplicateTimepoint: duplicate !== undefined };
    const overridden = flags.outOfWindow || flags.duplicateTimepoint ? overrideReason : null;
    const requestedActivity = input.requestedActivity ?? null;
    // One candidate (the usual case): its dose is taken by a CTE of the order's INSERT, and the
    // order's mails and webhook deliveries ride on it too: one statement (issue 34). Several: the
    // first with a dose left is found first, one statement each.
    let dose: PlacementDose;
    let doseAvailabilityId: number;
    if (candidates.length === 1) {
      doseAvailabilityId = candidates[0]!.id;
      dose = { take: { date, availabilityId: doseAvailabilityId } };
    } else {
      const taken = await takeDose(tx, date, candidates);
      if (taken === null) throw (await dayClosed(tx, date, candidates)) ? blackedOut() : slotFull();
      doseAvailabilityId = taken.availabilityId;
      dose = { taken };
    }
    // The unit of a requested activity: the dose's availability's (as read; checked again below).
    const readUnit = candidates.find((c) => c.id === doseAvailabilityId)?.activityUnit ?? null;
    const written: WrittenOrder = {
      input,
      pairing,
      names,
      centerTimezone,
      at,
      requestedActivity,
      activityUnit: requestedActivity === null ? null : readUnit,
      flags,
      overridden,
      replaced,
      createdBy: ctx.actor.user.id,
    };
    const [order] = await placeInOneStatement(tx, dose, written, recipients, {
      publicUrl: ctx.config.publicUrl,
      now: ctx.clock.now(),
    });
    // No dose left (a blackout committed after the check above leaves its slot closed: said as such).
    if (!order) throw (await dayClosed(tx, date, candidates)) ? blackedOut() : slotFull();
    const activityUnit = order.activity_unit;
    // Checked with the unit as read; the dose's own, should the availability's have changed since.
    if (requestedActivity !== null && activityUnit !== null) {
      const above = activityAboveMaximum(requestedActivity, activityUnit, pairing.drugMaxActivityMbq);
      if (above) throw above;
      // The mail already says the unit as read: a changed one refuses the placement (a race).
      if (activityUnit !== readUnit) {
        throw new AppError(409, 'AVAILABILITY_CHANGED', messages.availabilityUnitChanged);
      }
    }
    // The audit row's id and time came with the order: the writer needs no round trip for them.
    const stamp = { id: Number(order.audit_id), issuedAt: order.audit_issued_at };
    await audit(
      {
        entityType: 'orders',
        entityId: order.id,
        eventType: 'new',
        after: {
          number: order.number,
          status: order.status,
          study: names.study,
          site: names.site,
          exam: names.exam,
          drug: pairing.drugName,
          cmo: pairing.cmoName,
          imagingCenter: names.center,
          timePoint: names.timepoint,
          subjectId: input.subjectId,
          calibrationDatetime: at.toISOString(),
          ...(requestedActivity === null ? {} : { requestedActivity, activityUnit }),
          additionalNotes: placeOrderNotes(input),
          ...(flags.outOfWindow ? { outOfWindow: true } : {}),
          ...(flags.duplicateTimepoint ? { duplicateTimepoint: true } : {}),
          ...(overridden ? { overrideReason: overridden } : {}),
          ...(input.replacesOrderId == null ? {} : { replacesOrderId: input.replacesOrderId }),
        },
      },
      stamp,
    );
    const answer = { id: order.id, number: order.number };
    if (idempotent) await keepAnswer(tx, idempotent, answer);
    return { answer, queued: { mails: recipients.length, webhooks: order.deliveries_queued } };
  });
}
