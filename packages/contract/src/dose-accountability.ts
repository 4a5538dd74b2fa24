import { DateTime } from 'luxon';
import { z } from 'zod';
import { namedRefSchema } from './fields.ts';
import { messages } from './messages.ts';
import { activityUnitSchema } from './order-activity.ts';
import { type NotAdministeredReason, notAdministeredReasons } from './order-administration.ts';
import { orderStatuses } from './order-status-table.ts';
import type { Order } from './orders.ts';
import { answerInstant, instantField } from './text.ts';

/**
 * The dose accountability report (issue 35): what happened to every dose of a study. A dose is
 * an order; the report takes the orders whose calibration (the exam's dose time) falls in
 * [from, to), in the caller's company scope.
 */

/**
 * Where a dose ended, one of six, so the report's outcome counts add up to the doses ordered:
 * - `rejected`, `canceled`: the order's status;
 * - `administered`, `not_administered`: an administration record says so;
 * - `expired`: shipped with an expiry that has passed, and no administration record;
 * - `awaiting`: none of these yet (pending, accepted, shipped or delivered, not expired).
 */
export const doseOutcomes = [
  'administered',
  'not_administered',
  'expired',
  'rejected',
  'canceled',
  'awaiting',
] as const;
export type DoseOutcome = (typeof doseOutcomes)[number];

export const doseOutcomeLabels: Record<DoseOutcome, string> = {
  administered: 'Administered',
  not_administered: 'Not administered',
  expired: 'Expired unused',
  rejected: 'Rejected',
  canceled: 'Canceled',
  awaiting: 'Awaiting outcome',
};

/** The facts of an order that decide its outcome. */
export interface DoseOutcomeFacts {
  status: Order['status'];
  shipment: { expiresAt: string } | null;
  administration: { administered: boolean } | null;
}

/** Where the dose ended as of `now` (see `doseOutcomes`). */
export function doseOutcome(order: DoseOutcomeFacts, now: Date): DoseOutcome {
  if (order.status === 'rejected') return 'rejected';
  if (order.status === 'canceled') return 'canceled';
  if (order.administration) return order.administration.administered ? 'administered' : 'not_administered';
  if (order.shipment && Date.parse(order.shipment.expiresAt) <= now.getTime()) return 'expired';
  return 'awaiting';
}

const instant = instantField();
const optionalId = z.coerce.number().int().positive().optional();

/**
 * `GET /reports/dose-accountability` and `GET /reports/dose-accountability/doses`: the orders
 * whose calibration is in [from, to) (instants), of one study and one clinical site if given.
 */
export const doseAccountabilityQuerySchema = z
  .object({ from: instant, to: instant, studyId: optionalId, siteId: optionalId })
  .superRefine((q, ctx) => {
    if (Date.parse(q.to) < Date.parse(q.from)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: messages.notBeforeFrom });
    }
  });
export type DoseAccountabilityQuery = z.output<typeof doseAccountabilityQuerySchema>;

const count = () => z.number().int();
const byReason = Object.fromEntries(notAdministeredReasons.map((r) => [r, count()])) as Record<
  NotAdministeredReason,
  z.ZodNumber
>;

/**
 * One row's counts. `ordered` is every dose; the six outcomes (`administered`,
 * `notAdministered`, `expired`, `rejected`, `canceled`, `awaiting`) add up to it. `shipped` (had
 * a shipment), `delivered` (status delivered) and `receiptDeviations` (receipt out of tolerance
 * or damaged) count steps along the way, not outcomes.
 */
export const doseCountsSchema = z.object({
  ordered: count(),
  rejected: count(),
  canceled: count(),
  shipped: count(),
  delivered: count(),
  administered: count(),
  notAdministered: count(),
  notAdministeredByReason: z.object(byReason),
  receiptDeviations: count(),
  expired: count(),
  awaiting: count(),
});
export type DoseCounts = z.infer<typeof doseCountsSchema>;

/** The report: a row per study and clinical site (by name), and the totals at the top level. */
export const doseAccountabilitySchema = doseCountsSchema
  .extend({
    items: z.array(doseCountsSchema.extend({ study: namedRefSchema, site: namedRefSchema })),
    /** The instant the outcomes were judged at (an expiry passes with time). */
    asOf: answerInstant(),
  })
  .meta({ id: 'DoseAccountability' });
export type DoseAccountability = z.infer<typeof doseAccountabilitySchema>;

/**
 * One dose for the imaging core lab: who, which timepoint, the lot, the injected activity in
 * both units and the injection's time in UTC and on the imaging center's clock.
 */
export const doseRecordSchema = z
  .object({
    orderId: z.number().int(),
    orderNumber: z.number().int(),
    study: namedRefSchema,
    site: namedRefSchema,
    imagingCenter: namedRefSchema,
    cmo: namedRefSchema,
    subjectId: z.string(),
    timePoint: namedRefSchema,
    calibrationDatetime: answerInstant(),
    status: z.enum(orderStatuses),
    outcome: z.enum(doseOutcomes),
    lotNumber: z.string().nullable(),
    expiresAt: answerInstant().nullable(),
    receiptDeviation: z.boolean().nullable(),
    injectedAt: answerInstant().nullable(),
    /** The injection on the imaging center's clock, `2026-11-28 14:05`, and that zone. */
    injectedAtLocal: z.string().nullable(),
    timezone: z.string(),
    administeredActivityMbq: z.number().nullable(),
    administeredActivityMci: z.number().nullable(),
    /** The syringe's residual after the injection, in `activityUnit`. */
    residualActivity: z.number().nullable(),
    activityUnit: activityUnitSchema.nullable(),
    notAdministeredReason: z.enum(notAdministeredReasons).nullable(),
    comment: z.string().nullable(),
  })
  .meta({ id: 'DoseRecord' });
export type DoseRecord = z.infer<typeof doseRecordSchema>;

/** `GET /reports/dose-accountability/doses`: at most `limits.doseRecordsMax` doses, by calibration. */
export const doseRecordsSchema = z.object({
  items: z.array(doseRecordSchema),
  /** More doses matched than were sent: narrow the range. */
  truncated: z.boolean(),
});
export type DoseRecords = z.infer<typeof doseRecordsSchema>;

const ref = (r: { id: number; name: string }) => ({ id: r.id, name: r.name });

/** An order as the core lab's dose record, its outcome judged at `now`. */
export function doseRecordOf(order: Order, now: Date): DoseRecord {
  const given = order.administration?.administered === true ? order.administration : null;
  const zone = order.imagingCenter.timezone;
  const injectedAtLocal = given?.injectedAt
    ? DateTime.fromISO(given.injectedAt, { zone }).toFormat('yyyy-MM-dd HH:mm')
    : null;
  return {
    orderId: order.id,
    orderNumber: order.number,
    study: ref(order.study),
    site: ref(order.site),
    imagingCenter: ref(order.imagingCenter),
    cmo: ref(order.cmo),
    subjectId: order.subjectId,
    timePoint: ref(order.timePoint),
    calibrationDatetime: order.calibrationDatetime,
    status: order.status,
    outcome: doseOutcome(order, now),
    lotNumber: order.shipment?.lotNumber ?? null,
    expiresAt: order.shipment?.expiresAt ?? null,
    receiptDeviation: order.receipt ? order.receipt.deviation : null,
    injectedAt: given?.injectedAt ?? null,
    injectedAtLocal,
    timezone: zone,
    administeredActivityMbq: given?.administeredActivityMbq ?? null,
    administeredActivityMci: given?.administeredActivityMci ?? null,
    residualActivity: given?.residualActivity ?? null,
    activityUnit: given?.activityUnit ?? order.activityUnit,
    notAdministeredReason: order.administration?.administered === false ? order.administration.reason : null,
    comment: order.administration?.comment ?? null,
  };
}
