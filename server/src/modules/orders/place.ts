import { messages, type PlaceOrderAnswer, type placeOrderBodySchema } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../audit/mutation.ts';
import { companyScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { exams, orders, studies, timepoints } from '../../db/schema.ts';
import { AppError, validationFailed } from '../../http/app-error.ts';
import type { ServiceContext } from '../../http/context.ts';
import { activeAvailabilities, takeDose } from '../availability/capacity.ts';
import { dayInterval, localDate, occursOn } from '../availability/occurrences.ts';
import { recurrenceOf } from '../availability/queries.ts';
import { findCompany, isStorableId } from '../companies/queries.ts';
import { enqueueOrderMail } from './notify.ts';
import { mayOrderFor, type ResolvedPairing, resolvePairing, siteLinkedToCenter } from './pairing.ts';

type PlaceOrderInput = z.output<typeof placeOrderBodySchema>;
type FieldIssue = { parameter: string; message: string };

const slotFull = () =>
  new AppError(409, 'AVAILABILITY_SLOT_FULL', messages.slotFull, [
    { code: 'AVAILABILITY_SLOT_FULL', message: messages.slotFull, parameter: 'calibrationDatetime' },
  ]);

type Named = { name: string; active: boolean };

async function findStudy(db: Executor, id: number): Promise<Named | undefined> {
  if (!isStorableId(id)) return undefined;
  const [row] = await db
    .select({ name: studies.name, active: studies.active })
    .from(studies)
    .where(eq(studies.id, id));
  return row;
}

async function findExam(db: Executor, id: number): Promise<Named | undefined> {
  if (!isStorableId(id)) return undefined;
  const [row] = await db
    .select({ name: exams.name, active: exams.active })
    .from(exams)
    .where(eq(exams.id, id));
  return row;
}

async function findTimepoint(db: Executor, id: number): Promise<string | undefined> {
  if (!isStorableId(id)) return undefined;
  const [row] = await db.select({ name: timepoints.name }).from(timepoints).where(eq(timepoints.id, id));
  return row?.name;
}

/**
 * Everything the form checks, checked again: the records exist (study and exam active), the role may order for the
 * site and imaging center, the study has a pairing for (exam, site), the center is linked to
 * the site. One 400 with an entry per bad field.
 */
async function checkReferences(ctx: ServiceContext, input: PlaceOrderInput) {
  const { db } = ctx;
  const [study, timepoint, site, center, exam, pairing, linked] = await Promise.all([
    findStudy(db, input.studyId),
    findTimepoint(db, input.timePointId),
    findCompany(db, 'clinical_site', input.siteId),
    findCompany(db, 'imaging_center', input.imagingCenterId),
    findExam(db, input.examId),
    resolvePairing(db, input),
    siteLinkedToCenter(db, input.siteId, input.imagingCenterId),
  ]);
  const role = ctx.actor.currentRole;
  const scope = companyScope(role);
  // Out of the role's scope reads as not found, and says nothing more about that site or center.
  const siteOk =
    site !== undefined && (await mayOrderFor(db, role, { siteId: input.siteId, cmoId: pairing?.cmoId }));
  const centerOk =
    center !== undefined && (scope?.type !== 'imaging_center' || center.id === scope.companyId);
  const issues: FieldIssue[] = [];
  if (!study) issues.push({ parameter: 'studyId', message: messages.notFound('Study') });
  else if (!study.active) issues.push({ parameter: 'studyId', message: messages.inactiveChoice('Study') });
  if (!siteOk) issues.push({ parameter: 'siteId', message: messages.notFound('Clinical Site') });
  if (!centerOk) issues.push({ parameter: 'imagingCenterId', message: messages.notFound('Imaging Center') });
  else if (siteOk && !linked) {
    issues.push({ parameter: 'imagingCenterId', message: messages.imagingCenterNotLinked });
  }
  if (!exam) issues.push({ parameter: 'examId', message: messages.notFound('Exam') });
  else if (!exam.active) issues.push({ parameter: 'examId', message: messages.inactiveChoice('Exam') });
  else if (study && siteOk && !pairing) issues.push({ parameter: 'examId', message: messages.noPairing });
  if (!timepoint) issues.push({ parameter: 'timePointId', message: messages.notFound('Timepoint') });
  if (issues.length > 0 || !pairing || !study || !site || !center || !exam || !timepoint) {
    throw validationFailed(issues);
  }
  return {
    pairing,
    names: { study: study.name, timepoint, site: site.name, center: center.name, exam: exam.name },
  };
}

/**
 * The active availabilities whose window on the CMO's manufacture day holds the calibration
 * time; empty when the time is outside every window.
 */
async function candidateAvailabilities(db: Executor, pairing: ResolvedPairing, at: Date) {
  const date = localDate(at, pairing.cmoTimezone);
  const rows = await activeAvailabilities(db, pairing, date, nextDay(date));
  const candidates = rows
    .filter((a) => {
      if (!occursOn(recurrenceOf(a), date)) return false;
      const window = dayInterval(date, a.startTime, a.endTime, pairing.cmoTimezone);
      return window.start <= at && at < window.end;
    })
    .map((a) => ({ id: a.id, doses: a.doses }));
  return { date, candidates };
}

const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * Places an order (POST /orders): re-checks the references, the company scope, that the
 * calibration time is not past and lies in a window of the pairing's availability; then, in
 * one transaction, takes a dose of that day (409 AVAILABILITY_SLOT_FULL when none is left),
 * inserts the pending order with the pairing's drug and CMO, audits it and queues its mail.
 */
export async function placeOrder(ctx: ServiceContext, input: PlaceOrderInput): Promise<PlaceOrderAnswer> {
  const { pairing, names } = await checkReferences(ctx, input);
  const at = new Date(input.calibrationDatetime);
  if (at.getTime() < ctx.clock.now().getTime()) {
    throw validationFailed([{ parameter: 'calibrationDatetime', message: messages.calibrationInPast }]);
  }
  const { date, candidates } = await candidateAvailabilities(ctx.db, pairing, at);
  if (candidates.length === 0) {
    throw validationFailed([
      { parameter: 'calibrationDatetime', message: messages.calibrationOutsideAvailability },
    ]);
  }
  return auditedMutation(ctx, input, { meaning: 'Placed Order' }, async (tx, audit) => {
    const doseSlotId = await takeDose(tx, date, candidates);
    if (doseSlotId === null) throw slotFull();
    const [order] = await tx
      .insert(orders)
      .values({
        studyId: input.studyId,
        siteId: input.siteId,
        examId: input.examId,
        drugId: pairing.drugId,
        cmoId: pairing.cmoId,
        imagingCenterId: input.imagingCenterId,
        timepointId: input.timePointId,
        doseSlotId,
        subjectId: input.subjectId,
        calibrationDatetime: at,
        additionalNotes: input.additional_notes || null,
        createdBy: ctx.actor.user.id,
      })
      .returning({ id: orders.id, number: orders.number, status: orders.status });
    await audit({
      entityType: 'orders',
      entityId: order!.id,
      eventType: 'new',
      after: {
        number: order!.number,
        status: order!.status,
        study: names.study,
        site: names.site,
        exam: names.exam,
        drug: pairing.drugName,
        cmo: pairing.cmoName,
        imagingCenter: names.center,
        timePoint: names.timepoint,
        subjectId: input.subjectId,
        calibrationDatetime: at.toISOString(),
        additionalNotes: input.additional_notes || null,
      },
    });
    await enqueueOrderMail(tx, order!.id, { publicUrl: ctx.config.publicUrl, now: ctx.clock.now() });
    return { id: order!.id, number: order!.number };
  });
}
