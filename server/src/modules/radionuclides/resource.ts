import {
  formatHalfLife,
  halfLifeUnits,
  messages,
  type Radionuclide,
  radionuclideCreateBodySchema,
  radionuclideSchema,
  radionuclideUpdateBodySchema,
} from '@dosechain/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { drugs, radionuclides } from '../../kernel/db/schema.ts';
import { AppError, alreadyUsed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { defineListResource } from '../../kernel/http/list-query.ts';
import {
  changesNothing,
  defineConfigResource,
  findById,
  foundOr404,
  labelOf,
  nameCheck,
  tableReads,
  uniqueName,
  uniqueNameOf,
  updateById,
  updateMeaning,
} from '../shared/index.ts';

type RadionuclideRow = typeof radionuclides.$inferSelect;

/** A half-life in seconds, whatever its unit: what the list sorts and filters by. */
const halfLifeSeconds = sql`(${radionuclides.halfLife} * case ${radionuclides.halfLifeUnit}
  when 'min' then 60 when 'h' then 3600 else 86400 end)`;

export const radionuclideList = defineListResource({
  fields: {
    id: { column: radionuclides.id, type: 'number', key: 'id' },
    name: { column: radionuclides.name, type: 'text', key: 'name' },
    half_life: { column: halfLifeSeconds, type: 'number', key: 'halfLife' },
    half_life_unit: {
      column: radionuclides.halfLifeUnit,
      type: 'enum',
      values: halfLifeUnits,
      key: 'halfLifeUnit',
    },
    active: { column: radionuclides.active, type: 'boolean', key: 'active' },
    created_at: { column: radionuclides.createdAt, type: 'datetime', key: 'createdAt' },
    updated_at: { column: radionuclides.updatedAt, type: 'datetime', key: 'updatedAt' },
  },
  searchFields: ['name'],
  defaultSort: '-created_at',
});

const toRadionuclide = (row: RadionuclideRow): Radionuclide => ({
  id: row.id,
  name: row.name,
  halfLife: row.halfLife,
  halfLifeUnit: row.halfLifeUnit,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Audited as it reads: the half-life with its unit ("109.77 min"). */
export const radionuclideAuditFields = (
  row: Pick<RadionuclideRow, 'name' | 'halfLife' | 'halfLifeUnit' | 'active'>,
) => ({
  name: row.name,
  halfLife: formatHalfLife(row.halfLife, row.halfLifeUnit),
  active: row.active,
});
const nameTaken = nameCheck(radionuclides);

/** One page of radionuclides; one, or 404 'Radionuclide not found'. */
export const { list: listRadionuclides, get: getRadionuclide } = tableReads(
  'radionuclides',
  radionuclides,
  radionuclideList,
  toRadionuclide,
);

/** Creates an active radionuclide, signed and audited; names are unique ignoring case. */
export async function createRadionuclide(
  ctx: ServiceContext,
  input: z.output<typeof radionuclideCreateBodySchema>,
): Promise<Radionuclide> {
  return uniqueName(() =>
    auditedMutation(ctx, input, { meaning: `Created ${labelOf('radionuclides')}` }, async (tx, audit) => {
      if (await nameTaken(tx, input.name)) throw alreadyUsed('name');
      const [row] = await tx
        .insert(radionuclides)
        .values({ name: input.name, halfLife: input.halfLife, halfLifeUnit: input.halfLifeUnit })
        .returning();
      await audit({
        entityType: 'radionuclides',
        entityId: row!.id,
        eventType: 'new',
        after: radionuclideAuditFields(row!),
      });
      return toRadionuclide(row!);
    }),
  );
}

/**
 * Whether an active drug uses the radionuclide, so that it cannot be inactivated. The share lock
 * a drug takes on its radionuclide orders this check against a concurrent drug change.
 */
async function usedByActiveDrug(tx: Executor, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: drugs.id })
    .from(drugs)
    .where(and(eq(drugs.radionuclideId, id), eq(drugs.active, true)))
    .limit(1);
  return row !== undefined;
}

const inUse = (name: string) => new AppError(409, 'RADIONUCLIDE_IN_USE', messages.radionuclideInUse(name));

/**
 * Edits or toggles a radionuclide, signed and audited. Inactivation needs a reason and is
 * refused while an active drug uses it (RADIONUCLIDE_IN_USE).
 */
export async function updateRadionuclide(
  ctx: ServiceContext,
  id: number,
  input: z.output<typeof radionuclideUpdateBodySchema>,
): Promise<Radionuclide> {
  const current = foundOr404('radionuclides', await findById(ctx.db, radionuclides, id));
  const meaning = updateMeaning(labelOf('radionuclides'), current.active, input.active);
  return uniqueName(() =>
    auditedMutation(ctx, input, meaning, async (tx, audit) => {
      const before = foundOr404('radionuclides', await findById(tx, radionuclides, id, { forUpdate: true }));
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.halfLife !== undefined ? { halfLife: input.halfLife } : {}),
        ...(input.halfLifeUnit !== undefined ? { halfLifeUnit: input.halfLifeUnit } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      };
      const after = { ...before, ...changes };
      if (changesNothing(radionuclideAuditFields(before), radionuclideAuditFields(after))) {
        return toRadionuclide(before);
      }
      if (before.active && changes.active === false && (await usedByActiveDrug(tx, id))) {
        throw inUse(before.name);
      }
      if (changes.name !== undefined && (await nameTaken(tx, changes.name, id))) throw alreadyUsed('name');
      const row = await updateById(tx, radionuclides, id, changes);
      await audit({
        entityType: 'radionuclides',
        entityId: id,
        eventType: 'update',
        before: radionuclideAuditFields(before),
        after: radionuclideAuditFields(row),
      });
      return toRadionuclide(row);
    }),
  );
}

/** `/radionuclides`: list, create, read, update (toggle). */
export default defineConfigResource({
  key: 'radionuclides',
  schemas: {
    item: radionuclideSchema,
    create: radionuclideCreateBodySchema,
    update: radionuclideUpdateBodySchema,
  },
  list: listRadionuclides,
  get: getRadionuclide,
  create: createRadionuclide,
  update: updateRadionuclide,
  unique: uniqueNameOf(radionuclides),
});
