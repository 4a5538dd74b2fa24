import type { Availability, Repeat, WeekdayCode } from '@dosechain/contract';
import { ordinalLabels, weekdayCodes } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../kernel/db/client.ts';
import { companies, drugAvailabilities, drugs } from '../../kernel/db/schema.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import { defineListResource, type ListJoin, withJoins } from '../../kernel/http/list-query.ts';
import type { Recurrence } from './occurrences.ts';

export type AvailabilityRow = typeof drugAvailabilities.$inferSelect;
export const cmos = alias(companies, 'cmo');
export const drugRef = { id: drugs.id, name: drugs.name, active: drugs.active };
export const cmoRef = { id: cmos.id, name: cmos.name, timezone: cmos.timezone };
export type DrugRef = { id: number; name: string; active: boolean };
export type CmoRef = { id: number; name: string; timezone: string };
export interface AvailabilityJoined {
  availability: AvailabilityRow;
  drug: DrugRef;
  cmo: CmoRef;
}

export const availabilityList = defineListResource({
  fields: {
    id: { column: drugAvailabilities.id, type: 'number', key: 'id' },
    drug_id: { column: drugAvailabilities.drugId, type: 'number', key: 'drug' },
    drug_name: { column: drugs.name, type: 'text', key: 'drug' },
    cmo_id: { column: drugAvailabilities.cmoId, type: 'number', key: 'cmo' },
    cmo_name: { column: cmos.name, type: 'text', key: 'cmo' },
    doses: { column: drugAvailabilities.doses, type: 'number', key: 'doses' },
    activity_unit: {
      column: drugAvailabilities.activityUnit,
      type: 'enum',
      key: 'activityUnit',
      values: ['mCi', 'mBq'],
    },
    valid_from: { column: drugAvailabilities.validFrom, type: 'date', key: 'validFrom' },
    valid_until: { column: drugAvailabilities.validUntil, type: 'date', key: 'validUntil' },
    frequency: {
      column: drugAvailabilities.frequency,
      type: 'enum',
      key: 'frequency',
      values: ['Daily', 'Weekday', 'Weekly', 'Monthly'],
    },
    active: { column: drugAvailabilities.active, type: 'boolean', key: 'active' },
    created_at: { column: drugAvailabilities.createdAt, type: 'datetime', key: 'createdAt' },
    updated_at: { column: drugAvailabilities.updatedAt, type: 'datetime', key: 'updatedAt' },
  },
  searchFields: ['drug_name', 'cmo_name'],
  defaultSort: '-created_at',
});

/** An availability's drug and CMO, one row each. */
const availabilityJoins: readonly ListJoin[] = [
  { table: drugs, on: eq(drugs.id, drugAvailabilities.drugId) },
  { table: cmos, on: eq(cmos.id, drugAvailabilities.cmoId) },
];

/** What an availability row answers, before its joins. */
export function availabilitySource(db: Executor) {
  const select = db
    .select({ availability: drugAvailabilities, drug: drugRef, cmo: cmoRef })
    .from(drugAvailabilities)
    .$dynamic();
  return { select, base: drugAvailabilities, joins: availabilityJoins };
}

/** Availabilities with their drug and CMO; add `where`, order and paging. */
export function selectAvailabilities(db: Executor) {
  return withJoins(availabilitySource(db).select, availabilityJoins);
}

export async function findAvailability(
  db: Executor,
  id: number,
  forUpdate = false,
): Promise<AvailabilityJoined | undefined> {
  if (!isStorableId(id)) return undefined;
  const query = selectAvailabilities(db).where(eq(drugAvailabilities.id, id));
  const [row] = forUpdate ? await query.for('update', { of: drugAvailabilities }) : await query;
  return row;
}

export function toAvailability({ availability: a, drug, cmo }: AvailabilityJoined): Availability {
  return {
    id: a.id,
    drug,
    cmo,
    doses: a.doses,
    activityUnit: a.activityUnit,
    validFrom: a.validFrom,
    validUntil: a.validUntil,
    frequency: a.frequency,
    repeat: { every: a.repeatEvery, on: a.repeatOn ?? null },
    startTime: a.startTime,
    endTime: a.endTime,
    active: a.active,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function recurrenceOf(
  a: Pick<AvailabilityRow, 'validFrom' | 'validUntil' | 'frequency' | 'repeatEvery' | 'repeatOn'>,
): Recurrence {
  return {
    validFrom: a.validFrom,
    validUntil: a.validUntil,
    frequency: a.frequency,
    repeatEvery: a.repeatEvery,
    repeatOn: a.repeatOn ?? null,
  };
}

const byWeekOrder = (codes: WeekdayCode[]) => weekdayCodes.filter((c) => codes.includes(c)) as WeekdayCode[];

/** `on` as stored: none for Daily/Weekday, weekdays in week order, month days sorted and unique. */
export function normalizeRepeatOn(frequency: Availability['frequency'], on: Repeat['on']): Repeat['on'] {
  if (frequency === 'Daily' || frequency === 'Weekday' || on == null) return null;
  if (frequency === 'Weekly') return byWeekOrder(on as WeekdayCode[]);
  if (Array.isArray(on)) return [...new Set(on as number[])].sort((a, b) => a - b);
  return { every: on.every, on: byWeekOrder(on.on) };
}

/** How the repeat rule reads in the audit trail, e.g. `every 2 on Mo, We`. */
export function describeRepeat(every: number, on: Repeat['on']): string {
  if (on == null) return `every ${every}`;
  if (Array.isArray(on)) return `every ${every} on ${on.join(', ')}`;
  return `every ${every} on the ${ordinalLabels[on.every - 1]} ${on.on.join(', ')}`;
}
