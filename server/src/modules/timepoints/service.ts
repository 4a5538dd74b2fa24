import {
  type ListQuery,
  type ListResponse,
  messages,
  type Timepoint,
  type timepointCreateBodySchema,
  type timepointUpdateBodySchema,
} from '@dosechain/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../audit/mutation.ts';
import type { Executor } from '../../db/client.ts';
import { timepoints } from '../../db/schema.ts';
import { alreadyUsed, notFound } from '../../http/app-error.ts';
import type { ServiceContext } from '../../http/context.ts';
import { defineListResource, type ListItem, listAnswer, listPlan } from '../../http/list-query.ts';
import { isStorableId } from '../companies/queries.ts';
import { nameTaken as takenIn, uniqueName } from '../shared/unique-name.ts';

const nameTaken = (db: Executor, name: string, exceptId?: number) =>
  takenIn(db, timepoints, { name: timepoints.name, id: timepoints.id }, name, exceptId);

type TimepointRow = typeof timepoints.$inferSelect;

export const timepointList = defineListResource({
  fields: {
    id: { column: timepoints.id, type: 'number', key: 'id' },
    name: { column: timepoints.name, type: 'text', key: 'name' },
    created_at: { column: timepoints.createdAt, type: 'datetime', key: 'createdAt' },
    updated_at: { column: timepoints.updatedAt, type: 'datetime', key: 'updatedAt' },
  },
  searchFields: ['name'],
  defaultSort: '-created_at',
});

const toTimepoint = (row: TimepointRow): Timepoint => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const notFoundError = () => notFound(messages.notFound('Timepoint'));

async function findTimepoint(db: Executor, id: number, forUpdate = false) {
  if (!isStorableId(id)) return undefined;
  const query = db.select().from(timepoints).where(eq(timepoints.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function listTimepoints(
  ctx: ServiceContext,
  query: ListQuery,
): Promise<ListResponse<ListItem<Timepoint>>> {
  const plan = listPlan(timepointList, query);
  const [rows, totals] = await Promise.all([
    ctx.db
      .select()
      .from(timepoints)
      .where(plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    ctx.db.select({ total: count() }).from(timepoints).where(plan.where),
  ]);
  return listAnswer(plan, rows.map(toTimepoint), totals[0]?.total ?? 0);
}

export async function getTimepoint(ctx: ServiceContext, id: number): Promise<Timepoint> {
  const row = await findTimepoint(ctx.db, id);
  if (!row) throw notFoundError();
  return toTimepoint(row);
}

/** Creates a timepoint, signed and audited; names are unique ignoring case. */
export async function createTimepoint(
  ctx: ServiceContext,
  input: z.output<typeof timepointCreateBodySchema>,
): Promise<Timepoint> {
  return uniqueName(() =>
    auditedMutation(ctx, input, { meaning: 'Created Timepoint' }, async (tx, audit) => {
      if (await nameTaken(tx, input.name)) throw alreadyUsed('name');
      const [row] = await tx.insert(timepoints).values({ name: input.name }).returning();
      await audit({
        entityType: 'timepoints',
        entityId: row!.id,
        eventType: 'new',
        after: { name: row!.name },
      });
      return toTimepoint(row!);
    }),
  );
}

/** Renames a timepoint, signed and audited; a change of nothing writes nothing. */
export async function updateTimepoint(
  ctx: ServiceContext,
  id: number,
  input: z.output<typeof timepointUpdateBodySchema>,
): Promise<Timepoint> {
  if (!(await findTimepoint(ctx.db, id))) throw notFoundError();
  return uniqueName(() =>
    auditedMutation(ctx, input, { meaning: 'Updated Timepoint' }, async (tx, audit) => {
      const before = await findTimepoint(tx, id, true);
      if (!before) throw notFoundError();
      if (input.name === undefined || input.name === before.name) return toTimepoint(before);
      if (await nameTaken(tx, input.name, id)) throw alreadyUsed('name');
      const [row] = await tx
        .update(timepoints)
        .set({ name: input.name, updatedAt: sql`now()` })
        .where(eq(timepoints.id, id))
        .returning();
      await audit({
        entityType: 'timepoints',
        entityId: id,
        eventType: 'update',
        before: { name: before.name },
        after: { name: row!.name },
      });
      return toTimepoint(row!);
    }),
  );
}
