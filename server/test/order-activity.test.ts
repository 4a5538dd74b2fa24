import { messages } from '@dosechain/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, drugAvailabilities, drugs, mailOutbox, orders } from '../src/kernel/db/schema.ts';
import { DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { type OrderIds, type orderPlacer, orderTestApp } from './order-fixtures.ts';

// Issue 21: an order's requested activity at calibration, in its availability's unit, up to
// the drug's maximum (stored in MBq, decision 025).
let t: TestApp;
let ids: OrderIds;
let place: ReturnType<typeof orderPlacer>;
let fdgDrug: number;

beforeAll(async () => {
  ({ t, ids, place } = await orderTestApp());
  fdgDrug = (await t.db.select({ id: drugs.id }).from(drugs).where(eq(drugs.name, 'Fludeoxyglucose F18')))[0]!
    .id;
});
afterAll(() => t.close());

const placing = (over: Record<string, unknown>) =>
  t.request('site', {
    method: 'POST',
    url: '/api/v1/orders',
    payload: {
      studyId: ids.study,
      siteId: ids.chicago,
      examId: ids.fdg,
      imagingCenterId: ids.windy,
      timePointId: ids.baseline,
      subjectId: 'ACT-1',
      calibrationDatetime: '2027-03-31T16:00:00.000Z',
      electronicSignature: DEMO_PASSWORD,
      ...over,
    },
  });

const setDrug = (payload: Record<string, unknown>) =>
  t.request('admin', {
    method: 'PUT',
    url: `/api/v1/drugs/${fdgDrug}`,
    payload: { ...payload, reasonForChange: 'Activity limits', electronicSignature: DEMO_PASSWORD },
  });

const fieldMessage = (res: { json: () => { errors?: { parameter?: string; message: string }[] } }) =>
  res.json().errors?.find((e) => e.parameter === 'requestedActivity')?.message;

describe('a drug’s maximum activity and warning threshold', () => {
  it('are edited, answered and audited like its other fields', async () => {
    const res = await setDrug({ maxActivityMbq: 370, activityWarningPercent: 60 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ maxActivityMbq: 370, activityWarningPercent: 60 });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'drugs'), eq(auditLog.entityId, fdgDrug)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ eventType: 'update', reason: 'Activity limits' });
    expect(JSON.stringify(row!.changeset)).toContain('maxActivityMbq');
  });

  it('refuses a maximum of 0, too many decimals, and a threshold outside 1..100', async () => {
    for (const [payload, field, message] of [
      [{ maxActivityMbq: 0 }, 'maxActivityMbq', messages.greaterThanZero],
      [{ maxActivityMbq: 1.23456 }, 'maxActivityMbq', messages.maxDecimals(4)],
      [{ activityWarningPercent: 0 }, 'activityWarningPercent', messages.minValue(1)],
      [{ activityWarningPercent: 101 }, 'activityWarningPercent', messages.maxValue(100)],
      [{ activityWarningPercent: 50.5 }, 'activityWarningPercent', messages.wholeNumber],
    ] as const) {
      const res = await setDrug(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ parameter: field, message }));
    }
  });
});

describe('an order’s requested activity', () => {
  it('is refused when not above 0, with too many decimals, or not a number', async () => {
    for (const [value, message] of [
      [0, messages.greaterThanZero],
      [-5, messages.greaterThanZero],
      [1.23456, messages.maxDecimals(4)],
      ['ten', messages.required],
    ] as const) {
      const res = await placing({ requestedActivity: value });
      expect(res.statusCode, String(value)).toBe(400);
      expect(fieldMessage(res), String(value)).toBe(message);
    }
  });

  it('takes its unit from the availability, never from the client', async () => {
    const sent = await placing({ requestedActivity: 5, activityUnit: 'mBq' });
    expect(sent.statusCode).toBe(400);
    const placed = await place({ requestedActivity: 5 });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ requestedActivity: 5, activityUnit: 'mCi' });
  });

  it('may be at most the drug’s maximum, compared across units', async () => {
    await setDrug({ maxActivityMbq: 370 });
    // The FDG availability is in mCi: 10 mCi = 370 MBq is the maximum itself.
    expect((await place({ requestedActivity: 10 })).id).toBeGreaterThan(0);
    const over = await placing({ requestedActivity: 10.01 });
    expect(over.statusCode).toBe(400);
    expect(fieldMessage(over)).toBe(messages.activityAboveDrugMaximum('10 mCi (370 MBq)'));
    // Nothing was booked by the refused order.
    const [again] = await t.db.select().from(orders).where(eq(orders.subjectId, 'ACT-1'));
    expect(again).toBeUndefined();
    // The same limit for an availability in MBq.
    const [fdgAvailability] = await t.db
      .select({ id: drugAvailabilities.id })
      .from(drugAvailabilities)
      .where(and(eq(drugAvailabilities.drugId, fdgDrug), eq(drugAvailabilities.active, true)));
    await t.db
      .update(drugAvailabilities)
      .set({ activityUnit: 'mBq' })
      .where(eq(drugAvailabilities.id, fdgAvailability!.id));
    try {
      const atMax = await place({ requestedActivity: 370 });
      const [row] = await t.db.select().from(orders).where(eq(orders.id, atMax.id));
      expect(row).toMatchObject({ requestedActivity: 370, activityUnit: 'mBq' });
      const above = await placing({ requestedActivity: 370.5 });
      expect(above.statusCode).toBe(400);
      expect(fieldMessage(above)).toBe(messages.activityAboveDrugMaximum('370 MBq'));
    } finally {
      await t.db
        .update(drugAvailabilities)
        .set({ activityUnit: 'mCi' })
        .where(eq(drugAvailabilities.id, fdgAvailability!.id));
      await setDrug({ maxActivityMbq: null });
    }
  });

  it('is in the order answer with the half-life and threshold the decay needs, in its audit row and its mail', async () => {
    await setDrug({ activityWarningPercent: 40 });
    const placed = await place({ requestedActivity: 12.5 });
    const res = await t.request('site', { method: 'GET', url: `/api/v1/orders/${placed.id}` });
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ requestedActivity: 12.5, activityUnit: 'mCi' });
    expect(order.drug.activityWarningPercent).toBe(40);
    expect(order.drug.halfLifeSeconds).toBeCloseTo(109.77 * 60, 6);
    const list = await t.request('cmo', { method: 'GET', url: `/api/v1/orders?search=${order.subjectId}` });
    expect(list.json().items[0]).toMatchObject({ requestedActivity: 12.5, activityUnit: 'mCi' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, placed.id)));
    expect(JSON.stringify(audit!.changeset)).toContain('"requestedActivity"');
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(
        eq(mailOutbox.subject, `Order #${placed.number} placed - ONCO-2026-01, Lakeside Clinical Research`),
      );
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]!.textBody).toContain('Requested activity at calibration: 12.5 mCi (463 MBq)');
  });

  it('an order without one answers none and its mail says nothing of it', async () => {
    const placed = await place();
    const order = (await t.request('site', { method: 'GET', url: `/api/v1/orders/${placed.id}` })).json();
    expect(order).toMatchObject({ requestedActivity: null, activityUnit: null });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(
        eq(mailOutbox.subject, `Order #${placed.number} placed - ONCO-2026-01, Lakeside Clinical Research`),
      );
    expect(mail!.textBody).not.toContain('Requested activity');
  });
});
