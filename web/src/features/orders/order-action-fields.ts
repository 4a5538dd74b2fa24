import {
  activityField,
  closedDayOf,
  deliveryLongBeforeCalibration,
  limits,
  messages,
  type Order,
  type OrderAction,
  orderActionRules,
  packageConditions,
  relatedTimeProblem,
  setsProjectedDelivery,
  setsReceipt,
} from '@dosechain/contract';
import { z } from 'zod';
import { enteredInstant } from './entered-instant.ts';
import { addReceiptIssues, type ReceivedOrder } from './receipt-fields.ts';

export { enteredInstant };

/** What of an order an accept's warnings read. */
export type AcceptedOrder = Pick<Order, 'calibrationDatetime' | 'status' | 'manufactureClosed'> & {
  drug: Pick<Order['drug'], 'halfLifeSeconds'>;
};

/**
 * What an accept must be confirmed for before it can be signed (issue 33): a projected
 * delivery long before the calibration time (almost always a mistyped date) and an order on a day
 * with no manufacture (the CMO's own closed day).
 */
export type AcceptWarning = 'beforeCalibration' | 'closedDay';

export function acceptWarnings(order: AcceptedOrder, at: Date | undefined): AcceptWarning[] {
  const warnings: AcceptWarning[] = [];
  if (
    at &&
    !Number.isNaN(at.getTime()) &&
    deliveryLongBeforeCalibration(at, order.calibrationDatetime, order.drug.halfLifeSeconds)
  )
    warnings.push('beforeCalibration');
  if (closedDayOf(order)) warnings.push('closedDay');
  return warnings;
}

/**
 * The dialog's fields; which of them are required depends on what the action needs. A date-time
 * on the wrong side of now (a projected delivery in the past, a delivery in the future) or, with
 * the order's `calibration`, a projected delivery too far from it is an error on the time, as the
 * server would answer it. An accept with a warning (`acceptWarnings`, given the `order`) needs
 * `confirmed` ticked. A delivery's receipt (issue 35: the received assay with its date and time, the
 * package's condition) is checked as the server would, given the order (`ReceivedOrder`): a
 * deviation needs its reason in `comment`.
 */
export function orderActionFields(
  action: OrderAction,
  now: () => Date = () => new Date(),
  order?: AcceptedOrder | (AcceptedOrder & ReceivedOrder),
) {
  const needsDate = orderActionRules[action].needs === 'relatedDatetime';
  const dateValue = z
    .string()
    .nullable()
    .refine((v) => !needsDate || Boolean(v), messages.required);
  return z
    .object({
      date: dateValue,
      time: dateValue,
      timezone: dateValue,
      comment: z
        .string()
        .refine((v) => needsDate || v.length > 0, messages.required)
        .refine((v) => needsDate || v.length === 0 || v.trim().length > 0, messages.onlySpaces)
        .refine((v) => v.length <= limits.reasonMax, messages.maxLength(limits.reasonMax)),
      confirmed: z.boolean(),
      receivedActivity: activityField.nullish(),
      receivedDate: z.string().nullish(),
      receivedTime: z.string().nullish(),
      packageCondition: z.enum(packageConditions).nullish(),
    })
    .superRefine((values, ctx) => {
      const at = needsDate ? enteredInstant(values) : undefined;
      const problem = at && relatedTimeProblem(action, at, now(), order?.calibrationDatetime);
      if (problem) ctx.addIssue({ code: 'custom', path: ['time'], message: problem });
      const warned = order && setsProjectedDelivery(action) && acceptWarnings(order, at).length > 0;
      if (warned && !values.confirmed)
        ctx.addIssue({
          code: 'custom',
          path: ['confirmed'],
          message: messages.confirmAcceptWarningsRequired,
        });
      if (order && 'shipment' in order && setsReceipt(action)) addReceiptIssues(order, values, now(), ctx);
    });
}
