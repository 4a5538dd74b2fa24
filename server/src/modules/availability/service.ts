import {
  type Availability,
  type availabilityCreateBodySchema,
  type availabilityUpdateBodySchema,
  type ListQuery,
  type ListResponse,
  messages,
} from '@dosechain/contract';
import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { drugAvailabilities, drugs } from '../../kernel/db/schema.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import { AppError, notFound, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { type ListItem, listAnswer, listPlan, pageAndTotal } from '../../kernel/http/list-query.ts';
import { findCompany } from '../companies/index.ts';
import { updateMeaning } from '../shared/index.ts';
import {
  type AvailabilityRow,
  availabilityList,
  availabilitySource,
  type DrugRef,
  describeRepeat,
  drugRef,
  findAvailability,
  normalizeRepeatOn,
  toAvailability,
} from './queries.ts';

const ENTITY = 'drug-availabilities';
const notFoundError = () => notFound(messages.notFound('Availability'));

/** Audited by names and readable values, so the history reads without looking ids up. */
export const auditFields = (a: AvailabilityRow, drug: Pick<DrugRef, 'name'>, cmo: { name: string }) => ({
  drug: drug.name,
  cmo: cmo.name,
  doses: a.doses,
  activityUnit: a.activityUnit,
  validFrom: a.validFrom,
  validUntil: a.validUntil,
  frequency: a.frequency,
  repeat: describeRepeat(a.repeatEvery, a.repeatOn ?? null),
  startTime: a.startTime,
  endTime: a.endTime,
  active: a.active,
});

/**
 * The drug, share-locked: a drug being inactivated at the same moment waits for this
 * transaction (and then sees the availability in use), or this one waits and sees it inactive.
 */
async function lockDrug(tx: Executor, drugId: number): Promise<DrugRef | undefined> {
  if (!isStorableId(drugId)) return undefined;
  const [drug] = await tx.select(drugRef).from(drugs).where(eq(drugs.id, drugId)).for('share');
  return drug;
}

const drugInactiveOnCreate = (drug: string) =>
  new AppError(409, 'DRUG_INACTIVE', messages.availabilityCreateDrugInactive(drug), [
    { code: 'DRUG_INACTIVE', message: messages.availabilityCreateDrugInactive(drug), parameter: 'drugId' },
  ]);
const drugInactiveOnActivate = (id: number, drug: string) =>
  new AppError(409, 'DRUG_INACTIVE', messages.availabilityDrugInactive(id, drug));

/** One page of availabilities with drug and CMO. */
export async function listAvailabilities(
  ctx: ServiceContext,
  query: ListQuery,
): Promise<ListResponse<ListItem<Availability>>> {
  const plan = listPlan(availabilityList, query);
  const { rows, total } = await pageAndTotal(ctx.db, plan, availabilitySource(ctx.db));
  return listAnswer(plan, rows.map(toAvailability), total);
}

export async function getAvailability(ctx: ServiceContext, id: number): Promise<Availability> {
  const row = await findAvailability(ctx.db, id);
  if (!row) throw notFoundError();
  return toAvailability(row);
}

/**
 * Creates an active availability on an active drug for a CMO, signed and audited. validFrom
 * is today or later on the CMO's calendar.
 */
export async function createAvailability(
  ctx: ServiceContext,
  input: z.output<typeof availabilityCreateBodySchema>,
): Promise<Availability> {
  const cmo = await findCompany(ctx.db, 'cmo', input.cmoId);
  if (!cmo) throw validationFailed([{ parameter: 'cmoId', message: messages.notFound('CMO') }]);
  const today = DateTime.fromJSDate(ctx.clock.now(), { zone: cmo.timezone }).toISODate() as string;
  if (input.validFrom < today) {
    throw validationFailed([{ parameter: 'validFrom', message: messages.validFromPast }]);
  }
  return auditedMutation(ctx, input, { meaning: 'Created Availability' }, async (tx, audit) => {
    const drug = await lockDrug(tx, input.drugId);
    if (!drug) throw validationFailed([{ parameter: 'drugId', message: messages.notFound('Drug') }]);
    if (!drug.active) throw drugInactiveOnCreate(drug.name);
    const [row] = await tx
      .insert(drugAvailabilities)
      .values({
        drugId: drug.id,
        cmoId: cmo.id,
        doses: input.doses,
        activityUnit: input.activityUnit,
        validFrom: input.validFrom,
        validUntil: input.validUntil,
        frequency: input.frequency,
        repeatEvery: input.repeat.every,
        repeatOn: normalizeRepeatOn(input.frequency, input.repeat.on),
        startTime: input.startTime,
        endTime: input.endTime,
      })
      .returning();
    const cmoRef = { id: cmo.id, name: cmo.name, timezone: cmo.timezone };
    await audit({
      entityType: ENTITY,
      entityId: row!.id,
      eventType: 'new',
      after: auditFields(row!, drug, cmo),
    });
    return toAvailability({ availability: row!, drug, cmo: cmoRef });
  });
}

/**
 * Changes validUntil (not before validFrom) or toggles the availability, signed and audited.
 * Inactivation needs a reason and leaves placed orders as they are; activation needs an
 * active drug (DRUG_INACTIVE).
 */
export async function updateAvailability(
  ctx: ServiceContext,
  id: number,
  input: z.output<typeof availabilityUpdateBodySchema>,
): Promise<Availability> {
  const current = await findAvailability(ctx.db, id);
  if (!current) throw notFoundError();
  const options = updateMeaning('Availability', current.availability.active, input.active);
  if (input.validUntil !== undefined && input.validUntil < current.availability.validFrom) {
    throw validationFailed([{ parameter: 'validUntil', message: messages.notBeforeValidFrom }]);
  }
  return auditedMutation(ctx, input, options, async (tx, audit) => {
    const before = await findAvailability(tx, id, true);
    if (!before) throw notFoundError();
    const changes = {
      ...(input.validUntil !== undefined ? { validUntil: input.validUntil } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    };
    const after = { ...before.availability, ...changes };
    if (after.validUntil === before.availability.validUntil && after.active === before.availability.active) {
      return toAvailability(before);
    }
    if (after.active && !before.availability.active) {
      const drug = await lockDrug(tx, before.drug.id);
      if (!drug?.active) throw drugInactiveOnActivate(id, before.drug.name);
    }
    const [row] = await tx
      .update(drugAvailabilities)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(drugAvailabilities.id, id))
      .returning();
    await audit({
      entityType: ENTITY,
      entityId: id,
      eventType: 'update',
      before: auditFields(before.availability, before.drug, before.cmo),
      after: auditFields(row!, before.drug, before.cmo),
    });
    return toAvailability({ availability: row!, drug: before.drug, cmo: before.cmo });
  });
}
