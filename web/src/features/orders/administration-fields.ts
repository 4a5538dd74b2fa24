import {
  type ActivityUnit,
  activityField,
  administeredActivity,
  limits,
  messages,
  notAdministeredReasonLabels,
  notAdministeredReasons,
  type Order,
  type OrderAdministration,
  type OrderAdministrationBody,
  relatedTimeProblem,
} from '@dosechain/contract';
import { z } from 'zod';
import { enteredInstant } from './entered-instant.ts';

const wallClock = z.string().nullable();

/**
 * The Administer dialog's fields (issue 35, decision 058): administered — the injection (`date`,
 * `time`), the syringe's measured activity with its date and time, optionally the residual with
 * its — or not, with the reason (`reason`, one of six) and a comment, required for `other` only
 * (`comment`). Wall clocks on `timezone`. Checked as the server
 * would: the injection and the measurements not in the future, each measurement within
 * `limits.journeyMeasurementMaxHours` of the injection, the residual less than the measured. A
 * correction (`correcting`) needs the reason for change (the signed form's field).
 */
export function administrationFields(now: () => Date = () => new Date(), correcting = false) {
  return z
    .object({
      administered: z.enum(['yes', 'no']),
      date: wallClock,
      time: wallClock,
      timezone: wallClock.refine(Boolean, messages.required),
      measuredActivity: activityField.nullable(),
      measuredDate: wallClock,
      measuredTime: wallClock,
      residualActivity: activityField.nullable(),
      residualDate: wallClock,
      residualTime: wallClock,
      reason: z.enum(notAdministeredReasons).nullable(),
      comment: z.string().refine((v) => v.length <= limits.reasonMax, messages.maxLength(limits.reasonMax)),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      // The signed form adds the reason for change to these fields: a correction needs it.
      const reason = (v as { reasonForChange?: string }).reasonForChange;
      if (correcting && !reason?.trim()) issue('reasonForChange', messages.required);
      if (v.administered === 'no') {
        if (v.reason === null) issue('reason', messages.required);
        else if (v.reason === 'other' && !v.comment.trim()) issue('comment', messages.required);
        return;
      }
      for (const field of ['date', 'time', 'measuredActivity', 'measuredDate', 'measuredTime'] as const)
        if (v[field] === null) issue(field, messages.required);
      const residualGiven = v.residualActivity !== null || Boolean(v.residualDate || v.residualTime);
      if (residualGiven)
        for (const field of ['residualActivity', 'residualDate', 'residualTime'] as const)
          if (v[field] === null) issue(field, messages.required);
      const at = (date: string | null, time: string | null) =>
        enteredInstant({ date, time, timezone: v.timezone });
      const injected = at(v.date, v.time);
      const maxMs = limits.journeyMeasurementMaxHours * 3_600_000;
      const future = (d: Date | undefined) => d && relatedTimeProblem('deliver', d, now()) !== undefined;
      if (future(injected)) issue('time', messages.journeyTimeInFuture);
      for (const [field, measured] of [
        ['measuredTime', at(v.measuredDate, v.measuredTime)],
        ['residualTime', at(v.residualDate, v.residualTime)],
      ] as const) {
        if (!measured) continue;
        if (future(measured)) issue(field, messages.journeyTimeInFuture);
        else if (injected && Math.abs(measured.getTime() - injected.getTime()) > maxMs)
          issue(field, messages.measurementFarFromEvent(limits.journeyMeasurementMaxHours));
      }
      if (
        v.residualActivity !== null &&
        v.measuredActivity !== null &&
        v.residualActivity >= v.measuredActivity
      )
        issue('residualActivity', messages.residualAboveMeasured);
    });
}

export type AdministrationValues = z.input<ReturnType<typeof administrationFields>>;

const wall = (date: string | null, time: string | null) => (date && time ? `${date}T${time}` : undefined);

/** The `PUT /orders/{id}/administration` body of the dialog's values. */
export function administrationBody(
  v: AdministrationValues & { reasonForChange?: string; electronicSignature?: string },
): OrderAdministrationBody {
  const signature = {
    ...(v.reasonForChange ? { reasonForChange: v.reasonForChange } : {}),
    ...(v.electronicSignature ? { electronicSignature: v.electronicSignature } : {}),
  };
  if (v.administered === 'no') {
    const comment = v.comment.trim();
    return {
      administered: false,
      ...(v.reason ? { reason: v.reason } : {}),
      ...(comment ? { comment } : {}),
      ...signature,
    };
  }
  const residualAt = wall(v.residualDate, v.residualTime);
  return {
    administered: true,
    relatedDatetime: wall(v.date, v.time),
    ...(v.timezone ? { timezone: v.timezone } : {}),
    measuredActivity: v.measuredActivity ?? undefined,
    measuredAt: wall(v.measuredDate, v.measuredTime),
    ...(v.residualActivity !== null && residualAt
      ? { residualActivity: v.residualActivity, residualAt }
      : {}),
    ...signature,
  };
}

/**
 * The administered activity of the values as entered (the contract's `administeredActivity`, the
 * figure the server stores); null until the injection and the measurement are there.
 */
export function enteredAdministeredActivity(
  v: Partial<AdministrationValues>,
  order: Pick<Order, 'drug'>,
  unit: ActivityUnit,
): number | null {
  const zone = v.timezone ?? null;
  const injected = enteredInstant({ date: v.date, time: v.time, timezone: zone });
  const measured = enteredInstant({ date: v.measuredDate, time: v.measuredTime, timezone: zone });
  if (!injected || !measured || typeof v.measuredActivity !== 'number' || !(v.measuredActivity > 0))
    return null;
  const residual = enteredInstant({ date: v.residualDate, time: v.residualTime, timezone: zone });
  const value = administeredActivity(
    injected.toISOString(),
    { activity: v.measuredActivity, at: measured.toISOString() },
    residual && typeof v.residualActivity === 'number'
      ? { activity: v.residualActivity, at: residual.toISOString() }
      : null,
    { unit, halfLifeSeconds: order.drug.halfLifeSeconds },
  );
  return Number.isFinite(value) ? value : null;
}

/** Where the server's refusal of a body field goes in the dialog. */
export const administrationErrorFields: Record<string, string> = {
  relatedDatetime: 'time',
  timezone: 'timezone',
  measuredActivity: 'measuredActivity',
  measuredAt: 'measuredTime',
  residualActivity: 'residualActivity',
  residualAt: 'residualTime',
  reason: 'reason',
  comment: 'comment',
  reasonForChange: 'reasonForChange',
  electronicSignature: 'electronicSignature',
};

/**
 * Why a dose was not given, as the order page and the grid say it: the reason's label, and the
 * comment when one was written (`Subject did not attend — Moved to next week`).
 */
export function notAdministeredText(a: Pick<OrderAdministration, 'reason' | 'comment'>): string {
  return [a.reason ? notAdministeredReasonLabels[a.reason] : null, a.comment].filter(Boolean).join(' — ');
}
