import {
  type Drug,
  type drugCreateBodySchema,
  type drugUpdateBodySchema,
  type ListQuery,
  type ListResponse,
  messages,
} from '@dosechain/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import type { Executor } from '../../kernel/db/client.ts';
import {
  companies,
  drugAvailabilities,
  drugs,
  exams,
  radionuclides,
  studies,
  studyPairings,
} from '../../kernel/db/schema.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import { AppError, alreadyUsed, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { defineListResource, type ListItem } from '../../kernel/http/list-query.ts';
import {
  changesNothing,
  findById,
  foundOr404,
  labelOf,
  listPage,
  nameCheck,
  uniqueName,
  updateById,
  updateMeaning,
} from '../shared/index.ts';

type DrugRow = typeof drugs.$inferSelect;
type RadionuclideRef = { id: number; name: string; active: boolean };
const radionuclideRef = { id: radionuclides.id, name: radionuclides.name, active: radionuclides.active };

/** The drug's radionuclide's name, for filtering and sorting the list without a join. */
const radionuclideName = sql`(select ${radionuclides.name} from ${radionuclides} where ${radionuclides.id} = ${drugs.radionuclideId})`;

export const drugList = defineListResource({
  fields: {
    id: { column: drugs.id, type: 'number', key: 'id' },
    name: { column: drugs.name, type: 'text', key: 'name' },
    other_name: { column: drugs.otherName, type: 'text', key: 'otherName' },
    radionuclide_id: { column: drugs.radionuclideId, type: 'number', key: 'radionuclide' },
    radionuclide_name: { column: radionuclideName, type: 'text', key: 'radionuclide' },
    max_activity_mbq: { column: drugs.maxActivityMbq, type: 'number', key: 'maxActivityMbq' },
    activity_warning_percent: {
      column: drugs.activityWarningPercent,
      type: 'number',
      key: 'activityWarningPercent',
    },
    receipt_tolerance_percent: {
      column: drugs.receiptTolerancePercent,
      type: 'number',
      key: 'receiptTolerancePercent',
    },
    active: { column: drugs.active, type: 'boolean', key: 'active' },
    created_at: { column: drugs.createdAt, type: 'datetime', key: 'createdAt' },
    updated_at: { column: drugs.updatedAt, type: 'datetime', key: 'updatedAt' },
  },
  searchFields: ['name', 'other_name'],
  defaultSort: '-created_at',
});

const toDrug = ({ drug, radionuclide }: { drug: DrugRow; radionuclide: RadionuclideRef | null }): Drug => ({
  id: drug.id,
  name: drug.name,
  otherName: drug.otherName,
  radionuclide: radionuclide ?? null,
  maxActivityMbq: drug.maxActivityMbq,
  activityWarningPercent: drug.activityWarningPercent,
  receiptTolerancePercent: drug.receiptTolerancePercent,
  active: drug.active,
  createdAt: drug.createdAt.toISOString(),
  updatedAt: drug.updatedAt.toISOString(),
});
/** Audited by the radionuclide's name, so the history reads without looking ids up. */
export const auditFields = (
  row: Pick<
    DrugRow,
    'name' | 'otherName' | 'active' | 'maxActivityMbq' | 'activityWarningPercent' | 'receiptTolerancePercent'
  >,
  radionuclide: Pick<RadionuclideRef, 'name'> | null,
) => ({
  name: row.name,
  otherName: row.otherName ?? null,
  radionuclide: radionuclide?.name ?? null,
  maxActivityMbq: row.maxActivityMbq ?? null,
  activityWarningPercent: row.activityWarningPercent ?? null,
  receiptTolerancePercent: row.receiptTolerancePercent ?? null,
  active: row.active,
});
const nameTaken = nameCheck(drugs);

const drugsWithRadionuclides = (db: Executor) =>
  db
    .select({ drug: drugs, radionuclide: radionuclideRef })
    .from(drugs)
    .leftJoin(radionuclides, eq(radionuclides.id, drugs.radionuclideId))
    .$dynamic();

/** One page of drugs, each with its radionuclide. */
export async function listDrugs(
  ctx: ServiceContext,
  query: ListQuery,
): Promise<ListResponse<ListItem<Drug>>> {
  const source = { select: drugsWithRadionuclides(ctx.db), base: drugs, joins: [] };
  return listPage(ctx.db, drugList, query, source, (rows) => rows.map(toDrug));
}

/** A drug with its radionuclide, or 404 'Drug not found'. */
export async function getDrug(ctx: ServiceContext, id: number): Promise<Drug> {
  const [row] = isStorableId(id) ? await drugsWithRadionuclides(ctx.db).where(eq(drugs.id, id)) : [];
  return toDrug(foundOr404('drugs', row));
}

const radionuclideInactive = (name: string) =>
  new AppError(409, 'RADIONUCLIDE_INACTIVE', messages.radionuclideInactive(name), [
    {
      code: 'RADIONUCLIDE_INACTIVE',
      message: messages.radionuclideInactive(name),
      parameter: 'radionuclideId',
    },
  ]);

/**
 * The drug's radionuclide, share-locked: a radionuclide being inactivated at the same moment
 * waits for this transaction (and then sees the drug), or this one waits and sees it inactive.
 */
async function lockRadionuclide(tx: Executor, id: number): Promise<RadionuclideRef> {
  const [row] = isStorableId(id)
    ? await tx.select(radionuclideRef).from(radionuclides).where(eq(radionuclides.id, id)).for('share')
    : [];
  if (!row)
    throw validationFailed([{ parameter: 'radionuclideId', message: messages.notFound('Radionuclide') }]);
  return row;
}

/** The radionuclide of this id, read without a lock (the one a drug had before an update). */
async function radionuclideOf(tx: Executor, id: number | null): Promise<RadionuclideRef | null> {
  if (id === null) return null;
  const [row] = await tx.select(radionuclideRef).from(radionuclides).where(eq(radionuclides.id, id));
  return row ?? null;
}

/**
 * Creates an active drug, signed and audited; names are unique ignoring case, and its
 * radionuclide, if it has one, must be active (RADIONUCLIDE_INACTIVE).
 */
export async function createDrug(
  ctx: ServiceContext,
  input: z.output<typeof drugCreateBodySchema>,
): Promise<Drug> {
  return uniqueName(() =>
    auditedMutation(ctx, input, { meaning: `Created ${labelOf('drugs')}` }, async (tx, audit) => {
      const radionuclide = input.radionuclideId ? await lockRadionuclide(tx, input.radionuclideId) : null;
      if (radionuclide && !radionuclide.active) throw radionuclideInactive(radionuclide.name);
      if (await nameTaken(tx, input.name)) throw alreadyUsed('name');
      const [row] = await tx
        .insert(drugs)
        .values({
          name: input.name,
          otherName: input.otherName || null,
          radionuclideId: radionuclide?.id ?? null,
          maxActivityMbq: input.maxActivityMbq ?? null,
          activityWarningPercent: input.activityWarningPercent ?? null,
          receiptTolerancePercent: input.receiptTolerancePercent ?? null,
        })
        .returning();
      await audit({
        entityType: 'drugs',
        entityId: row!.id,
        eventType: 'new',
        after: auditFields(row!, radionuclide),
      });
      return toDrug({ drug: row!, radionuclide });
    }),
  );
}

/** How many uses the DRUG_IN_USE message names; the rest are counted. */
const USES_NAMED = 3;

/**
 * Where active records use the drug (issue 33), so that it cannot be inactivated: its active
 * exams, each with the studies pairing it, then its active availabilities by CMO; at most
 * `USES_NAMED` + 1 are read, and the total. The share lock an exam or availability takes on its
 * drug orders this check against a concurrent creation or activation.
 */
async function drugUses(tx: Executor, drugId: number): Promise<{ named: string[]; total: number }> {
  const examUses = await tx
    .select({ id: exams.id, name: exams.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(exams)
    .where(and(eq(exams.drugId, drugId), eq(exams.active, true)))
    .orderBy(asc(exams.name))
    .limit(USES_NAMED);
  const pairedStudies = examUses.length
    ? await tx
        .selectDistinct({ examId: studyPairings.examId, name: studies.name })
        .from(studyPairings)
        .innerJoin(studies, eq(studies.id, studyPairings.studyId))
        .where(
          inArray(
            studyPairings.examId,
            examUses.map((e) => e.id),
          ),
        )
        .orderBy(asc(studies.name))
    : [];
  const studiesOf = (examId: number) =>
    pairedStudies
      .filter((p) => p.examId === examId)
      .map((p) => p.name)
      .join(', ');
  const availabilityUses = await tx
    .select({ cmo: companies.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(drugAvailabilities)
    .innerJoin(companies, eq(companies.id, drugAvailabilities.cmoId))
    .where(and(eq(drugAvailabilities.drugId, drugId), eq(drugAvailabilities.active, true)))
    .orderBy(asc(companies.name), asc(drugAvailabilities.id))
    .limit(USES_NAMED);
  const named = [
    ...examUses.map((e) =>
      studiesOf(e.id) ? `exam ${e.name} in study ${studiesOf(e.id)}` : `exam ${e.name}`,
    ),
    ...availabilityUses.map((a) => `an availability of CMO ${a.cmo}`),
  ].slice(0, USES_NAMED);
  const total = (examUses[0]?.total ?? 0) + (availabilityUses[0]?.total ?? 0);
  return { named, total };
}

/** DRUG_IN_USE: the spec's sentence, then where the drug is used. */
const drugInUseError = (name: string, uses: { named: string[]; total: number }) =>
  new AppError(
    409,
    'DRUG_IN_USE',
    `${messages.drugInUse(name)}. ${messages.drugUsedBy(uses.named, uses.total - uses.named.length)}`,
  );

/**
 * Edits or toggles a drug, signed and audited. Inactivation needs a reason and is refused
 * while an active exam or availability uses the drug (DRUG_IN_USE); an active drug's
 * radionuclide must be active (RADIONUCLIDE_INACTIVE). `radionuclideId: null` removes it.
 */
export async function updateDrug(
  ctx: ServiceContext,
  id: number,
  input: z.output<typeof drugUpdateBodySchema>,
): Promise<Drug> {
  const current = foundOr404('drugs', await findById(ctx.db, drugs, id));
  const meaning = updateMeaning(labelOf('drugs'), current.active, input.active);
  return uniqueName(() =>
    auditedMutation(ctx, input, meaning, async (tx, audit) => {
      const before = foundOr404('drugs', await findById(tx, drugs, id, { forUpdate: true }));
      const radionuclideId =
        input.radionuclideId !== undefined ? (input.radionuclideId ?? null) : before.radionuclideId;
      const radionuclide = radionuclideId === null ? null : await lockRadionuclide(tx, radionuclideId);
      const radionuclideBefore =
        before.radionuclideId === radionuclideId
          ? radionuclide
          : await radionuclideOf(tx, before.radionuclideId);
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.otherName !== undefined ? { otherName: input.otherName || null } : {}),
        ...(input.radionuclideId !== undefined ? { radionuclideId } : {}),
        ...(input.maxActivityMbq !== undefined ? { maxActivityMbq: input.maxActivityMbq ?? null } : {}),
        ...(input.activityWarningPercent !== undefined
          ? { activityWarningPercent: input.activityWarningPercent ?? null }
          : {}),
        ...(input.receiptTolerancePercent !== undefined
          ? { receiptTolerancePercent: input.receiptTolerancePercent ?? null }
          : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      };
      const after = { ...before, ...changes };
      if (changesNothing(auditFields(before, radionuclideBefore), auditFields(after, radionuclide))) {
        return toDrug({ drug: before, radionuclide });
      }
      if (before.active && changes.active === false) {
        const uses = await drugUses(tx, id);
        if (uses.total > 0) throw drugInUseError(before.name, uses);
      }
      if (after.active && radionuclide && !radionuclide.active) throw radionuclideInactive(radionuclide.name);
      if (changes.name !== undefined && (await nameTaken(tx, changes.name, id))) throw alreadyUsed('name');
      const row = await updateById(tx, drugs, id, changes);
      await audit({
        entityType: 'drugs',
        entityId: id,
        eventType: 'update',
        before: auditFields(before, radionuclideBefore),
        after: auditFields(row, radionuclide),
      });
      return toDrug({ drug: row, radionuclide });
    }),
  );
}
