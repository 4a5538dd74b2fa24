import { z } from 'zod';
import { timezoneField } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta } from './mutation.ts';
import { activityField, activityUnitSchema } from './order-activity.ts';
import { answerInstant, inputString, isDateTextInRange } from './text.ts';

/**
 * The administration record of a delivered order (issue 35, decision 058): what the imaging
 * center injected into the subject and when, or why the dose was not given.
 */

/**
 * Why a delivered dose was not given (issue 35): the dose accountability report counts the doses
 * not administered by these. `other` needs the comment; the others may add one.
 */
export const notAdministeredReasons = [
  'did_not_attend',
  'dose_expired',
  'quality',
  'damaged',
  'scanner_down',
  'other',
] as const;
export type NotAdministeredReason = (typeof notAdministeredReasons)[number];

export const notAdministeredReasonLabels: Record<NotAdministeredReason, string> = {
  did_not_attend: 'Subject did not attend',
  dose_expired: 'Dose expired',
  quality: 'Quality (out of specification)',
  damaged: 'Damaged in transit',
  scanner_down: 'Scanner unavailable',
  other: 'Other',
};

/** A wall-clock date-time, `YYYY-MM-DDTHH:mm` without offset, read in the body's `timezone`. */
const wallClock = () =>
  inputString()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, messages.invalidLocalDateTime)
    .refine(isDateTextInRange, messages.dateOutOfRange);

/** The fields of an injection; refused when `administered` is false. */
const injectionFields = [
  'relatedDatetime',
  'measuredActivity',
  'measuredAt',
  'residualActivity',
  'residualAt',
] as const;

/**
 * `PUT /orders/{id}/administration`: `{ administered: true, relatedDatetime (the injection),
 * timezone?, measuredActivity, measuredAt, residualActivity?, residualAt? }` — the syringe's assay
 * before the injection and what stayed in it after, in the order's activity unit, wall clocks in
 * `timezone` (omitted: the imaging center's) — or `{ administered: false, reason?, comment? }`: the
 * reason (omitted: `other`) and a comment, required for `other` (so a client that sends only the
 * comment, as before the reasons, still records it).
 * A recorded administration is corrected by the same call with a `reasonForChange`.
 */
export const orderAdministrationBodySchema = z
  .strictObject({
    administered: z.boolean({ error: messages.required }),
    relatedDatetime: wallClock().optional(),
    timezone: timezoneField.optional(),
    measuredActivity: activityField.optional(),
    measuredAt: wallClock().optional(),
    residualActivity: activityField.optional(),
    residualAt: wallClock().optional(),
    reason: z.enum(notAdministeredReasons).optional(),
    comment: inputString().trim().max(limits.reasonMax, messages.maxLength(limits.reasonMax)).optional(),
    ...mutationMeta,
  })
  .superRefine((body, ctx) => {
    const need = (field: keyof typeof body) => {
      if (body[field] === undefined || body[field] === '')
        ctx.addIssue({ code: 'custom', path: [field], message: messages.required });
    };
    if (!body.administered) {
      if ((body.reason ?? 'other') === 'other') need('comment');
      for (const field of injectionFields)
        if (body[field] !== undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: messages.notForThisAction });
      return;
    }
    if (body.reason !== undefined)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: messages.notForThisAction });
    need('relatedDatetime');
    need('measuredActivity');
    need('measuredAt');
    if (body.residualActivity !== undefined) need('residualAt');
    if (body.residualAt !== undefined) need('residualActivity');
  });
export type OrderAdministrationBody = z.input<typeof orderAdministrationBodySchema>;

/**
 * An order's administration record: the injection's time, the syringe's assay and residual, and
 * the administered activity the server computed (`administeredActivity` of
 * dose-journey-activity.ts, stored as computed) in the order's unit (`activityUnit`) and in both
 * units; or, not administered, the reason (`reason`, and the `comment`).
 */
export const orderAdministrationSchema = z
  .object({
    administered: z.boolean(),
    injectedAt: answerInstant().nullable(),
    measuredActivity: z.number().nullable(),
    measuredAt: answerInstant().nullable(),
    residualActivity: z.number().nullable(),
    residualAt: answerInstant().nullable(),
    activityUnit: activityUnitSchema.nullable(),
    administeredActivity: z.number().nullable(),
    administeredActivityMbq: z.number().nullable(),
    administeredActivityMci: z.number().nullable(),
    /** Why the dose was not given (null when it was). */
    reason: z.enum(notAdministeredReasons).nullable(),
    comment: z.string().nullable(),
  })
  .meta({ id: 'OrderAdministration' });
export type OrderAdministration = z.infer<typeof orderAdministrationSchema>;
