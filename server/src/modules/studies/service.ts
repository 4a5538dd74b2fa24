import type {
  ListQuery,
  ListResponse,
  Study,
  studyCreateBodySchema,
  studyUpdateBodySchema,
} from '@dosechain/contract';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { studies } from '../../kernel/db/schema.ts';
import { alreadyUsed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { defineListResource, type ListItem } from '../../kernel/http/list-query.ts';
import {
  changesNothing,
  findById,
  foundOr404,
  labelOf,
  listTable,
  nameCheck,
  uniqueName,
  updateById,
  updateMeaning,
} from '../shared/index.ts';
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
const nameTaken = nameCheck(studies);

/** A study's row, locked FOR UPDATE when asked. */
export const findStudy = (db: Executor, id: number, forUpdate = false): Promise<StudyRow | undefined> =>
  findById(db, studies, id, { forUpdate });

const withDistributionList = async (db: Executor, row: StudyRow): Promise<Study> => ({
  ...toStudy(row),
  distributionList: await loadDistributionList(db, row.id),
});

/** One page of studies (without their distribution lists). */
export function listStudies(ctx: ServiceContext, query: ListQuery): Promise<ListResponse<ListItem<Study>>> {
  return listTable(ctx.db, studyList, query, studies, (rows) => rows.map(toStudy));
}

/** A study with its distribution list; 404 'Study not found'. */
export async function getStudy(ctx: ServiceContext, id: number): Promise<Study> {
  return withDistributionList(ctx.db, foundOr404('studies', await findStudy(ctx.db, id)));
}

/** Creates an active study (and its distribution list, when sent), signed and audited. */
export async function createStudy(
  ctx: ServiceContext,
  input: z.output<typeof studyCreateBodySchema>,
): Promise<Study> {
  return uniqueName(() =>
    auditedMutation(ctx, input, { meaning: `Created ${labelOf('studies')}` }, async (tx, audit) => {
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
  const current = foundOr404('studies', await findStudy(ctx.db, id));
  const meaning = updateMeaning(labelOf('studies'), current.active, input.active);
  return uniqueName(() =>
    auditedMutation(ctx, input, meaning, async (tx, audit) => {
      const before = foundOr404('studies', await findStudy(tx, id, true));
      const listChanged = input.distributionList
        ? await replaceDistributionList(tx, id, input.distributionList, audit)
        : false;
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.sponsor !== undefined ? { sponsor: input.sponsor } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      };
      if (changesNothing(auditFields(before), auditFields({ ...before, ...changes }))) {
        if (!listChanged) return withDistributionList(tx, before);
        return withDistributionList(tx, await updateById(tx, studies, id, {}));
      }
      if (changes.name !== undefined && (await nameTaken(tx, changes.name, id))) throw alreadyUsed('name');
      const row = await updateById(tx, studies, id, changes);
      await audit({
        entityType: 'studies',
        entityId: id,
        eventType: 'update',
        before: auditFields(before),
        after: auditFields(row),
      });
      return withDistributionList(tx, row);
    }),
  );
}
