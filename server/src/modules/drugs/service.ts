import {
  type Drug,
  type drugCreateBodySchema,
  type drugUpdateBodySchema,
  messages,
} from '@dosechain/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../audit/mutation.ts';
import type { Executor } from '../../db/client.ts';
import { drugAvailabilities, drugs, exams } from '../../db/schema.ts';
import { AppError, alreadyUsed } from '../../http/app-error.ts';
import type { ServiceContext } from '../../http/context.ts';
import { defineListResource } from '../../http/list-query.ts';
import { updateMeaning } from '../shared/active-toggle.ts';
import {
  changesNothing,
  findById,
  foundOr404,
  labelOf,
  tableReads,
  updateById,
} from '../shared/config-service.ts';
import { nameCheck, uniqueName } from '../shared/unique-name.ts';

type DrugRow = typeof drugs.$inferSelect;

export const drugList = defineListResource({
  fields: {
    id: { column: drugs.id, type: 'number', key: 'id' },
    name: { column: drugs.name, type: 'text', key: 'name' },
    other_name: { column: drugs.otherName, type: 'text', key: 'otherName' },
    active: { column: drugs.active, type: 'boolean', key: 'active' },
    created_at: { column: drugs.createdAt, type: 'datetime', key: 'createdAt' },
    updated_at: { column: drugs.updatedAt, type: 'datetime', key: 'updatedAt' },
  },
  searchFields: ['name', 'other_name'],
  defaultSort: '-created_at',
});

const toDrug = (row: DrugRow): Drug => ({
  id: row.id,
  name: row.name,
  otherName: row.otherName,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
export const auditFields = (row: Pick<DrugRow, 'name' | 'otherName' | 'active'>) => ({
  name: row.name,
  otherName: row.otherName ?? null,
  active: row.active,
});
const nameTaken = nameCheck(drugs);

/** One page of drugs; a drug or 404 'Drug not found'. */
export const { list: listDrugs, get: getDrug } = tableReads('drugs', drugs, drugList, toDrug);

/** Creates an active drug, signed and audited; names are unique ignoring case. */
export async function createDrug(
  ctx: ServiceContext,
  input: z.output<typeof drugCreateBodySchema>,
): Promise<Drug> {
  return uniqueName(() =>
    auditedMutation(ctx, input, { meaning: `Created ${labelOf('drugs')}` }, async (tx, audit) => {
      if (await nameTaken(tx, input.name)) throw alreadyUsed('name');
      const [row] = await tx
        .insert(drugs)
        .values({ name: input.name, otherName: input.otherName || null })
        .returning();
      await audit({ entityType: 'drugs', entityId: row!.id, eventType: 'new', after: auditFields(row!) });
      return toDrug(row!);
    }),
  );
}

/**
 * Whether an active record uses the drug, so that it cannot be inactivated. The share lock an
 * exam or availability takes on its drug orders this check against a concurrent creation or
 * activation.
 */
async function drugInUse(tx: Executor, drugId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.drugId, drugId), eq(exams.active, true)))
    .limit(1);
  if (row) return true;
  const [availability] = await tx
    .select({ id: drugAvailabilities.id })
    .from(drugAvailabilities)
    .where(and(eq(drugAvailabilities.drugId, drugId), eq(drugAvailabilities.active, true)))
    .limit(1);
  return availability !== undefined;
}

const drugInUseError = (name: string) => new AppError(409, 'DRUG_IN_USE', messages.drugInUse(name));

/**
 * Edits or toggles a drug, signed and audited. Inactivation needs a reason and is refused
 * while an active exam or availability uses the drug (DRUG_IN_USE).
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
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.otherName !== undefined ? { otherName: input.otherName || null } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      };
      if (changesNothing(auditFields(before), auditFields({ ...before, ...changes }))) return toDrug(before);
      if (before.active && changes.active === false && (await drugInUse(tx, id))) {
        throw drugInUseError(before.name);
      }
      if (changes.name !== undefined && (await nameTaken(tx, changes.name, id))) throw alreadyUsed('name');
      const row = await updateById(tx, drugs, id, changes);
      await audit({
        entityType: 'drugs',
        entityId: id,
        eventType: 'update',
        before: auditFields(before),
        after: auditFields(row),
      });
      return toDrug(row);
    }),
  );
}
