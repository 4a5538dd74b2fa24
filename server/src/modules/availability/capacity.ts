import type { AvailableDay } from '@dosechain/contract';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { doseSlots, drugAvailabilities } from '../../db/schema.ts';
import { dayInterval, occurrenceDates } from './occurrences.ts';
import { type AvailabilityRow, recurrenceOf } from './queries.ts';

/** Where a drug is made for an order: the pairing's drug and CMO, the CMO's time zone. */
export interface Maker {
  drugId: number;
  cmoId: number;
  cmoTimezone: string;
}

/** The active availabilities of a drug at a CMO that overlap the dates [from, to). */
export function activeAvailabilities(db: Executor, maker: Maker, from: string, to: string) {
  return db
    .select()
    .from(drugAvailabilities)
    .where(
      and(
        eq(drugAvailabilities.drugId, maker.drugId),
        eq(drugAvailabilities.cmoId, maker.cmoId),
        eq(drugAvailabilities.active, true),
        lt(drugAvailabilities.validFrom, to),
        gte(drugAvailabilities.validUntil, from),
      ),
    )
    .orderBy(drugAvailabilities.id);
}

/**
 * The manufacture days in [from, to) that still have doses, with their windows as UTC
 * instants. A day's doses are those of every active availability of the drug at the CMO that
 * day, less what is booked; windows that have already ended are left out. Two queries: the
 * availabilities and the slots of the window.
 */
export async function availableDays(
  db: Executor,
  maker: Maker,
  from: string,
  to: string,
  now: Date,
): Promise<AvailableDay[]> {
  const availabilities: AvailabilityRow[] = await activeAvailabilities(db, maker, from, to);
  if (availabilities.length === 0) return [];
  const slots = await db
    .select({
      availabilityId: doseSlots.availabilityId,
      date: doseSlots.manufactureDate,
      booked: doseSlots.booked,
    })
    .from(doseSlots)
    .where(
      and(
        inArray(
          doseSlots.availabilityId,
          availabilities.map((a) => a.id),
        ),
        gte(doseSlots.manufactureDate, from),
        lt(doseSlots.manufactureDate, to),
      ),
    );
  const booked = new Map(slots.map((s) => [`${s.availabilityId}/${s.date}`, s.booked]));
  const days = new Map<string, AvailableDay>();
  for (const a of availabilities) {
    for (const date of occurrenceDates(recurrenceOf(a), from, to)) {
      const remaining = a.doses - (booked.get(`${a.id}/${date}`) ?? 0);
      const window = dayInterval(date, a.startTime, a.endTime, maker.cmoTimezone);
      if (remaining <= 0 || window.end <= now) continue;
      const day = days.get(date) ?? { date, remaining: 0, activityUnit: a.activityUnit, intervals: [] };
      day.remaining += remaining;
      day.intervals.push({ start: window.start.toISOString(), end: window.end.toISOString() });
      days.set(date, day);
    }
  }
  return [...days.values()]
    .sort((x, y) => x.date.localeCompare(y.date))
    .map((d) => ({ ...d, intervals: d.intervals.sort((x, y) => x.start.localeCompare(y.start)) }));
}

/**
 * Takes one dose of the day (decision 004) in one statement per fitting availability: the slot
 * row is created with one dose booked, or, when it exists, booked if a dose is left; the
 * availability must still be active. PostgreSQL's row lock on the slot serializes concurrent
 * orders, so they can never overbook. Tries each candidate in turn; null when every one is full
 * (or was inactivated meanwhile).
 */
export async function takeDose(tx: Tx, date: string, candidates: { id: number }[]): Promise<number | null> {
  const s = doseSlots;
  const a = drugAvailabilities;
  for (const candidate of candidates) {
    const result = await tx.execute(sql`
      insert into ${s} (availability_id, manufacture_date, capacity, booked)
      select ${a.id}, ${date}::date, ${a.doses}, 1 from ${a}
      where ${a.id} = ${candidate.id}::integer and ${a.active}
      on conflict (availability_id, manufacture_date) do update
        set booked = ${s}.booked + 1, updated_at = now()
        where ${s}.booked < ${s}.capacity
      returning id`);
    const [slot] = (result as unknown as { rows: { id: number }[] }).rows;
    if (slot) return slot.id;
  }
  return null;
}

/**
 * Gives an order's dose back to its day (rejecting or canceling), in the transaction that
 * changes the order's status.
 */
export async function releaseDose(tx: Tx, doseSlotId: number): Promise<void> {
  await tx
    .update(doseSlots)
    .set({ booked: sql`${doseSlots.booked} - 1`, updatedAt: sql`now()` })
    .where(and(eq(doseSlots.id, doseSlotId), sql`${doseSlots.booked} > 0`));
}
