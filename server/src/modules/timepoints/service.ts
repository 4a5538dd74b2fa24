import type { Timepoint, timepointCreateBodySchema, timepointUpdateBodySchema } from '@dosechain/contract';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import { timepoints } from '../../kernel/db/schema.ts';
import { alreadyUsed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { defineListResource } from '../../kernel/http/list-query.ts';
import {
  findById,
  foundOr404,
  labelOf,
  nameCheck,
  tableReads,
  uniqueName,
  updateById,
} from '../shared/index.ts';

const nameTaken = nameCheck(timepoints);

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

/** One page of timepoints; a timepoint or 404 'Timepoint not found'. */
export const { list: listTimepoints, get: getTimepoint } = tableReads(
  'timepoints',
  timepoints,
  timepointList,
  toTimepoint,
);

/** Creates a timepoint, signed and audited; names are unique ignoring case. */
export async function createTimepoint(
  ctx: ServiceContext,
  input: z.output<typeof timepointCreateBodySchema>,
): Promise<Timepoint> {
  return uniqueName(() =>
    auditedMutation(ctx, input, { meaning: `Created ${labelOf('timepoints')}` }, async (tx, audit) => {
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
  foundOr404('timepoints', await findById(ctx.db, timepoints, id));
  return uniqueName(() =>
    auditedMutation(ctx, input, { meaning: `Updated ${labelOf('timepoints')}` }, async (tx, audit) => {
      const before = foundOr404('timepoints', await findById(tx, timepoints, id, { forUpdate: true }));
      if (input.name === undefined || input.name === before.name) return toTimepoint(before);
      if (await nameTaken(tx, input.name, id)) throw alreadyUsed('name');
      const row = await updateById(tx, timepoints, id, { name: input.name });
      await audit({
        entityType: 'timepoints',
        entityId: id,
        eventType: 'update',
        before: { name: before.name },
        after: { name: row.name },
      });
      return toTimepoint(row);
    }),
  );
}
