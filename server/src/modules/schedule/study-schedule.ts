import { messages, type StudySchedule, type studyScheduleBodySchema } from '@dosechain/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { studyScheduleEntries, timepoints } from '../../kernel/db/schema.ts';
import { validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { foundOr404 } from '../shared/index.ts';
import { findStudy } from '../studies/index.ts';

type ScheduleInput = z.output<typeof studyScheduleBodySchema>;

/** A study's schedule, by nominal day; empty when none is set. */
export async function loadSchedule(db: Executor, studyId: number): Promise<StudySchedule> {
  const rows = await db
    .select()
    .from(studyScheduleEntries)
    .where(eq(studyScheduleEntries.studyId, studyId))
    .orderBy(asc(studyScheduleEntries.dayOffset), asc(studyScheduleEntries.timepointId));
  return {
    anchorTimePointId: rows.find((r) => r.anchor)?.timepointId ?? null,
    entries: rows.map((r) => ({
      timePointId: r.timepointId,
      dayOffset: r.dayOffset,
      windowBeforeDays: r.windowBeforeDays,
      windowAfterDays: r.windowAfterDays,
    })),
  };
}

/** GET /studies/{id}/schedule; 404 'Study not found'. */
export async function getSchedule(ctx: ServiceContext, studyId: number): Promise<StudySchedule> {
  foundOr404('studies', await findStudy(ctx.db, studyId));
  return loadSchedule(ctx.db, studyId);
}

/** The schedule as one line of the audit trail: `Baseline (anchor) day 0 −0/+0; Week 12 day 84 −7/+7`. */
export function describeSchedule(schedule: StudySchedule, names: Map<number, string>): string | null {
  if (schedule.entries.length === 0) return null;
  return [...schedule.entries]
    .sort((a, b) => a.dayOffset - b.dayOffset || a.timePointId - b.timePointId)
    .map((e) => {
      const name = names.get(e.timePointId) ?? `#${e.timePointId}`;
      const anchor = e.timePointId === schedule.anchorTimePointId ? ' (anchor)' : '';
      return `${name}${anchor} day ${e.dayOffset} −${e.windowBeforeDays}/+${e.windowAfterDays}`;
    })
    .join('; ');
}

/** The names of the schedule's timepoints; one that does not exist is a 400 on its entry. */
async function timepointNames(tx: Executor, input: ScheduleInput): Promise<Map<number, string>> {
  const ids = input.entries.map((e) => e.timePointId);
  const rows = ids.length
    ? await tx
        .select({ id: timepoints.id, name: timepoints.name })
        .from(timepoints)
        .where(inArray(timepoints.id, ids))
    : [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const problems = input.entries.flatMap((e, i) =>
    names.has(e.timePointId)
      ? []
      : [{ parameter: `entries.${i}.timePointId`, message: messages.notFound('Timepoint') }],
  );
  if (problems.length > 0) throw validationFailed(problems);
  return names;
}

/**
 * PUT /studies/{id}/schedule: makes the study's schedule exactly `input`, signed, with a reason,
 * as one audit row on the study (the schedule before and after); the same schedule writes
 * nothing. The study's row is locked, so concurrent saves apply one after the other.
 */
export async function putSchedule(
  ctx: ServiceContext,
  studyId: number,
  input: ScheduleInput,
): Promise<StudySchedule> {
  foundOr404('studies', await findStudy(ctx.db, studyId));
  return auditedMutation(
    ctx,
    input,
    { meaning: 'Updated Schedule', requireReason: true },
    async (tx, audit) => {
      foundOr404('studies', await findStudy(tx, studyId, true));
      const names = await timepointNames(tx, input);
      const current = await loadSchedule(tx, studyId);
      const wanted: StudySchedule = { anchorTimePointId: input.anchorTimePointId, entries: input.entries };
      const currentNames = new Map(names);
      if (current.entries.some((e) => !currentNames.has(e.timePointId))) {
        const rows = await tx.select({ id: timepoints.id, name: timepoints.name }).from(timepoints);
        for (const r of rows) currentNames.set(r.id, r.name);
      }
      const before = describeSchedule(current, currentNames);
      const after = describeSchedule(wanted, names);
      if (before === after) return current;
      await tx.delete(studyScheduleEntries).where(eq(studyScheduleEntries.studyId, studyId));
      if (input.entries.length > 0) {
        await tx.insert(studyScheduleEntries).values(
          input.entries.map((e) => ({
            studyId,
            timepointId: e.timePointId,
            dayOffset: e.dayOffset,
            windowBeforeDays: e.windowBeforeDays,
            windowAfterDays: e.windowAfterDays,
            anchor: e.timePointId === input.anchorTimePointId,
          })),
        );
      }
      await audit({
        entityType: 'studies',
        entityId: studyId,
        eventType: 'update',
        changeset: { schedule: [before, after] },
      });
      return loadSchedule(tx, studyId);
    },
  );
}
