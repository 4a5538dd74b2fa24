import {
  type AvailabilityException,
  capacityReleasingStatuses,
  EXCEPTION_AFFECTED_STATUSES,
  type exceptionCreateBodySchema,
  type exceptionDeleteBodySchema,
  exceptionKindLabels,
  type exceptionUpdateBodySchema,
  messages,
  type Order,
} from '@dosechain/contract';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AuditWriter, auditedMutation } from '../../kernel/audit/mutation.ts';
import type { Executor, Tx } from '../../kernel/db/client.ts';
import { availabilityExceptions, doseSlots, drugAvailabilities, orders } from '../../kernel/db/schema.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import { AppError, notFound, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { enqueueMails, type OutgoingMail } from '../../kernel/mail/outbox.ts';
import { orderFactLines, recipientsWithZones, selectOrders, toOrder } from '../order-records/index.ts';
import type { ExceptionRow } from './capacity.ts';
import { occursOn } from './occurrences.ts';
import {
  type AvailabilityJoined,
  type AvailabilityRow,
  findAvailability,
  recurrenceOf,
  selectAvailabilities,
} from './queries.ts';

const ENTITY = 'drug-availabilities';
type CreateInput = z.output<typeof exceptionCreateBodySchema>;
type UpdateInput = z.output<typeof exceptionUpdateBodySchema>;
type DeleteInput = z.output<typeof exceptionDeleteBodySchema>;

const availabilityNotFound = () => notFound(messages.notFound('Availability'));
const exceptionNotFound = () => notFound(messages.notFound('Exception'));

/** How an exception reads in the availability's audit trail, e.g. `No manufacture: Cyclotron maintenance`. */
function describe(e: Pick<ExceptionRow, 'closed' | 'doses' | 'startTime' | 'endTime' | 'reason'>): string {
  if (e.closed) return `${exceptionKindLabels.closed}: ${e.reason}`;
  const parts = [
    e.doses != null ? `${e.doses} ${e.doses === 1 ? 'dose' : 'doses'}` : null,
    e.startTime != null ? `${e.startTime}-${e.endTime}` : null,
  ].filter(Boolean);
  return `${parts.join(', ')}: ${e.reason}`;
}
const auditKey = (date: string) => `exception ${date}`;

/** The day's slot: booked doses and the orders still waiting for theirs. */
async function slotFacts(db: Executor, availabilityId: number, dates: string[]) {
  if (dates.length === 0) return new Map<string, { booked: number; affected: number[] }>();
  const slots = await db
    .select({
      id: doseSlots.id,
      date: doseSlots.manufactureDate,
      booked: doseSlots.booked,
      closed: doseSlots.closed,
    })
    .from(doseSlots)
    .where(and(eq(doseSlots.availabilityId, availabilityId), inArray(doseSlots.manufactureDate, dates)));
  const closedIds = slots.filter((s) => s.closed).map((s) => s.id);
  const waiting =
    closedIds.length === 0
      ? []
      : await db
          .select({ slot: orders.doseSlotId, number: orders.number })
          .from(orders)
          .where(
            and(
              inArray(orders.doseSlotId, closedIds),
              inArray(orders.status, [...EXCEPTION_AFFECTED_STATUSES]),
            ),
          )
          .orderBy(asc(orders.number));
  return new Map(
    slots.map((s) => [
      s.date,
      { booked: s.booked, affected: waiting.filter((w) => w.slot === s.id).map((w) => w.number) },
    ]),
  );
}

function toException(e: ExceptionRow, facts?: { booked: number; affected: number[] }): AvailabilityException {
  return {
    id: e.id,
    availabilityId: e.availabilityId,
    date: e.exceptionDate,
    kind: e.closed ? 'closed' : 'changed',
    doses: e.doses,
    startTime: e.startTime,
    endTime: e.endTime,
    reason: e.reason,
    booked: facts?.booked ?? 0,
    affectedOrders: facts?.affected ?? [],
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

async function withFacts(db: Executor, rows: ExceptionRow[]): Promise<AvailabilityException[]> {
  const byAvailability = new Map<number, ExceptionRow[]>();
  for (const r of rows)
    byAvailability.set(r.availabilityId, [...(byAvailability.get(r.availabilityId) ?? []), r]);
  const out: AvailabilityException[] = [];
  for (const [id, list] of byAvailability) {
    const facts = await slotFacts(
      db,
      id,
      list.map((e) => e.exceptionDate),
    );
    out.push(...list.map((e) => toException(e, facts.get(e.exceptionDate))));
  }
  return out.sort((x, y) => x.date.localeCompare(y.date));
}

/** GET /drug-availabilities/{id}/exceptions: the availability's exceptions, by date. */
export async function listExceptions(
  ctx: ServiceContext,
  availabilityId: number,
): Promise<AvailabilityException[]> {
  if (!(await findAvailability(ctx.db, availabilityId))) throw availabilityNotFound();
  const rows = await ctx.db
    .select()
    .from(availabilityExceptions)
    .where(eq(availabilityExceptions.availabilityId, availabilityId))
    .orderBy(asc(availabilityExceptions.exceptionDate));
  return withFacts(ctx.db, rows);
}

/** The date is one of the availability's manufacture days within its validity; else a 400 on `date`. */
function checkDate(a: AvailabilityRow, date: string) {
  if (date < a.validFrom || date > a.validUntil) {
    throw validationFailed([
      { parameter: 'date', message: messages.exceptionOutsideValidity(a.validFrom, a.validUntil) },
    ]);
  }
  if (!occursOn(recurrenceOf(a), date)) {
    throw validationFailed([{ parameter: 'date', message: messages.exceptionNotManufactureDay(date) }]);
  }
}

/** What a day's slot must hold: closed, or the doses the day makes. */
interface SlotEffect {
  closed: boolean;
  capacity: number;
}
const effectOf = (a: AvailabilityRow, e: { closed: boolean; doses: number | null } | null): SlotEffect =>
  e ? { closed: e.closed, capacity: e.doses ?? a.doses } : { closed: false, capacity: a.doses };

/**
 * Writes the day's effect on its dose slot row (decision 026) in one statement that locks the
 * row: a closed day takes no more doses and keeps those booked; other doses are set only when
 * they are not below the doses booked. A placement racing it waits on the row lock and then
 * sees the new capacity, so booked never exceeds it. Below booked: 409 naming the orders.
 */
async function applyToSlot(tx: Tx, a: AvailabilityRow, date: string, effect: SlotEffect): Promise<number> {
  const s = doseSlots;
  const result = await tx.execute(sql`
    insert into ${s} (availability_id, manufacture_date, capacity, booked, closed)
    values (${a.id}, ${date}::date, ${effect.capacity}, 0, ${effect.closed})
    on conflict (availability_id, manufacture_date) do update
      set capacity = case when excluded.closed then greatest(${s}.booked, excluded.capacity) else excluded.capacity end,
        closed = excluded.closed, updated_at = now()
      where excluded.closed or ${s}.booked <= excluded.capacity
    returning id`);
  const [slot] = (result as unknown as { rows: { id: number }[] }).rows;
  if (slot) return slot.id;
  const [current] = await tx
    .select({ id: s.id, booked: s.booked })
    .from(s)
    .where(and(eq(s.availabilityId, a.id), eq(s.manufactureDate, date)));
  const holders = await tx
    .select({ number: orders.number })
    .from(orders)
    .where(and(eq(orders.doseSlotId, current!.id), notInArray(orders.status, [...capacityReleasingStatuses])))
    .orderBy(asc(orders.number));
  const message = messages.exceptionBelowBooked(
    effect.capacity,
    current!.booked,
    holders.map((h) => h.number),
  );
  throw new AppError(409, 'EXCEPTION_BELOW_BOOKED', message, [
    { code: 'EXCEPTION_BELOW_BOOKED', message, parameter: 'doses' },
  ]);
}

/** The mail about one order whose manufacture day has no manufacture, on one zone's clock. */
export function blackoutMail(
  order: Order,
  exception: { date: string; reason: string },
  zone: string,
  link: string,
): Omit<OutgoingMail, 'to'> {
  const lines = [
    `There is no manufacture on ${exception.date} (${exception.reason}), the manufacture day of Order #${order.number}.`,
    'The order has not been canceled: please agree on another day with the CMO, or cancel it.',
    '',
    `Order: #${order.number}`,
    ...orderFactLines(order, zone),
    `Status: ${order.status}`,
    '',
    `View the order: ${link}`,
  ];
  return {
    subject: `Order #${order.number}: no manufacture on ${exception.date} - ${order.study.name}, ${order.site.name}`,
    text: `${lines.join('\n')}\n`,
  };
}

/**
 * The pending and accepted orders of a closed day not mailed yet: marked, one mail per
 * distribution address (each on its company's clock), an audit row each. Once per order.
 */
async function noticeBlackout(
  ctx: ServiceContext,
  tx: Tx,
  audit: AuditWriter,
  slotId: number,
  exception: { date: string; reason: string },
): Promise<number> {
  const now = ctx.clock.now();
  const claimed = await tx
    .update(orders)
    .set({ exceptionNotifiedAt: now })
    .where(
      and(
        eq(orders.doseSlotId, slotId),
        inArray(orders.status, [...EXCEPTION_AFFECTED_STATUSES]),
        isNull(orders.exceptionNotifiedAt),
      ),
    )
    .returning({ id: orders.id });
  if (claimed.length === 0) return 0;
  const rows = await selectOrders(tx).where(
    inArray(
      orders.id,
      claimed.map((c) => c.id),
    ),
  );
  const mails: OutgoingMail[] = [];
  for (const order of rows.map(toOrder).sort((x, y) => x.number - y.number)) {
    const link = `${ctx.config.publicUrl}/orders/${order.id}`;
    for (const [to, zone] of await recipientsWithZones(tx, order)) {
      mails.push({
        ...blackoutMail(order, exception, zone, link),
        to,
        purpose: 'manufacturing_exception',
        orderId: order.id,
      });
    }
    await audit({
      entityType: 'orders',
      entityId: order.id,
      eventType: 'update',
      before: { exceptionNotifiedAt: null },
      after: { exceptionNotifiedAt: now.toISOString() },
    });
  }
  await enqueueMails(tx, mails, now);
  return mails.length;
}

/** Whether the request queued mail (the route wakes the mailer after the commit). */
export interface ExceptionAnswer {
  exception: AvailabilityException;
  mailed: boolean;
}

/**
 * The availability, locked FOR NO KEY UPDATE: its exceptions change one at a time, while
 * placements (whose new slot row's foreign key takes KEY SHARE on it) go on.
 */
async function lockAvailability(tx: Tx, id: number): Promise<AvailabilityJoined> {
  if (!isStorableId(id)) throw availabilityNotFound();
  const [found] = await selectAvailabilities(tx)
    .where(eq(drugAvailabilities.id, id))
    .for('no key update', { of: drugAvailabilities });
  if (!found) throw availabilityNotFound();
  return found;
}

/**
 * Adds an exception to a manufacture day, signed and audited on the availability; the day's
 * slot takes its effect in the same transaction, and a blackout mails the orders it affects.
 */
export async function createException(
  ctx: ServiceContext,
  availabilityId: number,
  input: CreateInput,
): Promise<ExceptionAnswer> {
  const current = await findAvailability(ctx.db, availabilityId);
  if (!current) throw availabilityNotFound();
  checkDate(current.availability, input.date);
  return auditedMutation(ctx, input, { meaning: 'Added Availability Exception' }, async (tx, audit) => {
    const { availability: a } = await lockAvailability(tx, availabilityId);
    const [taken] = await tx
      .select({ id: availabilityExceptions.id })
      .from(availabilityExceptions)
      .where(
        and(
          eq(availabilityExceptions.availabilityId, a.id),
          eq(availabilityExceptions.exceptionDate, input.date),
        ),
      );
    if (taken)
      throw validationFailed([{ parameter: 'date', message: messages.exceptionDateTaken(input.date) }]);
    const values = valuesOf(input);
    const [row] = await tx
      .insert(availabilityExceptions)
      .values({ availabilityId: a.id, exceptionDate: input.date, ...values })
      .returning();
    const slotId = await applyToSlot(tx, a, input.date, effectOf(a, values));
    await audit({
      entityType: ENTITY,
      entityId: a.id,
      eventType: 'added',
      before: { [auditKey(input.date)]: null },
      after: { [auditKey(input.date)]: describe(row!) },
    });
    const mailed = values.closed
      ? (await noticeBlackout(ctx, tx, audit, slotId, { date: input.date, reason: values.reason })) > 0
      : false;
    const facts = await slotFacts(tx, a.id, [input.date]);
    return { exception: toException(row!, facts.get(input.date)), mailed };
  });
}

function valuesOf(input: CreateInput | UpdateInput) {
  const closed = input.kind === 'closed';
  return {
    closed,
    doses: closed ? null : (input.doses ?? null),
    startTime: closed ? null : (input.startTime ?? null),
    endTime: closed ? null : (input.endTime ?? null),
    reason: input.reason,
  };
}

async function lockException(tx: Tx, availabilityId: number, exceptionId: number): Promise<ExceptionRow> {
  if (!isStorableId(exceptionId)) throw exceptionNotFound();
  const [row] = await tx
    .select()
    .from(availabilityExceptions)
    .where(
      and(
        eq(availabilityExceptions.id, exceptionId),
        eq(availabilityExceptions.availabilityId, availabilityId),
      ),
    )
    .for('update');
  if (!row) throw exceptionNotFound();
  return row;
}

/** Changes an exception's kind, doses, window or reason, signed and audited; the slot follows. */
export async function updateException(
  ctx: ServiceContext,
  availabilityId: number,
  exceptionId: number,
  input: UpdateInput,
): Promise<ExceptionAnswer> {
  return auditedMutation(ctx, input, { meaning: 'Updated Availability Exception' }, async (tx, audit) => {
    const { availability: a } = await lockAvailability(tx, availabilityId);
    const before = await lockException(tx, a.id, exceptionId);
    const values = valuesOf(input);
    const [row] = await tx
      .update(availabilityExceptions)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(availabilityExceptions.id, exceptionId))
      .returning();
    const date = before.exceptionDate;
    const slotId = await applyToSlot(tx, a, date, effectOf(a, values));
    if (describe(before) !== describe(row!)) {
      await audit({
        entityType: ENTITY,
        entityId: a.id,
        eventType: 'update',
        before: { [auditKey(date)]: describe(before) },
        after: { [auditKey(date)]: describe(row!) },
      });
    }
    const mailed = values.closed
      ? (await noticeBlackout(ctx, tx, audit, slotId, { date, reason: values.reason })) > 0
      : false;
    const facts = await slotFacts(tx, a.id, [date]);
    return { exception: toException(row!, facts.get(date)), mailed };
  });
}

/** Removes an exception: the day goes back to the availability's doses and window (not below booked). */
export async function deleteException(
  ctx: ServiceContext,
  availabilityId: number,
  exceptionId: number,
  input: DeleteInput,
): Promise<void> {
  await auditedMutation(
    ctx,
    input,
    { meaning: 'Removed Availability Exception', requireReason: true },
    async (tx, audit) => {
      const { availability: a } = await lockAvailability(tx, availabilityId);
      const before = await lockException(tx, a.id, exceptionId);
      await applyToSlot(tx, a, before.exceptionDate, effectOf(a, null));
      await tx.delete(availabilityExceptions).where(eq(availabilityExceptions.id, exceptionId));
      await audit({
        entityType: ENTITY,
        entityId: a.id,
        eventType: 'removed',
        before: { [auditKey(before.exceptionDate)]: describe(before) },
        after: { [auditKey(before.exceptionDate)]: null },
      });
    },
  );
}
