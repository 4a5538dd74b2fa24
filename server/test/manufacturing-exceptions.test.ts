import { exceptionAffectedFilter, messages } from '@dosechain/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  companies,
  doseSlots,
  drugAvailabilities,
  drugs,
  mailOutbox,
  orders,
} from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { actionBody, changeStatus, loadOrderIds, NOW, type OrderIds } from './order-fixtures.ts';

// The demo's FDG availability (Isotope Labs Boston, New York): weekdays 06:00-14:00, 5 doses a
// day, valid from 21 days before NOW for four months. NOW is Monday 2027-03-01.
const RECIPIENTS = ['coordinator@lakeside.example', 'dispatch@isotopelabs.example', 'onco-pm@helios.example'];

async function fdgAvailability(t: TestApp): Promise<number> {
  const [row] = await t.db
    .select({ id: drugAvailabilities.id })
    .from(drugAvailabilities)
    .innerJoin(drugs, eq(drugs.id, drugAvailabilities.drugId))
    .innerJoin(companies, eq(companies.id, drugAvailabilities.cmoId))
    .where(and(eq(drugs.name, 'Fludeoxyglucose F18'), eq(companies.name, 'Isotope Labs Boston')));
  return row!.id;
}

function orderPayload(ids: OrderIds, calibrationDatetime: string, subjectId: string) {
  return {
    studyId: ids.study,
    siteId: ids.chicago,
    examId: ids.fdg,
    imagingCenterId: ids.windy,
    timePointId: ids.baseline,
    subjectId,
    calibrationDatetime,
    electronicSignature: DEMO_PASSWORD,
  };
}

describe('manufacturing exceptions', () => {
  let t: TestApp;
  let ids: OrderIds;
  let fdg: number;
  let subjects = 0;
  const url = () => `/api/v1/drug-availabilities/${fdg}/exceptions`;
  const add = (body: Record<string, unknown>, as = 'staff') =>
    t.request(as, {
      method: 'POST',
      url: url(),
      payload: { reasonForChange: 'Planned', electronicSignature: DEMO_PASSWORD, ...body },
    });
  const place = (calibrationDatetime: string) =>
    t.request('site', {
      method: 'POST',
      url: '/api/v1/orders',
      payload: orderPayload(ids, calibrationDatetime, `EXC-${++subjects}`),
    });
  const search = async (from: string, to: string) => {
    const res = await t.request('site', {
      method: 'GET',
      url: '/api/v1/drug-availabilities/search',
      query: {
        studyId: String(ids.study),
        siteId: String(ids.chicago),
        examId: String(ids.fdg),
        from,
        to,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { date: string; remaining: number; intervals: { start: string; end: string }[] }[];
  };

  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
    await t.app.lateDelivery.stop();
    await t.app.mailDispatcher.stop();
    ids = await loadOrderIds(t);
    fdg = await fdgAvailability(t);
  });
  afterAll(() => t.close());

  it('a blacked-out day is not offered and placement on it is refused; a changed day offers its doses and window', async () => {
    // Mon 2027-03-22 closed; Tue 03-23 two doses 08:00-09:00 New York (EDT: 12:00-13:00 UTC).
    const closed = await add({ date: '2027-03-22', kind: 'closed', reason: 'Cyclotron maintenance' });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json()).toMatchObject({ date: '2027-03-22', kind: 'closed', doses: null, booked: 0 });
    const changed = await add({
      date: '2027-03-23',
      kind: 'changed',
      doses: 2,
      startTime: '08:00',
      endTime: '09:00',
      reason: 'Short shift',
    });
    expect(changed.statusCode, changed.body).toBe(201);

    const days = await search('2027-03-22', '2027-03-25');
    expect(days.map((d) => d.date)).toEqual(['2027-03-23', '2027-03-24']);
    expect(days[0]).toEqual({
      date: '2027-03-23',
      remaining: 2,
      activityUnit: 'mCi',
      maxActivityMbq: null,
      intervals: [{ start: '2027-03-23T12:00:00.000Z', end: '2027-03-23T13:00:00.000Z' }],
    });
    expect(days[1]!.remaining).toBe(5);

    const onClosed = await place('2027-03-22T16:00:00.000Z');
    expect(onClosed.statusCode).toBe(400);
    expect(onClosed.json().errors).toContainEqual(
      expect.objectContaining({ parameter: 'calibrationDatetime', message: messages.dayBlackedOut }),
    );
    // The availability's own window is not the changed day's.
    const outside = await place('2027-03-23T16:00:00.000Z');
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0].message).toBe(messages.calibrationOutsideAvailability);
    expect((await place('2027-03-23T12:30:00.000Z')).statusCode).toBe(201);
    expect((await place('2027-03-23T12:40:00.000Z')).statusCode).toBe(201);
    const third = await place('2027-03-23T12:50:00.000Z');
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('AVAILABILITY_SLOT_FULL');

    const list = await t.request('staff', { method: 'GET', url: url() });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((e: { date: string; booked: number }) => [e.date, e.booked])).toEqual([
      ['2027-03-22', 0],
      ['2027-03-23', 2],
    ]);
  });

  it('refuses dates that are not manufacture days within the validity, a second exception of a day, and incomplete changes', async () => {
    const saturday = await add({ date: '2027-03-20', kind: 'closed', reason: 'Holiday' });
    expect(saturday.statusCode).toBe(400);
    expect(saturday.json().errors).toEqual([
      expect.objectContaining({
        parameter: 'date',
        message: messages.exceptionNotManufactureDay('2027-03-20'),
      }),
    ]);
    const later = await add({ date: '2029-01-01', kind: 'closed', reason: 'Holiday' });
    expect(later.statusCode).toBe(400);
    expect(later.json().errors[0].message).toMatch(/^Must be within the availability's validity/);
    const twice = await add({ date: '2027-03-22', kind: 'closed', reason: 'Again' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0].message).toBe(messages.exceptionDateTaken('2027-03-22'));
    const nothing = await add({ date: '2027-03-29', kind: 'changed', reason: 'Nothing' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors[0]).toMatchObject({
      parameter: 'doses',
      message: messages.exceptionChangeNeeded,
    });
    const half = await add({ date: '2027-03-29', kind: 'changed', startTime: '08:00', reason: 'Half' });
    expect(half.json().errors[0]).toMatchObject({
      parameter: 'endTime',
      message: messages.exceptionWindowIncomplete,
    });
    const noReason = await add({ date: '2027-03-29', kind: 'closed', reason: ' ' });
    expect(noReason.json().errors[0]).toMatchObject({ parameter: 'reason' });
  });

  it('only who may update availabilities adds, edits or removes exceptions', async () => {
    for (const who of ['site', 'cmo', 'imaging']) {
      const res = await add({ date: '2027-03-29', kind: 'closed', reason: 'Holiday' }, who);
      expect(res.statusCode, who).toBe(403);
    }
    const admin = await add({ date: '2027-03-29', kind: 'closed', reason: 'Holiday' }, 'admin');
    expect(admin.statusCode, admin.body).toBe(201);
    const unsigned = await t.request('staff', {
      method: 'DELETE',
      url: `${url()}/${admin.json().id}`,
      payload: { reasonForChange: 'Open again', electronicSignature: 'wrong' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().code).toBe('ESIGN_FAILED');
    const removed = await t.request('staff', {
      method: 'DELETE',
      url: `${url()}/${admin.json().id}`,
      payload: { reasonForChange: 'Open again', electronicSignature: DEMO_PASSWORD },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'drug-availabilities'), eq(auditLog.entityId, fdg)));
    const removal = rows.find((r) => r.eventType === 'removed')!;
    expect(removal).toMatchObject({
      reason: 'Open again',
      signatureMeaning: 'Removed Availability Exception',
    });
    expect(removal.changeset).toEqual({ 'exception 2027-03-29': ['No manufacture: Holiday', null] });
  });

  it('a reduction below the doses booked is refused naming the orders; to the booked doses it is taken', async () => {
    const a = (await place('2027-03-24T16:00:00.000Z')).json();
    const b = (await place('2027-03-24T16:10:00.000Z')).json();
    const c = (await place('2027-03-24T16:20:00.000Z')).json();
    const below = await add({ date: '2027-03-24', kind: 'changed', doses: 2, reason: 'Short of precursor' });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({
      code: 'EXCEPTION_BELOW_BOOKED',
      message: messages.exceptionBelowBooked(2, 3, [a.number, b.number, c.number]),
    });
    expect(below.json().message).toContain(`Order #${a.number}, Order #${b.number}, Order #${c.number}`);
    // Nothing was written: neither the exception nor the slot.
    const [slot] = await t.db
      .select()
      .from(doseSlots)
      .where(and(eq(doseSlots.availabilityId, fdg), eq(doseSlots.manufactureDate, '2027-03-24')));
    expect(slot).toMatchObject({ capacity: 5, booked: 3 });
    const exact = await add({ date: '2027-03-24', kind: 'changed', doses: 3, reason: 'Short of precursor' });
    expect(exact.statusCode, exact.body).toBe(201);
    expect((await place('2027-03-24T16:30:00.000Z')).statusCode).toBe(409);
    // Editing it below booked is refused the same way.
    const edit = await t.request('staff', {
      method: 'PUT',
      url: `${url()}/${exact.json().id}`,
      payload: { kind: 'changed', doses: 1, reason: 'Less', electronicSignature: DEMO_PASSWORD },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('EXCEPTION_BELOW_BOOKED');
  });

  it('orders placed on a day that becomes blacked out are flagged, mailed once, and not canceled', async () => {
    const pending = (await place('2027-03-25T16:00:00.000Z')).json();
    const accepted = (await place('2027-03-25T16:10:00.000Z')).json();
    expect(
      (
        await changeStatus(
          t,
          'cmo',
          accepted.id,
          actionBody('accept', { relatedDatetime: '2027-03-25T10:30' }),
        )
      ).statusCode,
    ).toBe(200);
    const canceled = (await place('2027-03-25T16:20:00.000Z')).json();
    expect((await changeStatus(t, 'site', canceled.id, actionBody('cancel'))).statusCode).toBe(200);

    const closed = await add({ date: '2027-03-25', kind: 'closed', reason: 'Public holiday' });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json().affectedOrders).toEqual([pending.number, accepted.number]);

    const mails = async () =>
      t.db
        .select({ to: mailOutbox.recipients, subject: mailOutbox.subject, text: mailOutbox.textBody })
        .from(mailOutbox)
        .where(like(mailOutbox.subject, '%: no manufacture on 2027-03-25 - %'));
    const sent = await mails();
    expect(sent).toHaveLength(2 * RECIPIENTS.length);
    const forPending = sent.filter((m) => m.subject.startsWith(`Order #${pending.number}:`));
    expect(forPending.map((m) => m.to).sort()).toEqual(RECIPIENTS.map((r) => [r]));
    const dispatch = forPending.find((m) => m.to[0] === 'dispatch@isotopelabs.example')!;
    expect(dispatch.text).toContain('There is no manufacture on 2027-03-25 (Public holiday)');
    expect(dispatch.text).toContain('Calibration date-time: Mar 25, 2027, 12:00 EDT (America/New_York)');
    const coordinator = forPending.find((m) => m.to[0] === 'coordinator@lakeside.example')!;
    expect(coordinator.text).toContain('Calibration date-time: Mar 25, 2027, 11:00 CDT (America/Chicago)');

    // Flagged for staff and the CMO through the grids' filter; the orders keep their status.
    for (const who of ['staff', 'cmo']) {
      const res = await t.request(who, {
        method: 'GET',
        url: '/api/v1/orders',
        query: { filter: JSON.stringify(exceptionAffectedFilter()), fields: 'id,number,status' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res
          .json()
          .items.map((o: { number: number }) => o.number)
          .sort(),
      ).toEqual([pending.number, accepted.number]);
    }
    const statuses = await t.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, pending.id));
    expect(statuses[0]!.status).toBe('pending');

    // Editing the reason, or removing and adding the blackout again, mails nobody twice.
    const id = closed.json().id;
    const edit = await t.request('staff', {
      method: 'PUT',
      url: `${url()}/${id}`,
      payload: { kind: 'closed', reason: 'Public holiday (Easter)', electronicSignature: DEMO_PASSWORD },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const removed = await t.request('staff', {
      method: 'DELETE',
      url: `${url()}/${id}`,
      payload: { reasonForChange: 'Mistake', electronicSignature: DEMO_PASSWORD },
    });
    expect(removed.statusCode).toBe(204);
    const again = await add({ date: '2027-03-25', kind: 'closed', reason: 'Public holiday' });
    expect(again.statusCode).toBe(201);
    expect(await mails()).toHaveLength(2 * RECIPIENTS.length);
  });

  it('each party reads only its own orders on a blacked-out day: a site its own, an imaging center its own', async () => {
    const [hudson] = await t.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, 'Hudson Oncology Center'));
    const placeAs = async (who: string, siteId: number, imagingCenterId: number, time: string) => {
      const res = await t.request(who, {
        method: 'POST',
        url: '/api/v1/orders',
        payload: {
          ...orderPayload(ids, `2027-03-30T${time}:00.000Z`, `EXC-${++subjects}`),
          siteId,
          imagingCenterId,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { number: number }).number;
    };
    // Lakeside through Windy City, Lakeside through Manhattan, Hudson (placed by the admin) through Manhattan.
    const lakesideWindy = await placeAs('site', ids.chicago, ids.windy, '15:00');
    const lakesideManhattan = await placeAs('site', ids.chicago, ids.manhattan, '15:10');
    const hudsonManhattan = await placeAs('admin', hudson!.id, ids.manhattan, '15:20');
    expect((await add({ date: '2027-03-30', kind: 'closed', reason: 'Power cut' })).statusCode).toBe(201);

    const affected = async (who: string) => {
      const res = await t.request(who, {
        method: 'GET',
        url: '/api/v1/orders',
        query: { filter: JSON.stringify(exceptionAffectedFilter()), fields: 'id,number', size: '100' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { total: number; items: { number: number }[] };
      const onDay = body.items
        .map((o) => o.number)
        .filter((n) => [lakesideWindy, lakesideManhattan, hudsonManhattan].includes(n));
      return { onDay: onDay.sort((x, y) => x - y), total: body.total };
    };
    expect((await affected('staff')).onDay).toEqual([lakesideWindy, lakesideManhattan, hudsonManhattan]);
    expect((await affected('cmo')).onDay).toEqual([lakesideWindy, lakesideManhattan, hudsonManhattan]);
    const site = await affected('site');
    expect(site.onDay).toEqual([lakesideWindy, lakesideManhattan]);
    const imaging = await affected('imaging');
    expect(imaging.onDay).toEqual([lakesideWindy]);
    // The banner's count is the scoped total: nothing of other parties is counted.
    const ownOf = async (who: string, column: 'siteId' | 'imagingCenterId', companyId: number) => {
      const rows = await t.db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(doseSlots, eq(doseSlots.id, orders.doseSlotId))
        .where(
          and(
            eq(orders[column], companyId),
            eq(doseSlots.closed, true),
            inArray(orders.status, ['pending', 'accepted']),
          ),
        );
      expect((await affected(who)).total, who).toBe(rows.length);
    };
    await ownOf('site', 'siteId', ids.chicago);
    await ownOf('imaging', 'imagingCenterId', ids.windy);
  });
});

describe('a reduction racing placements', () => {
  let t: TestApp;
  let ids: OrderIds;
  let fdg: number;
  beforeAll(async () => {
    // Signing is argon2 per request; the race is about the slot row, so signatures are off.
    t = await buildTestApp({ now: NOW, config: { eSignature: false } });
    await t.app.lateDelivery.stop();
    await t.app.mailDispatcher.stop();
    ids = await loadOrderIds(t);
    fdg = await fdgAvailability(t);
  });
  afterAll(() => t.close());

  it('never leaves more doses booked than the day has', async () => {
    const site = await t.loginAs('site');
    const staff = await t.loginAs('staff');
    const days = ['2027-03-15', '2027-03-16', '2027-03-17'];
    for (const [n, date] of days.entries()) {
      const placements = Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: site.headers(),
          payload: {
            ...orderPayload(ids, `${date}T16:00:00.000Z`, `RACE-${n}-${i}`),
            electronicSignature: undefined,
          },
        }),
      );
      const reduction = t.app.inject({
        method: 'POST',
        url: `/api/v1/drug-availabilities/${fdg}/exceptions`,
        headers: staff.headers(),
        payload: { date, kind: 'changed', doses: 2 + n, reason: 'Race' },
      });
      const [cut, ...placed] = await Promise.all([reduction, ...placements]);
      const created = placed.filter((r) => r.statusCode === 201).length;
      const refused = placed.filter((r) => r.statusCode !== 201).map((r) => r.json().code);
      expect(
        refused.every((code) => code === 'AVAILABILITY_SLOT_FULL'),
        refused.join(),
      ).toBe(true);
      const [slot] = await t.db
        .select()
        .from(doseSlots)
        .where(and(eq(doseSlots.availabilityId, fdg), eq(doseSlots.manufactureDate, date)));
      expect(slot!.booked).toBe(created);
      expect(slot!.booked).toBeLessThanOrEqual(slot!.capacity);
      if (cut.statusCode === 201) {
        expect(slot!.capacity).toBe(2 + n);
      } else {
        expect(cut.statusCode, cut.body).toBe(409);
        expect(cut.json().code).toBe('EXCEPTION_BELOW_BOOKED');
        expect(slot!.capacity).toBe(5);
      }
    }
  });

  it('a blackout racing placements: each order is either refused or placed before it and flagged', async () => {
    const site = await t.loginAs('site');
    const staff = await t.loginAs('staff');
    const date = '2027-03-18';
    // Fewer placements than the day's 5 doses: a refusal can only be the blackout's, never a full day.
    const placements = Array.from({ length: 4 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: site.headers(),
        payload: {
          ...orderPayload(ids, `${date}T16:00:00.000Z`, `BLACKOUT-${i}`),
          electronicSignature: undefined,
        },
      }),
    );
    const blackout = t.app.inject({
      method: 'POST',
      url: `/api/v1/drug-availabilities/${fdg}/exceptions`,
      headers: staff.headers(),
      payload: { date, kind: 'closed', reason: 'Power cut' },
    });
    const [closed, ...placed] = await Promise.all([blackout, ...placements]);
    expect(closed.statusCode, closed.body).toBe(201);
    const created = placed.filter((r) => r.statusCode === 201).map((r) => r.json().number as number);
    const refused = placed.filter((r) => r.statusCode !== 201).map((r) => r.json());
    for (const body of refused) {
      expect(body.errors[0].message).toBe(messages.dayBlackedOut);
    }
    // Every order that got its dose committed before the blackout took the slot: it is flagged.
    expect(closed.json().affectedOrders).toEqual(created.sort((a, b) => a - b));
    const [slot] = await t.db
      .select()
      .from(doseSlots)
      .where(and(eq(doseSlots.availabilityId, fdg), eq(doseSlots.manufactureDate, date)));
    expect(slot).toMatchObject({ closed: true, booked: created.length });
  });
});
