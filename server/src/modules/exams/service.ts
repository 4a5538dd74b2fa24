import {
  type Exam,
  type examCreateBodySchema,
  type examUpdateBodySchema,
  type ListQuery,
  type ListResponse,
  messages,
} from '@dosechain/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { drugs, exams } from '../../kernel/db/schema.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import { AppError, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { defineListResource, type ListItem } from '../../kernel/http/list-query.ts';
import {
  changesNothing,
  foundOr404,
  labelOf,
  listPage,
  onUniqueViolation,
  updateById,
  updateMeaning,
} from '../shared/index.ts';

export const examList = defineListResource({
  fields: {
    id: { column: exams.id, type: 'number', key: 'id' },
    name: { column: exams.name, type: 'text', key: 'name' },
    drug_id: { column: exams.drugId, type: 'number', key: 'drug' },
    drug_name: { column: drugs.name, type: 'text', key: 'drug' },
    active: { column: exams.active, type: 'boolean', key: 'active' },
    created_at: { column: exams.createdAt, type: 'datetime', key: 'createdAt' },
    updated_at: { column: exams.updatedAt, type: 'datetime', key: 'updatedAt' },
  },
  searchFields: ['name', 'drug_name'],
  defaultSort: '-created_at',
});

type ExamRow = typeof exams.$inferSelect;
type DrugRef = { id: number; name: string; active: boolean };
const drugRef = { id: drugs.id, name: drugs.name, active: drugs.active };

const toExam = ({ exam, drug }: { exam: ExamRow; drug: DrugRef }): Exam => ({
  id: exam.id,
  name: exam.name,
  drug,
  active: exam.active,
  createdAt: exam.createdAt.toISOString(),
  updatedAt: exam.updatedAt.toISOString(),
});
/** Audited by the drug's name, so the history reads without looking ids up. */
export const auditFields = (exam: Pick<ExamRow, 'name' | 'active'>, drug: Pick<DrugRef, 'name'>) => ({
  name: exam.name,
  drug: drug.name,
  active: exam.active,
});

const examNameDrugUnique = (drug: string) =>
  new AppError(409, 'EXAM_NAME_DRUG_UNIQUE', messages.examNameDrugUnique(drug), [
    { code: 'EXAM_NAME_DRUG_UNIQUE', message: messages.examNameDrugUnique(drug), parameter: 'name' },
  ]);
const examDrugInactive = (drug: string) =>
  new AppError(409, 'EXAM_DRUG_INACTIVE', messages.examDrugInactive(drug), [
    { code: 'EXAM_DRUG_INACTIVE', message: messages.examDrugInactive(drug), parameter: 'drugId' },
  ]);

async function findExam(db: Executor, id: number, forUpdate = false) {
  if (!isStorableId(id)) return undefined;
  const query = db
    .select({ exam: exams, drug: drugRef })
    .from(exams)
    .innerJoin(drugs, eq(drugs.id, exams.drugId))
    .where(eq(exams.id, id));
  const [row] = forUpdate ? await query.for('update', { of: exams }) : await query;
  return row;
}

/**
 * The exam's drug, share-locked: a drug being inactivated at the same moment waits for this
 * transaction (and then sees the exam), or this one waits and sees the drug inactive.
 */
async function lockDrug(tx: Executor, drugId: number): Promise<DrugRef> {
  const [drug] = isStorableId(drugId)
    ? await tx.select(drugRef).from(drugs).where(eq(drugs.id, drugId)).for('share')
    : [];
  if (!drug) throw validationFailed([{ parameter: 'drugId', message: messages.notFound('Drug') }]);
  return drug;
}

async function nameTakenForDrug(db: Executor, name: string, drugId: number, exceptId?: number) {
  const [row] = await db
    .select({ id: exams.id })
    .from(exams)
    .where(
      and(
        eq(exams.drugId, drugId),
        sql`lower(${exams.name}) = lower(${name})`,
        exceptId ? ne(exams.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A race the name check could not see ends at the unique index on (drug, name). */
function uniqueForDrug<T>(db: Executor, drugId: number, work: () => Promise<T>): Promise<T> {
  return onUniqueViolation(work, async () => {
    const [drug] = await db.select({ name: drugs.name }).from(drugs).where(eq(drugs.id, drugId));
    return examNameDrugUnique(drug?.name ?? String(drugId));
  });
}

/** One page of exams with their drugs. */
export async function listExams(
  ctx: ServiceContext,
  query: ListQuery,
): Promise<ListResponse<ListItem<Exam>>> {
  const select = ctx.db.select({ exam: exams, drug: drugRef }).from(exams).$dynamic();
  const joins = [{ table: drugs, on: eq(drugs.id, exams.drugId) }];
  return listPage(ctx.db, examList, query, { select, base: exams, joins }, (rows) => rows.map(toExam));
}

/** An exam with its drug; 404 'Exam not found'. */
export async function getExam(ctx: ServiceContext, id: number): Promise<Exam> {
  return toExam(foundOr404('exams', await findExam(ctx.db, id)));
}

/** Creates an active exam on an active drug, signed and audited; (name, drug) is unique. */
export async function createExam(
  ctx: ServiceContext,
  input: z.output<typeof examCreateBodySchema>,
): Promise<Exam> {
  return uniqueForDrug(ctx.db, input.drugId, () =>
    auditedMutation(ctx, input, { meaning: `Created ${labelOf('exams')}` }, async (tx, audit) => {
      const drug = await lockDrug(tx, input.drugId);
      if (!drug.active) throw examDrugInactive(drug.name);
      if (await nameTakenForDrug(tx, input.name, drug.id)) throw examNameDrugUnique(drug.name);
      const [exam] = await tx.insert(exams).values({ name: input.name, drugId: drug.id }).returning();
      await audit({
        entityType: 'exams',
        entityId: exam!.id,
        eventType: 'new',
        after: auditFields(exam!, drug),
      });
      return toExam({ exam: exam!, drug });
    }),
  );
}

/**
 * Edits or toggles an exam, signed and audited. Inactivation needs a reason; an exam that is
 * active afterwards needs an active drug (EXAM_DRUG_INACTIVE).
 */
export async function updateExam(
  ctx: ServiceContext,
  id: number,
  input: z.output<typeof examUpdateBodySchema>,
): Promise<Exam> {
  const current = foundOr404('exams', await findExam(ctx.db, id));
  const options = updateMeaning(labelOf('exams'), current.exam.active, input.active);
  const drugId = input.drugId ?? current.exam.drugId;
  return uniqueForDrug(ctx.db, drugId, () =>
    auditedMutation(ctx, input, options, async (tx, audit) => {
      const before = foundOr404('exams', await findExam(tx, id, true));
      const drug = await lockDrug(tx, input.drugId ?? before.exam.drugId);
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.drugId !== undefined ? { drugId: drug.id } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      };
      const after = { ...before.exam, ...changes };
      if (changesNothing(auditFields(before.exam, before.drug), auditFields(after, drug)))
        return toExam(before);
      if (after.active && !drug.active) throw examDrugInactive(drug.name);
      if (await nameTakenForDrug(tx, after.name, drug.id, id)) throw examNameDrugUnique(drug.name);
      const exam = await updateById(tx, exams, id, changes);
      await audit({
        entityType: 'exams',
        entityId: id,
        eventType: 'update',
        before: auditFields(before.exam, before.drug),
        after: auditFields(exam, drug),
      });
      return toExam({ exam: exam, drug });
    }),
  );
}
