import { activityField, limits, messages, type Order, relatedTimeProblem } from '@dosechain/contract';
import { z } from 'zod';
import { enteredInstant } from './entered-instant.ts';
import type { OrderActionValues } from './order-actions.ts';

/** What of an order the Ship dialog's checks read: is its drug radioactive (an assay is then required). */
export type ShippedOrder = { drug: Pick<Order['drug'], 'halfLifeSeconds'> };

const wallClock = z.string().nullable();
const text = (max: number) => z.string().refine((v) => v.length <= max, messages.maxLength(max));

/**
 * The Ship dialog's fields (issue 35, decision 058): the lot, the assay (its activity in the
 * order's unit and its date and time), the expiry, the courier's details and the dispatch (`date`,
 * `time`), all wall clocks on `timezone`. Checked as the server would: the lot and expiry
 * required, the assay required for a radioactive drug and an activity never without its time,
 * the dispatch and the assay not in the future, the expiry after both and after now.
 */
export function shipFields(order: ShippedOrder, now: () => Date = () => new Date()) {
  const radioactive = order.drug.halfLifeSeconds !== null;
  return z
    .object({
      lotNumber: text(limits.lotNumberMax).refine((v) => v.trim().length > 0, messages.required),
      assayedActivity: activityField.nullable(),
      assayDate: wallClock,
      assayTime: wallClock,
      expiryDate: wallClock.refine(Boolean, messages.required),
      expiryTime: wallClock.refine(Boolean, messages.required),
      courier: text(limits.courierMax),
      trackingNumber: text(limits.trackingNumberMax),
      date: wallClock.refine(Boolean, messages.required),
      time: wallClock.refine(Boolean, messages.required),
      timezone: wallClock.refine(Boolean, messages.required),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      const hasAssayTime = Boolean(v.assayDate || v.assayTime);
      if (v.assayedActivity === null && (radioactive || hasAssayTime))
        issue('assayedActivity', radioactive ? messages.assayRequiredForRadioactiveDrug : messages.required);
      if (v.assayedActivity !== null || hasAssayTime) {
        if (!v.assayDate) issue('assayDate', messages.required);
        if (!v.assayTime) issue('assayTime', messages.required);
      }
      const at = (date: string | null, time: string | null) =>
        enteredInstant({ date, time, timezone: v.timezone });
      const dispatch = at(v.date, v.time);
      const assay = at(v.assayDate, v.assayTime);
      const expiry = at(v.expiryDate, v.expiryTime);
      const problem = dispatch && relatedTimeProblem('ship', dispatch, now());
      if (problem) issue('time', problem);
      const assayProblem = assay && relatedTimeProblem('ship', assay, now());
      if (assayProblem) issue('assayTime', assayProblem);
      if (expiry) {
        if (assay && expiry <= assay) issue('expiryTime', messages.expiryNotAfterAssay);
        else if (dispatch && expiry <= dispatch) issue('expiryTime', messages.expiryNotAfterDispatch);
        else if (expiry <= now()) issue('expiryTime', messages.doseExpired);
      }
    });
}

export type ShipValues = z.input<ReturnType<typeof shipFields>>;

/** The dialog's values as the status change sends them (`statusChangeBody` of order-actions.ts). */
export function shipActionValues(
  v: ShipValues & { reasonForChange?: string; electronicSignature?: string },
): OrderActionValues {
  const wall = (date: string | null, time: string | null) => (date && time ? `${date}T${time}` : null);
  return {
    date: v.date,
    time: v.time,
    timezone: v.timezone,
    reasonForChange: v.reasonForChange,
    electronicSignature: v.electronicSignature,
    shipment: {
      lotNumber: v.lotNumber,
      assayedActivity: v.assayedActivity,
      assayedAt: wall(v.assayDate, v.assayTime),
      expiresAt: wall(v.expiryDate, v.expiryTime) ?? '',
      courier: v.courier,
      trackingNumber: v.trackingNumber,
    },
  };
}

/** Where the server's refusal of a body field goes in the dialog (a wall clock's error on its time). */
export const shipErrorFields: Record<string, string> = {
  lotNumber: 'lotNumber',
  assayedActivity: 'assayedActivity',
  assayedAt: 'assayTime',
  expiresAt: 'expiryTime',
  courier: 'courier',
  trackingNumber: 'trackingNumber',
  relatedDatetime: 'time',
  timezone: 'timezone',
  electronicSignature: 'electronicSignature',
  reasonForChange: 'reasonForChange',
};
