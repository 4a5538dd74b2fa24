import { messages, orderActionRules, orderActions, scheduleOverrideFilter } from '@dosechain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, doseSlots, mailOutbox, orders, timepoints } from '../../src/kernel/db/schema.ts';
import { DEMO_PASSWORD, type TestApp } from '../helpers.ts';
import { actionBody, changeStatus, type OrderIds, orderTestApp } from '../order-fixtures.ts';

// The orders' clock is Monday 2027-03-01 (order-fixtures). The schedule: Baseline the anchor
// (day 0), Week 4 on day 14 ± 3. A Baseline at 16:00Z on 2 March (10:00 in Chicago) puts Week 4's
// window at 13–19 March.
let t: TestApp;
let ids: OrderIds;
const tp: Record<string, number> = {};

const reject = orderActions.find((a) => orderActionRules[a].to === 'rejected')!;
const cancel = orderActions.find((a) => orderActionRules[a].to === 'canceled')!;

const post = (over: Record<string, unknown>, user = 'site') =>
  t.request(user, {
    method: 'POST',
    url: '/api/v1/orders',
    payload: {
      studyId: ids.study,
      siteId: ids.chicago,
      examId: ids.fdg,
      imagingCenterId: ids.windy,
      timePointId: tp.Baseline,
      calibrationDatetime: '2027-03-02T16:00:00.000Z',
      electronicSignature: DEMO_PASSWORD,
      ...over,
    },
  });

async function placed(over: Record<string, unknown>): Promise<{ id: number; number: number }> {
  const res = await post(over);
  if (res.statusCode !== 201) throw new Error(`placing failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

const getOrder = async (id: number) => (await t.request('site', { url: `/api/v1/orders/${id}` })).json();

const placementAudit = async (id: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, id), eq(auditLog.eventType, 'new')))
  )[0]!;

beforeAll(async () => {
  ({ t, ids } = await orderTestApp());
  for (const r of await t.db.select().from(timepoints)) tp[r.name] = r.id;
  const res = await t.request('staff', {
    method: 'PUT',
    url: `/api/v1/studies/${ids.study}/schedule`,
    payload: {
      anchorTimePointId: tp.Baseline,
      entries: [
        { timePointId: tp.Baseline, dayOffset: 0, windowBeforeDays: 0, windowAfterDays: 0 },
        { timePointId: tp['Week 4'], dayOffset: 14, windowBeforeDays: 3, windowAfterDays: 3 },
      ],
      reasonForChange: 'Protocol v1',
      electronicSignature: DEMO_PASSWORD,
    },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
});
afterAll(() => t.close());

describe('placing against the schedule [issue 36]', () => {
  it('[ORD-027] refuses a calibration outside the window with OUT_OF_WINDOW naming it, and places it with a reason', async () => {
    await placed({ subjectId: 'WIN-1' });
    const inWindow = await placed({
      subjectId: 'WIN-1',
      timePointId: tp['Week 4'],
      calibrationDatetime: '2027-03-19T16:00:00.000Z',
    });
    expect(await getOrder(inWindow.id)).toMatchObject({ outOfWindow: false, overrideReason: null });
    expect((await changeStatus(t, 'site', inWindow.id, actionBody(cancel))).statusCode).toBe(200);

    const late = {
      subjectId: 'WIN-1',
      timePointId: tp['Week 4'],
      calibrationDatetime: '2027-03-22T16:00:00.000Z',
    };
    const refused = await post(late);
    expect(refused.statusCode).toBe(400);
    const message = messages.outOfWindow('2027-03-13', '2027-03-19');
    expect(refused.json()).toEqual({
      code: 'OUT_OF_WINDOW',
      message,
      errors: [{ code: 'OUT_OF_WINDOW', parameter: 'calibrationDatetime', message }],
    });
    // Earlier than the window too.
    expect((await post({ ...late, calibrationDatetime: '2027-03-12T16:00:00.000Z' })).json().code).toBe(
      'OUT_OF_WINDOW',
    );

    const overridden = await placed({ ...late, overrideReason: '  Subject was travelling  ' });
    expect(await getOrder(overridden.id)).toMatchObject({
      outOfWindow: true,
      duplicateTimepoint: false,
      overrideReason: 'Subject was travelling',
    });
    expect((await placementAudit(overridden.id)).changeset).toMatchObject({
      outOfWindow: [null, true],
      overrideReason: [null, 'Subject was travelling'],
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, overridden.id));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]!.textBody).toContain(
      `${messages.outOfWindowMarker}: placed outside the subject's window`,
    );
    expect(mails[0]!.textBody).toContain('Override reason: Subject was travelling');
    // The grids' filter: the orders placed out of window.
    const listed = await t.request('site', {
      url: '/api/v1/orders',
      query: { filter: JSON.stringify([{ field: 'out_of_window', op: 'in', value: ['true'] }]) },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((o: { id: number }) => o.id)).toContain(overridden.id);
    expect(listed.json().items.every((o: { outOfWindow: boolean }) => o.outOfWindow)).toBe(true);
    const either = await t.request('site', {
      url: '/api/v1/orders',
      query: { filter: JSON.stringify(scheduleOverrideFilter()) },
    });
    expect(either.json().items.map((o: { id: number }) => o.id)).toEqual([overridden.id]);
  });

  it('[ORD-027] refuses a second live order for the timepoint with DUPLICATE_TIMEPOINT naming the first, and places it with a reason', async () => {
    const first = await placed({ subjectId: 'DUP-1', calibrationDatetime: '2027-03-03T16:00:00.000Z' });
    const again = { subjectId: 'DUP-1', calibrationDatetime: '2027-03-03T17:00:00.000Z' };
    const refused = await post(again);
    expect(refused.statusCode).toBe(409);
    const message = messages.duplicateTimepoint(first.number);
    expect(refused.json()).toEqual({
      code: 'DUPLICATE_TIMEPOINT',
      message,
      errors: [{ code: 'DUPLICATE_TIMEPOINT', parameter: 'timePointId', message }],
    });
    const second = await placed({ ...again, overrideReason: 'Second scan requested by the PI' });
    expect(await getOrder(second.id)).toMatchObject({
      duplicateTimepoint: true,
      outOfWindow: false,
      overrideReason: 'Second scan requested by the PI',
    });
    expect((await placementAudit(second.id)).changeset).toMatchObject({ duplicateTimepoint: [null, true] });
    // A rejected or canceled order holds no timepoint.
    await changeStatus(t, 'cmo', first.id, actionBody(reject));
    await changeStatus(t, 'site', second.id, actionBody(cancel));
    const third = await placed(again);
    expect(await getOrder(third.id)).toMatchObject({ duplicateTimepoint: false, overrideReason: null });
  });

  it('lists both refusals in one 400 when both apply; one reason overrides both', async () => {
    await placed({ subjectId: 'BOTH-1', calibrationDatetime: '2027-03-04T16:00:00.000Z' });
    const first = await placed({
      subjectId: 'BOTH-1',
      timePointId: tp['Week 4'],
      calibrationDatetime: '2027-03-18T16:00:00.000Z',
    });
    const body = {
      subjectId: 'BOTH-1',
      timePointId: tp['Week 4'],
      calibrationDatetime: '2027-03-25T16:00:00.000Z',
    };
    const refused = await post(body);
    expect(refused.statusCode).toBe(400);
    expect(
      refused.json().errors.map((e: { code: string; parameter: string }) => [e.code, e.parameter]),
    ).toEqual([
      ['OUT_OF_WINDOW', 'calibrationDatetime'],
      ['DUPLICATE_TIMEPOINT', 'timePointId'],
    ]);
    expect(refused.json().errors[1].message).toBe(messages.duplicateTimepoint(first.number));
    const order = await placed({ ...body, overrideReason: 'Rescan' });
    expect(await getOrder(order.id)).toMatchObject({ outOfWindow: true, duplicateTimepoint: true });
  });

  it('checks nothing for an unscheduled timepoint or a subject without an anchor, and keeps no unneeded reason', async () => {
    const week4 = {
      subjectId: 'NOANCHOR-1',
      timePointId: tp['Week 4'],
      calibrationDatetime: '2027-03-30T16:00:00.000Z',
    };
    // No Baseline yet: no window.
    const a = await placed({ ...week4, overrideReason: 'not needed' });
    expect(await getOrder(a.id)).toMatchObject({
      outOfWindow: false,
      duplicateTimepoint: false,
      overrideReason: null,
    });
    // Week 12 is not scheduled: a second order for it is placed as before issue 36.
    const week12 = {
      subjectId: 'UNSCHED-1',
      timePointId: tp['Week 12'],
      calibrationDatetime: '2027-03-30T16:00:00.000Z',
    };
    await placed(week12);
    const b = await placed({ ...week12, calibrationDatetime: '2027-03-30T17:00:00.000Z' });
    expect(await getOrder(b.id)).toMatchObject({ duplicateTimepoint: false });
  });

  it('refuses an override reason over 140 characters', async () => {
    const res = await post({ subjectId: 'LONG-1', overrideReason: 'x'.repeat(141) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ parameter: 'overrideReason' })]);
  });
});

describe('ordering again [issue 36]', () => {
  it('[ORD-029] names the rejected order it replaces, shown on both, and is not its duplicate', async () => {
    const lost = await placed({ subjectId: 'AGAIN-1', calibrationDatetime: '2027-03-05T16:00:00.000Z' });
    await changeStatus(t, 'cmo', lost.id, actionBody(reject));
    const again = await placed({
      subjectId: 'AGAIN-1',
      calibrationDatetime: '2027-03-08T16:00:00.000Z',
      replacesOrderId: lost.id,
    });
    expect(await getOrder(again.id)).toMatchObject({
      replacesOrder: { id: lost.id, number: lost.number },
      replacedByOrder: null,
      duplicateTimepoint: false,
    });
    expect(await getOrder(lost.id)).toMatchObject({
      replacesOrder: null,
      replacedByOrder: { id: again.id, number: again.number },
    });
    expect((await placementAudit(again.id)).changeset).toMatchObject({ replacesOrderId: [null, lost.id] });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, again.id));
    expect(mail!.textBody).toContain(`Replaces order: #${lost.number}`);
  });

  it('[ORD-029] replaces a live order whose manufacture day was blacked out, without calling it a duplicate', async () => {
    const lost = await placed({ subjectId: 'AGAIN-2', calibrationDatetime: '2027-03-09T16:00:00.000Z' });
    const [row] = await t.db.select({ slot: orders.doseSlotId }).from(orders).where(eq(orders.id, lost.id));
    // Not yet blacked out: a live order cannot be replaced.
    const live = await post({
      subjectId: 'AGAIN-2',
      calibrationDatetime: '2027-03-10T16:00:00.000Z',
      replacesOrderId: lost.id,
    });
    expect(live.statusCode).toBe(400);
    expect(live.json().errors).toEqual([
      expect.objectContaining({ parameter: 'replacesOrderId', message: messages.replacesOrderInvalid }),
    ]);
    await t.db.update(doseSlots).set({ closed: true }).where(eq(doseSlots.id, row!.slot));
    const again = await placed({
      subjectId: 'AGAIN-2',
      calibrationDatetime: '2027-03-10T16:00:00.000Z',
      replacesOrderId: lost.id,
    });
    expect(await getOrder(again.id)).toMatchObject({
      duplicateTimepoint: false,
      outOfWindow: false,
      replacesOrder: { id: lost.id },
    });
  });

  it("refuses to replace another subject's or timepoint's order, or a missing one", async () => {
    const lost = await placed({ subjectId: 'AGAIN-3', calibrationDatetime: '2027-03-11T16:00:00.000Z' });
    await changeStatus(t, 'cmo', lost.id, actionBody(reject));
    const at = { calibrationDatetime: '2027-03-11T17:00:00.000Z', replacesOrderId: lost.id };
    const problem = async (over: Record<string, unknown>) => (await post({ ...at, ...over })).json().errors;
    expect(await problem({ subjectId: 'AGAIN-OTHER' })).toEqual([
      expect.objectContaining({ parameter: 'replacesOrderId', message: messages.replacesOrderInvalid }),
    ]);
    expect(await problem({ subjectId: 'AGAIN-3', timePointId: tp['Week 12'] })).toEqual([
      expect.objectContaining({ parameter: 'replacesOrderId', message: messages.replacesOrderInvalid }),
    ]);
    expect(await problem({ subjectId: 'AGAIN-3', replacesOrderId: 2_000_000_000 })).toEqual([
      expect.objectContaining({ parameter: 'replacesOrderId', message: messages.notFound('Order') }),
    ]);
  });
});

// On PostgreSQL (server-pg) these run on a pool of connections: the placements truly overlap.
describe('concurrent placements and schedule saves [issue 36]', () => {
  it('[ORD-028] places one of simultaneous orders for a subject and timepoint, the others DUPLICATE_TIMEPOINT', async () => {
    const body = { subjectId: 'RACE-1', calibrationDatetime: '2027-03-15T16:00:00.000Z' };
    const results = await Promise.all(Array.from({ length: 4 }, () => post(body)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    const first = results.find((r) => r.statusCode === 201)!.json();
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().message).toBe(messages.duplicateTimepoint(first.number));
    }
  });

  it('places every one of simultaneous overridden orders, all but the first marked duplicate', async () => {
    const body = {
      subjectId: 'RACE-2',
      calibrationDatetime: '2027-03-16T16:00:00.000Z',
      overrideReason: 'Repeat scan',
    };
    const results = await Promise.all(Array.from({ length: 3 }, () => post(body)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const flags = await t.db
      .select({ duplicate: orders.duplicateTimepoint })
      .from(orders)
      .where(eq(orders.subjectId, 'RACE-2'));
    expect(flags.map((f) => f.duplicate).sort()).toEqual([false, true, true]);
  });

  it('applies simultaneous schedule saves one after the other', async () => {
    const save = (windowAfterDays: number) =>
      t.request('staff', {
        method: 'PUT',
        url: `/api/v1/studies/${ids.study}/schedule`,
        payload: {
          anchorTimePointId: tp.Baseline,
          entries: [
            { timePointId: tp.Baseline, dayOffset: 0, windowBeforeDays: 0, windowAfterDays: 0 },
            { timePointId: tp['Week 4'], dayOffset: 14, windowBeforeDays: 3, windowAfterDays },
          ],
          reasonForChange: 'Window widened',
          electronicSignature: DEMO_PASSWORD,
        },
      });
    const saved = await Promise.all([save(4), save(5)]);
    expect(saved.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await t.db
      .select({ changeset: auditLog.changeset })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'studies'), eq(auditLog.entityId, ids.study)))
      .orderBy(auditLog.id);
    const [a, b] = rows.slice(-2).map((r) => r.changeset.schedule as [string, string]);
    // The second save saw the first's schedule as its "before": neither overwrote the other unseen.
    expect(b![0]).toBe(a![1]);
    expect(a![0]).toContain('+3');
  });
});
