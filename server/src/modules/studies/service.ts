import {
  type ListQuery,
  type ListResponse,
  messages,
  type Study,
  type studyCreateBodySchema,
  type studyUpdateBodySchema,
} from '@dosechain/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../audit/mutation.ts';
import { diffChangeset } from '../../audit/record.ts';
import type { Executor } from '../../db/client.ts';
import { studies } from '../../db/schema.ts';
import { alreadyUsed, notFound } from '../../http/app-error.ts';
import type { ServiceContext } from '../../http/context.ts';
import { defineListResource, type ListItem, listAnswer, listPlan } from '../../http/list-query.ts';
import { isStorableId } from '../companies/queries.ts';
import { updateMeaning } from '../shared/active-toggle.ts';
import { nameTaken as takenIn, uniqueName } from '../shared/unique-name.ts';
import { loadDistributionList, replaceDistributionList } from './distribution-list.ts';

export const studyList = defineListResource({
  fields: {
    id: { column: studies.id, type: 'number', key: 'id' },
    name: { column: studies.name, type: 'text', key: 'name' },
    sponsor: { column: studies.sponsor, type: 'text', key: 'sponsor' },
    active: { column: studies.active, type: 'boolean', key: 'active' },
    created_at: { column: studies.createdAt, type: 'datetime', key: 'createdAt' },
    updated_at: { column: studies.updatedAt, type: 'datetime', key: 'updatedAt' },
  },
  searchFields: ['name', 'sponsor'],
  defaultSort: '-created_at',
});

type StudyRow = typeof studies.$inferSelect;

const toStudy = (row: StudyRow): Study => ({
  id: row.id,
  name: row.name,
  sponsor: row.sponsor,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
export const auditFields = (row: Pick<StudyRow, 'name' | 'sponsor' | 'active'>) => ({
  name: row.name,
  sponsor: row.sponsor,
  active: row.active,
});
export const studyNotFound = () => notFound(messages.notFound('Study'));
const nameTaken = (db: Executor, name: string, exceptId?: number) =>
  takenIn(db, studies, { name: studies.name, id: studies.id }, name, exceptId);

export async function findStudy(db: Executor, id: number, forUpdate = false): Promise<StudyRow | undefined> {
  if (!isStorableId(id)) return undefined;
  const query = db.select().from(studies).where(eq(studies.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

const withDistributionList = async (db: Executor, row: StudyRow): Promise<Study> => ({
  ...toStudy(row),
  distributionList: await loadDistributionList(db, row.id),
});

/** One page of studies (without their distribution lists). */
export async function listStudies(
  ctx: ServiceContext,
  query: ListQuery,
): Promise<ListResponse<ListItem<Study>>> {
  const plan = listPlan(studyList, query);
  const [rows, totals] = await Promise.all([
    ctx.db
      .select()
      .from(studies)
      .where(plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    ctx.db.select({ total: count() }).from(studies).where(plan.where),
  ]);
  return listAnswer(plan, rows.map(toStudy), totals[0]?.total ?? 0);
}

/** A study with its distribution list; 404 'Study not found'. */
export async function getStudy(ctx: ServiceContext, id: number): Promise<Study> {
  const row = await findStudy(ctx.db, id);
  if (!row) throw studyNotFound();
  return withDistributionList(ctx.db, row);
}

/** Creates an active study (and its distribution list, when sent), signed and audited. */
export async function createStudy(
  ctx: ServiceContext,
  input: z.output<typeof studyCreateBodySchema>,
): Promise<Study> {
  return uniqueName(() =>
    auditedMutation(ctx, input, { meaning: 'Created Study' }, async (tx, audit) => {
      if (await nameTaken(tx, input.name)) throw alreadyUsed('name');
      const [row] = await tx.insert(studies).values({ name: input.name, sponsor: input.sponsor }).returning();
      await audit({ entityType: 'studies', entityId: row!.id, eventType: 'new', after: auditFields(row!) });
      if (input.distributionList) await replaceDistributionList(tx, row!.id, input.distributionList, audit);
      return withDistributionList(tx, row!);
    }),
  );
}

/**
 * Edits, toggles or replaces the distribution list of a study, signed and audited.
 * Inactivation needs a reason; a change of nothing writes nothing.
 */
export async function updateStudy(
  ctx: ServiceContext,
  id: number,
  input: z.output<typeof studyUpdateBodySchema>,
): Promise<Study> {
  const current = await findStudy(ctx.db, id);
  if (!current) throw studyNotFound();
  return uniqueName(() =>
    auditedMutation(ctx, input, updateMeaning('Study', current.active, input.active), async (tx, audit) => {
      const before = await findStudy(tx, id, true);
      if (!before) throw studyNotFound();
      const listChanged = input.distributionList
        ? await replaceDistributionList(tx, id, input.distributionList, audit)
        : false;
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.sponsor !== undefined ? { sponsor: input.sponsor } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      };
      const fieldsChanged =
        Object.keys(diffChangeset(auditFields(before), auditFields({ ...before, ...changes }))).length > 0;
      if (!fieldsChanged) {
        if (!listChanged) return withDistributionList(tx, before);
        const [touched] = await tx
          .update(studies)
          .set({ updatedAt: sql`now()` })
          .where(eq(studies.id, id))
          .returning();
        return withDistributionList(tx, touched!);
      }
      if (changes.name !== undefined && (await nameTaken(tx, changes.name, id))) throw alreadyUsed('name');
      const [row] = await tx
        .update(studies)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(studies.id, id))
        .returning();
      await audit({
        entityType: 'studies',
        entityId: id,
        eventType: 'update',
        before: auditFields(before),
        after: auditFields(row!),
      });
      return withDistributionList(tx, row!);
    }),
  );
}
