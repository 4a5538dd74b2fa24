import { DateTime } from 'luxon';
import { z } from 'zod';
import { ID_MAX } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta } from './mutation.ts';
import { inputString } from './text.ts';

const id = z.number({ error: messages.required }).int().positive().max(ID_MAX, messages.invalidValue);

const days = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * One timepoint of a study's schedule (issue 36, decision 057): its nominal day counted from the
 * anchor's (negative before it, e.g. a pre-baseline scan) and the days its window opens before
 * and closes after that day.
 */
export const scheduleEntrySchema = z.strictObject({
  timePointId: id,
  dayOffset: days(
    -limits.scheduleOffsetMaxDays,
    limits.scheduleOffsetMaxDays,
    messages.scheduleOffsetRange(limits.scheduleOffsetMaxDays),
  ),
  windowBeforeDays: days(
    0,
    limits.scheduleWindowMaxDays,
    messages.scheduleWindowRange(limits.scheduleWindowMaxDays),
  ),
  windowAfterDays: days(
    0,
    limits.scheduleWindowMaxDays,
    messages.scheduleWindowRange(limits.scheduleWindowMaxDays),
  ),
});
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

/** The schedule's own rules: each timepoint once; the anchor is one of its entries, at day 0. */
export function scheduleProblems(schedule: {
  anchorTimePointId: number | null;
  entries: readonly Pick<ScheduleEntry, 'timePointId' | 'dayOffset'>[];
}): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const seen = new Set<number>();
  schedule.entries.forEach((e, i) => {
    if (seen.has(e.timePointId)) {
      problems.push({ path: ['entries', i, 'timePointId'], message: messages.scheduleTimepointTwice });
    }
    seen.add(e.timePointId);
  });
  const { anchorTimePointId } = schedule;
  if (schedule.entries.length === 0) {
    if (anchorTimePointId !== null) {
      problems.push({ path: ['anchorTimePointId'], message: messages.scheduleAnchorWithoutEntries });
    }
    return problems;
  }
  const anchor = schedule.entries.findIndex((e) => e.timePointId === anchorTimePointId);
  if (anchorTimePointId === null) {
    problems.push({ path: ['anchorTimePointId'], message: messages.scheduleAnchorRequired });
  } else if (anchor === -1) {
    problems.push({ path: ['anchorTimePointId'], message: messages.scheduleAnchorNotEntry });
  } else if (schedule.entries[anchor]!.dayOffset !== 0) {
    problems.push({ path: ['entries', anchor, 'dayOffset'], message: messages.scheduleAnchorOffset });
  }
  return problems;
}

const scheduleFields = {
  anchorTimePointId: id.nullable(),
  entries: z
    .array(scheduleEntrySchema)
    .max(limits.scheduleEntriesMax, messages.scheduleTooManyEntries(limits.scheduleEntriesMax)),
};

/** GET /studies/{id}/schedule: empty (no anchor, no entries) until one is set. */
export const studyScheduleSchema = z
  .object({
    anchorTimePointId: z.number().int().nullable(),
    entries: z.array(scheduleEntrySchema),
  })
  .meta({ id: 'StudySchedule' });
export type StudySchedule = z.infer<typeof studyScheduleSchema>;

/** PUT /studies/{id}/schedule: the whole schedule, with the reason for change and the e-signature. */
export const studyScheduleBodySchema = z
  .strictObject({ ...scheduleFields, ...mutationMeta })
  .superRefine((body, ctx) => {
    for (const p of scheduleProblems(body))
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
export type StudyScheduleBody = z.input<typeof studyScheduleBodySchema>;

const queryId = z.coerce
  .number({ error: messages.required })
  .int()
  .positive()
  .max(ID_MAX, messages.invalidValue);

/** GET /orders/window: the window of a subject's order for a timepoint. */
export const orderWindowQuerySchema = z.strictObject({
  studyId: queryId,
  siteId: queryId,
  imagingCenterId: queryId,
  timePointId: queryId,
  subjectId: inputString({ error: messages.required })
    .min(1, messages.required)
    .max(limits.subjectMax, messages.subjectMax)
    .trim(),
});
export type OrderWindowQuery = z.input<typeof orderWindowQuerySchema>;

/**
 * Calendar dates (`YYYY-MM-DD`) in the imaging center's zone; all null when the subject has no
 * anchor yet or the timepoint is not in the study's schedule.
 */
export const orderWindowSchema = z
  .object({
    anchorDate: z.string().nullable(),
    nominalDate: z.string().nullable(),
    earliestDate: z.string().nullable(),
    latestDate: z.string().nullable(),
  })
  .meta({ id: 'OrderWindow' });
export type OrderWindow = z.infer<typeof orderWindowSchema>;

/** GET /subjects/due. */
export const subjectsDueQuerySchema = z.strictObject({ studyId: queryId, siteId: queryId.optional() });
export type SubjectsDueQuery = z.input<typeof subjectsDueQuerySchema>;

export const subjectDueStates = ['due', 'overdue'] as const;
export type SubjectDueState = (typeof subjectDueStates)[number];

/**
 * A scheduled timepoint a subject has no live order for, whose window opens within
 * `limits.subjectsDueLookaheadDays` or has opened; overdue once its latest date has passed.
 * `siteId`, `examId` and `imagingCenterId` are those of the subject's anchor order (Place order's choices).
 */
export const subjectDueSchema = z.object({
  subjectId: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  examId: z.number().int(),
  imagingCenterId: z.number().int(),
  timePointId: z.number().int(),
  timePointName: z.string(),
  nominalDate: z.string(),
  earliestDate: z.string(),
  latestDate: z.string(),
  state: z.enum(subjectDueStates),
});
export type SubjectDue = z.infer<typeof subjectDueSchema>;

export const subjectsDueSchema = z.object({ items: z.array(subjectDueSchema) }).meta({ id: 'SubjectsDue' });
export type SubjectsDue = z.infer<typeof subjectsDueSchema>;

/**
 * A timepoint's window from the subject's anchor date (`YYYY-MM-DD`, already a calendar date of
 * the imaging center's zone): whole calendar days, so a DST change in between moves nothing.
 */
export function scheduleWindow(
  anchorDate: string,
  entry: Pick<ScheduleEntry, 'dayOffset' | 'windowBeforeDays' | 'windowAfterDays'>,
): { nominalDate: string; earliestDate: string; latestDate: string } {
  const nominal = DateTime.fromISO(anchorDate, { zone: 'utc' }).plus({ days: entry.dayOffset });
  return {
    nominalDate: nominal.toISODate() as string,
    earliestDate: nominal.minus({ days: entry.windowBeforeDays }).toISODate() as string,
    latestDate: nominal.plus({ days: entry.windowAfterDays }).toISODate() as string,
  };
}
