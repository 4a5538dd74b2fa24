import type { AvailableDay } from '@dosechain/contract';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../kernel/db/client.ts';
import type { Value } from '../../kernel/db/prepared-sql.ts';
import { availabilityExceptions, doseSlots, drugAvailabilities } from '../../kernel/db/schema.ts';
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

export type ExceptionRow = typeof availabilityExceptions.$inferSelect;

/** The exceptions of these availabilities on the dates [from, to), by `availabilityId/date`. */
export async function exceptionsOf(
  db: Executor,
  availabilityIds: number[],
  from: string,
  to: string,
): Promise<Map<string, ExceptionRow>> {
  if (availabilityIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(availabilityExceptions)
    .where(
      and(
        inArray(availabilityExceptions.availabilityId, availabilityIds),
        gte(availabilityExceptions.exceptionDate, from),
        lt(availabilityExceptions.exceptionDate, to),
      ),
    );
  return new Map(rows.map((e) => [`${e.availabilityId}/${e.exceptionDate}`, e]));
}

/**
 * One manufacture day of an availability as its exception leaves it (decision 026): null when
 * there is no manufacture, else its doses and window.
 */
export function dayOf(
  a: Pick<AvailabilityRow, 'doses' | 'startTime' | 'endTime'>,
  exception: Pick<ExceptionRow, 'closed' | 'doses' | 'startTime' | 'endTime'> | undefined,
): { doses: number; startTime: string; endTime: string } | null {
  if (!exception) return { doses: a.doses, startTime: a.startTime, endTime: a.endTime };
  if (exception.closed) return null;
  return {
    doses: exception.doses ?? a.doses,
    startTime: exception.startTime ?? a.startTime,
    endTime: exception.endTime ?? a.endTime,
  };
}

/**
 * The manufacture days in [from, to) that still have doses, with their windows as UTC
 * instants. A day's doses are those of every active availability of the drug at the CMO that
 * day, less what is booked; windows that have already ended are left out. An exception takes
 * its day out (no manufacture) or gives it its doses and window (decision 026). Three queries:
 * the availabilities, the slots and the exceptions of the window.
 */
export async function availableDays(
  db: Executor,
  maker: Maker & { drugMaxActivityMbq: number | null },
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
  const exceptions = await exceptionsOf(
    db,
    availabilities.map((a) => a.id),
    from,
    to,
  );
  const days = new Map<string, AvailableDay>();
  for (const a of availabilities) {
    for (const date of occurrenceDates(recurrenceOf(a), from, to)) {
      const day = dayOf(a, exceptions.get(`${a.id}/${date}`));
      if (!day) continue;
      const remaining = day.doses - (booked.get(`${a.id}/${date}`) ?? 0);
      const window = dayInterval(date, day.startTime, day.endTime, maker.cmoTimezone);
      if (remaining <= 0 || window.end <= now) continue;
      const offered = days.get(date) ?? {
        date,
        remaining: 0,
        activityUnit: a.activityUnit,
        maxActivityMbq: maker.drugMaxActivityMbq,
        intervals: [],
      };
      offered.remaining += remaining;
      offered.intervals.push({ start: window.start.toISOString(), end: window.end.toISOString() });
      days.set(date, offered);
    }
  }
  return [...days.values()]
    .sort((x, y) => x.date.localeCompare(y.date))
    .map((d) => ({ ...d, intervals: d.intervals.sort((x, y) => x.start.localeCompare(y.start)) }));
}

/**
 * The statement that takes one dose of the day from one availability (decision 004): the slot
 * row is created with one dose booked, or, when it exists, booked if a dose is left; the
 * availability must still be active. PostgreSQL's row lock on the slot serializes concurrent
 * orders, so they can never overbook. A day with an exception has its slot row already (its
 * capacity the exception's doses), and a closed one takes no dose (decision 026). It answers the
 * slot's `id` and `availability_id`, or no row. A placement with one candidate runs it as a CTE of
 * the order's INSERT (issue 34).
 */
export function takeDoseSql(date: Value<string>, availabilityId: Value<number>): SQL {
  const s = doseSlots;
  const a = drugAvailabilities;
  return sql`
      insert into ${s} (availability_id, manufacture_date, capacity, booked)
      select ${a.id}, ${date}::date, ${a.doses}, 1 from ${a}
      where ${a.id} = ${availabilityId}::integer and ${a.active}
      on conflict (availability_id, manufacture_date) do update
        set booked = ${s}.booked + 1, updated_at = now()
        where ${s}.booked < ${s}.capacity and not ${s}.closed
      returning id, availability_id`;
}

/**
 * Takes one dose of the day (`takeDoseSql`) from the first candidate that has one left, trying
 * each in turn: its slot and availability, or null when every one is full (or was inactivated or
 * closed meanwhile).
 */
export async function takeDose(
  tx: Tx,
  date: string,
  candidates: { id: number }[],
): Promise<{ id: number; availabilityId: number } | null> {
  for (const candidate of candidates) {
    const result = await tx.execute(takeDoseSql(date, candidate.id));
    const [slot] = (result as unknown as { rows: { id: number; availability_id: number }[] }).rows;
    if (slot) return { id: slot.id, availabilityId: slot.availability_id };
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
