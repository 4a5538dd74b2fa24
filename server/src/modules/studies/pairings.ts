import {
  type ListQuery,
  type ListResponse,
  messages,
  type Pairing,
  type pairingCreateBodySchema,
  type pairingDeleteBodySchema,
} from '@dosechain/contract';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { companies, drugs, exams, studyPairings } from '../../kernel/db/schema.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import { AppError, notFound, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import {
  defineListResource,
  type ListItem,
  type ListJoin,
  listAnswer,
  listPlan,
  pageAndTotal,
  withJoins,
} from '../../kernel/http/list-query.ts';
import { findCompany } from '../companies/index.ts';
import { foundOr404, onUniqueViolation } from '../shared/index.ts';
import { findStudy } from './service.ts';

const sites = alias(companies, 'site');
const cmos = alias(companies, 'cmo');

export const pairingList = defineListResource({
  fields: {
    id: { column: studyPairings.id, type: 'number', key: 'id' },
    exam_id: { column: studyPairings.examId, type: 'number', key: 'exam' },
    exam_name: { column: exams.name, type: 'text', key: 'exam' },
    drug_name: { column: drugs.name, type: 'text', key: 'exam' },
    site_id: { column: studyPairings.siteId, type: 'number', key: 'site' },
    site_name: { column: sites.name, type: 'text', key: 'site' },
    cmo_id: { column: studyPairings.cmoId, type: 'number', key: 'cmo' },
    cmo_name: { column: cmos.name, type: 'text', key: 'cmo' },
    created_at: { column: studyPairings.createdAt, type: 'datetime', key: 'createdAt' },
  },
  searchFields: ['exam_name', 'drug_name', 'site_name', 'cmo_name'],
  defaultSort: '-created_at',
});

const pairingColumns = {
  id: studyPairings.id,
  studyId: studyPairings.studyId,
  createdAt: studyPairings.createdAt,
  exam: { id: exams.id, name: exams.name },
  drug: { id: drugs.id, name: drugs.name },
  site: { id: sites.id, name: sites.name },
  cmo: { id: cmos.id, name: cmos.name },
};

/** Pairings with the names of what they pair. */
const pairingJoins: ListJoin[] = [
  { table: exams, on: eq(exams.id, studyPairings.examId) },
  { table: drugs, on: eq(drugs.id, exams.drugId) },
  { table: sites, on: eq(sites.id, studyPairings.siteId) },
  { table: cmos, on: eq(cmos.id, studyPairings.cmoId) },
];

/** Pairings and the joins naming what they pair: the list's source (`pageAndTotal`). */
function pairingSource(db: Executor) {
  return {
    select: db.select(pairingColumns).from(studyPairings).$dynamic(),
    base: studyPairings,
    joins: pairingJoins,
  };
}

function selectPairings(db: Executor) {
  return withJoins(pairingSource(db).select, pairingJoins);
}
type PairingRow = Awaited<ReturnType<ReturnType<typeof selectPairings>['execute']>>[number];

const toPairing = (r: PairingRow): Pairing => ({
  id: r.id,
  studyId: r.studyId,
  exam: { ...r.exam, drug: r.drug },
  site: r.site,
  cmo: r.cmo,
  createdAt: r.createdAt.toISOString(),
});

/** A pairing as one line of the study's audit trail. */
const describePairing = (p: Pairing) =>
  `${p.exam.name} (${p.exam.drug.name}) · ${p.site.name} · ${p.cmo.name}`;

const pairingExists = () =>
  new AppError(409, 'RESOURCE_ALREADY_EXISTS', messages.pairingExists, [
    { code: 'RESOURCE_ALREADY_EXISTS', message: messages.pairingExists, parameter: 'examId' },
  ]);

async function requireStudy(db: Executor, studyId: number) {
  return foundOr404('studies', await findStudy(db, studyId));
}

async function findPairing(db: Executor, studyId: number, pairingId: number) {
  if (!isStorableId(pairingId)) return undefined;
  const [row] = await selectPairings(db).where(
    and(eq(studyPairings.studyId, studyId), eq(studyPairings.id, pairingId)),
  );
  return row ? toPairing(row) : undefined;
}

/** One page of a study's pairings; 404 'Study not found'. */
export async function listPairings(
  ctx: ServiceContext,
  studyId: number,
  query: ListQuery,
): Promise<ListResponse<ListItem<Pairing>>> {
  await requireStudy(ctx.db, studyId);
  const plan = listPlan(pairingList, query, eq(studyPairings.studyId, studyId));
  const { rows, total } = await pageAndTotal(ctx.db, plan, pairingSource(ctx.db));
  return listAnswer(plan, rows.map(toPairing), total);
}

/** The exam (active), site and CMO a new pairing names; each one missing is a 400 on its field. */
async function checkPairedRecords(tx: Executor, input: z.output<typeof pairingCreateBodySchema>) {
  const [exam] = isStorableId(input.examId)
    ? await tx.select({ active: exams.active }).from(exams).where(eq(exams.id, input.examId))
    : [];
  const [site, cmo] = await Promise.all([
    findCompany(tx, 'clinical_site', input.siteId),
    findCompany(tx, 'cmo', input.cmoId),
  ]);
  const problems = [
    !exam && { parameter: 'examId', message: messages.notFound('Exam') },
    exam && !exam.active && { parameter: 'examId', message: messages.inactiveChoice('Exam') },
    !site && { parameter: 'siteId', message: messages.notFound('Clinical Site') },
    !cmo && { parameter: 'cmoId', message: messages.notFound('CMO') },
  ].filter((p) => p !== false && p !== undefined);
  if (problems.length > 0) throw validationFailed(problems);
}

/**
 * Pairs an exam and a site of a study with the CMO that makes the dose; one pairing per
 * (study, exam, site), also under concurrent requests (RESOURCE_ALREADY_EXISTS). Audited on the study.
 */
export async function createPairing(
  ctx: ServiceContext,
  studyId: number,
  input: z.output<typeof pairingCreateBodySchema>,
): Promise<Pairing> {
  await requireStudy(ctx.db, studyId);
  return onUniqueViolation(
    () =>
      auditedMutation(ctx, input, { meaning: 'Created Pairing' }, async (tx, audit) => {
        await checkPairedRecords(tx, input);
        const [existing] = await tx
          .select({ id: studyPairings.id })
          .from(studyPairings)
          .where(
            and(
              eq(studyPairings.studyId, studyId),
              eq(studyPairings.examId, input.examId),
              eq(studyPairings.siteId, input.siteId),
            ),
          );
        if (existing) throw pairingExists();
        const [row] = await tx
          .insert(studyPairings)
          .values({ studyId, examId: input.examId, siteId: input.siteId, cmoId: input.cmoId })
          .returning({ id: studyPairings.id });
        const pairing = (await findPairing(tx, studyId, row!.id))!;
        await audit({
          entityType: 'studies',
          entityId: studyId,
          eventType: 'added',
          changeset: { pairings: [null, describePairing(pairing)] },
        });
        return pairing;
      }),
    pairingExists,
  );
}

/** Deletes a pairing of a study, with a reason; audited on the study. 404 when it is not the study's. */
export async function deletePairing(
  ctx: ServiceContext,
  studyId: number,
  pairingId: number,
  input: z.output<typeof pairingDeleteBodySchema>,
): Promise<void> {
  await requireStudy(ctx.db, studyId);
  if (!(await findPairing(ctx.db, studyId, pairingId))) throw notFound(messages.notFound('Pairing'));
  await auditedMutation(
    ctx,
    input,
    { meaning: 'Deleted Pairing', requireReason: true },
    async (tx, audit) => {
      const pairing = await findPairing(tx, studyId, pairingId);
      if (!pairing) throw notFound(messages.notFound('Pairing'));
      // A concurrent deletion of the same pairing finds nothing left to delete here.
      const deleted = await tx
        .delete(studyPairings)
        .where(eq(studyPairings.id, pairingId))
        .returning({ id: studyPairings.id });
      if (deleted.length === 0) throw notFound(messages.notFound('Pairing'));
      await audit({
        entityType: 'studies',
        entityId: studyId,
        eventType: 'removed',
        changeset: { pairings: [describePairing(pairing), null] },
      });
    },
  );
}
