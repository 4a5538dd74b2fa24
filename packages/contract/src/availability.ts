import { DateTime } from 'luxon';
import { z } from 'zod';
import { ID_MAX, namedRefSchema } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta } from './mutation.ts';
import { answerInstant, inputString, isDateTextInRange } from './text.ts';

export const activityUnits = ['mCi', 'mBq'] as const;
export type ActivityUnit = (typeof activityUnits)[number];

/**
 * A number of doses with the unit their activity is measured in: "5 doses (mCi)", never
 * "5 mCi", which reads as five millicuries. A unit symbol has no plural.
 */
export function formatDoses(doses: number, unit: ActivityUnit | string): string {
  return `${doses.toLocaleString('en-US')} ${doses === 1 ? 'dose' : 'doses'} (${unit})`;
}

/** Weekday = Monday to Friday. */
export const availabilityFrequencies = ['Daily', 'Weekday', 'Weekly', 'Monthly'] as const;
export type AvailabilityFrequency = (typeof availabilityFrequencies)[number];

/** Weekday codes, Monday first (spec section 3). */
export const weekdayCodes = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
export type WeekdayCode = (typeof weekdayCodes)[number];
/** Each weekday code's full English name, as read out and in a summary. */
export const weekdayNames: Record<WeekdayCode, string> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
};

/** The ordinal of a monthly "nth weekday" rule is 1..5, shown as 1st..5th. */
export const ordinalLabels = ['1st', '2nd', '3rd', '4th', '5th'] as const;
export const ORDINAL_MAX = 5;
export const MONTH_DAY_MAX = 31;

/** `YYYY-MM-DD`, a real calendar date. */
export const isoDateField = inputString({ error: messages.required })
  .min(1, messages.required)
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && DateTime.fromISO(v).isValid, messages.invalidValue)
  .refine((v) => !/^\d{4}-/.test(v) || isDateTextInRange(v), messages.dateOutOfRange);

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
/** `HH:mm`, 00:00..23:59. */
export const timeOfDayField = inputString({ error: messages.required })
  .min(1, messages.required)
  .regex(TIME_RE, messages.invalidValue);
/** An end time may also be `24:00`, the end of the day. */
export const endTimeOfDayField = inputString({ error: messages.required })
  .min(1, messages.required)
  .refine((v) => v === '24:00' || TIME_RE.test(v), messages.invalidValue);

/** Minutes since midnight of an `HH:mm` (24:00 → 1440). */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

const positiveInt = (max: number) =>
  z
    .number({ error: messages.required })
    .int(messages.wholeNumber)
    .min(limits.positiveNumberMinDefault, messages.minValue(limits.positiveNumberMinDefault))
    .max(max, messages.maxValue(max));

export const weekdayListSchema = z.array(z.enum(weekdayCodes)).min(1, messages.required);
export const monthDayListSchema = z
  .array(z.number().int().min(1, messages.monthlyDays).max(MONTH_DAY_MAX, messages.monthlyDays))
  .min(1, messages.monthlyDays);
/** Monthly on the nth (1st..5th) of the listed weekdays, e.g. `{every: 5, on: ['Fr']}` = 5th Friday. */
export const monthlyOrdinalSchema = z.strictObject({
  every: z
    .number({ error: messages.required })
    .int()
    .min(1, messages.minValue(1))
    .max(ORDINAL_MAX, messages.maxValue(ORDINAL_MAX)),
  on: weekdayListSchema,
});
export type MonthlyOrdinal = z.infer<typeof monthlyOrdinalSchema>;

/**
 * How often the availability repeats: every n days (Daily), weeks (Weekday, Weekly) or months
 * (Monthly). `on`: Weekly → weekday codes; Monthly → day numbers or an ordinal weekday rule;
 * Daily and Weekday have none (a value sent is ignored).
 */
export const repeatSchema = z.strictObject({
  every: positiveInt(limits.repeatEveryMax),
  // Loose here so that the frequency decides the message (repeatOnIssue), not the union.
  on: z
    .union([
      z.array(z.enum(weekdayCodes)),
      z.array(z.number()),
      z.strictObject({ every: z.number(), on: z.array(z.enum(weekdayCodes)) }),
    ])
    .nullish(),
});
export type Repeat = z.infer<typeof repeatSchema>;

/**
 * Parses the monthly days as typed in the form, e.g. `1, 15,31` → [1, 15, 31] (sorted, unique);
 * null when it is not a comma list of integers 1..31.
 */
export function parseMonthlyDays(text: string): number[] | null {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d{1,2}$/.test(p))) return null;
  const days = parts.map(Number);
  if (days.some((d) => d < 1 || d > MONTH_DAY_MAX)) return null;
  return [...new Set(days)].sort((a, b) => a - b);
}

/** The form's monthly-days text field: 'Must be a comma separated list of integers between 1 and 31'. */
export const monthlyDaysTextField = inputString({ error: messages.monthlyDays }).refine(
  (v) => parseMonthlyDays(v) !== null,
  messages.monthlyDays,
);

/** Whether `on` fits the frequency; the issue's path and message when not. */
export function repeatOnIssue(
  frequency: AvailabilityFrequency,
  on: Repeat['on'],
): { path: string[]; message: string } | null {
  if (frequency === 'Weekly') {
    return weekdayListSchema.safeParse(on).success
      ? null
      : { path: ['repeat', 'on'], message: messages.required };
  }
  if (frequency === 'Monthly') {
    if (monthDayListSchema.safeParse(on).success) return null;
    if (on && !Array.isArray(on)) {
      const ordinal = monthlyOrdinalSchema.safeParse(on);
      if (ordinal.success) return null;
      const first = ordinal.error.issues[0]!;
      return { path: ['repeat', 'on', ...first.path.map(String)], message: first.message };
    }
    return { path: ['repeat', 'on'], message: messages.monthlyDays };
  }
  return null;
}

const availabilityFields = {
  drugId: z.number({ error: messages.required }).int().positive().max(ID_MAX, messages.invalidValue),
  cmoId: z.number({ error: messages.required }).int().positive().max(ID_MAX, messages.invalidValue),
  doses: positiveInt(limits.dosesMax),
  activityUnit: z.enum(activityUnits, { error: messages.required }),
  /** Today or later in the CMO's zone (checked by the server with its clock). */
  validFrom: isoDateField,
  validUntil: isoDateField,
  frequency: z.enum(availabilityFrequencies, { error: messages.required }),
  repeat: repeatSchema,
  /** The daily manufacture window [startTime, endTime) in the CMO's time zone. */
  startTime: timeOfDayField,
  endTime: endTimeOfDayField,
};

/** POST /drug-availabilities. */
export const availabilityCreateBodySchema = z
  .strictObject({ ...availabilityFields, ...mutationMeta })
  .superRefine((body, ctx) => {
    if (body.validFrom && body.validUntil && body.validUntil < body.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: messages.notBeforeValidFrom });
    }
    if (TIME_RE.test(body.startTime) && minutesOfDay(body.endTime) <= minutesOfDay(body.startTime)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: messages.endAfterStart });
    }
    const issue = body.repeat ? repeatOnIssue(body.frequency, body.repeat.on) : null;
    if (issue) ctx.addIssue({ code: 'custom', ...issue });
  });
export type AvailabilityCreateBody = z.input<typeof availabilityCreateBodySchema>;

/**
 * PUT /drug-availabilities/{id}: either an edit (only `validUntil`, required, not before
 * validFrom) or the toggle `{active, reasonForChange, electronicSignature}` (inactivation needs
 * a reason).
 */
export const availabilityUpdateBodySchema = z
  .strictObject({
    validUntil: isoDateField.optional(),
    active: z.boolean().optional(),
    ...mutationMeta,
  })
  .superRefine((body, ctx) => {
    if (body.validUntil === undefined && body.active === undefined) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: messages.required });
    }
    if (body.validUntil !== undefined && body.active !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['active'], message: messages.unknownField });
    }
  });
export type AvailabilityUpdateBody = z.input<typeof availabilityUpdateBodySchema>;

export const availabilitySchema = z
  .object({
    id: z.number().int(),
    drug: namedRefSchema.extend({ active: z.boolean() }),
    cmo: namedRefSchema.extend({ timezone: z.string() }),
    doses: z.number().int(),
    activityUnit: z.enum(activityUnits),
    validFrom: z.string(),
    validUntil: z.string(),
    frequency: z.enum(availabilityFrequencies),
    repeat: z.object({
      every: z.number().int(),
      on: z
        .union([z.array(z.enum(weekdayCodes)), z.array(z.number().int()), monthlyOrdinalSchema])
        .nullable(),
    }),
    startTime: z.string(),
    endTime: z.string(),
    active: z.boolean(),
    createdAt: answerInstant(),
    updatedAt: answerInstant(),
  })
  .meta({ id: 'Availability' });
export type Availability = z.infer<typeof availabilitySchema>;

/**
 * GET /drug-availabilities/search. `from` inclusive and `to` exclusive are manufacture dates
 * (`YYYY-MM-DD`); by default one month from today. At most `limits.availabilitySearchMaxDays`.
 */
export const availabilitySearchQuerySchema = z.strictObject({
  studyId: z.coerce.number({ error: messages.required }).int().positive(),
  siteId: z.coerce.number({ error: messages.required }).int().positive(),
  examId: z.coerce.number({ error: messages.required }).int().positive(),
  from: isoDateField.optional(),
  to: isoDateField.optional(),
});
export type AvailabilitySearchQuery = z.input<typeof availabilitySearchQuerySchema>;

/** A window of a manufacture day, as UTC instants: `start <= t < end`. */
export const intervalSchema = z.object({ start: z.string(), end: z.string() });
export type Interval = z.infer<typeof intervalSchema>;

/** One manufacture day that still has doses, with the windows an order may be placed in. */
export const availableDaySchema = z.object({
  date: z.string(),
  remaining: z.number().int(),
  /** The unit of the day's availability (of the first, when several offer it): an order's activity is in it. */
  activityUnit: z.enum(activityUnits),
  /** The drug's maximum activity in MBq (null: none): an order's requested activity may not exceed it. */
  maxActivityMbq: z.number().nullable(),
  intervals: z.array(intervalSchema),
});
export type AvailableDay = z.infer<typeof availableDaySchema>;
export const availabilitySearchAnswerSchema = z.array(availableDaySchema);

/** Whether an instant (ISO) lies inside one of the intervals: start <= t < end. */
export function insideIntervals(instant: string | Date, intervals: readonly Interval[]): boolean {
  const t = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return intervals.some((i) => Date.parse(i.start) <= t && t < Date.parse(i.end));
}
