import {
  limits,
  localDateTimeToInstant,
  messages,
  type OrderAction,
  orderActionRules,
  relatedTimeProblem,
} from '@dosechain/contract';
import { z } from 'zod';

/** The instant of the dialog's date, time and zone, once all three are there and valid. */
export function enteredInstant(values: {
  date?: string | null;
  time?: string | null;
  timezone?: string | null;
}): Date | undefined {
  if (!values.date || !values.time || !values.timezone) return undefined;
  return localDateTimeToInstant(`${values.date}T${values.time.slice(0, 5)}`, values.timezone);
}

/**
 * The dialog's fields; which of them are required depends on what the action needs. A date-time
 * on the wrong side of now (a projected delivery in the past, a delivery in the future) or, with
 * the order's `calibration`, a projected delivery too far from it is an error on the time, as the
 * server would answer it.
 */
export function orderActionFields(
  action: OrderAction,
  now: () => Date = () => new Date(),
  calibration?: string,
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
    })
    .superRefine((values, ctx) => {
      const at = needsDate ? enteredInstant(values) : undefined;
      const problem = at && relatedTimeProblem(action, at, now(), calibration);
      if (problem) ctx.addIssue({ code: 'custom', path: ['time'], message: problem });
    });
}
