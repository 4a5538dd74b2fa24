import { messages, orderActionRules, orderActions } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, orders, timepoints } from '../../src/kernel/db/schema.ts';
import { DEMO_PASSWORD, type TestApp } from '../helpers.ts';
import { actionBody, changeStatus, NOW, type OrderIds, orderTestApp } from '../order-fixtures.ts';

// The orders' clock: Monday 2027-03-01, 00:00 in Chicago (Windy City Imaging's zone). Chicago
// moves to daylight time on Sunday 2027-03-14.
let t: TestApp;
let ids: OrderIds;
let place: Awaited<ReturnType<typeof orderTestApp>>['place'];
const tp: Record<string, number> = {};
let newYork: number;
let manhattan: number;

const cancel = orderActions.find((a) => orderActionRules[a].to === 'canceled')!;

const windowOf = (subjectId: string, timepoint: string, user = 'site', over: Record<string, unknown> = {}) =>
  t.request(user, {
    method: 'GET',
    url: '/api/v1/orders/window',
    query: {
      studyId: String(ids.study),
      siteId: String(ids.chicago),
      imagingCenterId: String(ids.windy),
      subjectId,
      timePointId: String(tp[timepoint]),
      ...over,
    },
  });
const due = (user: string, query: Record<string, string> = {}) =>
  t.request(user, {
    method: 'GET',
    url: '/api/v1/subjects/due',
    query: { studyId: String(ids.study), ...query },
  });
const dueOf = async (user: string, subjects: string[]) =>
  (await due(user)).json().items.filter((i: { subjectId: string }) => subjects.includes(i.subjectId));

/** An anchor (Baseline) order given at this instant, as if placed for it. */
async function anchorAt(subjectId: string, at: string, over: Record<string, unknown> = {}) {
  const order = await place({ subjectId, timePointId: tp.Baseline, ...over });
  await t.db
    .update(orders)
    .set({ calibrationDatetime: new Date(at) })
    .where(eq(orders.id, order.id));
  return order;
}

beforeAll(async () => {
  ({ t, ids, place } = await orderTestApp());
  for (const r of await t.db.select().from(timepoints)) tp[r.name] = r.id;
  const company = async (name: string) =>
    (await t.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)))[0]!.id;
  newYork = await company('Hudson Oncology Center');
  manhattan = await company('Manhattan Molecular Imaging');
  const res = await t.request('staff', {
    method: 'PUT',
    url: `/api/v1/studies/${ids.study}/schedule`,
    payload: {
      anchorTimePointId: tp.Baseline,
      entries: [
        { timePointId: tp.Screening, dayOffset: -14, windowBeforeDays: 7, windowAfterDays: 0 },
        { timePointId: tp.Baseline, dayOffset: 0, windowBeforeDays: 0, windowAfterDays: 0 },
        { timePointId: tp['Week 4'], dayOffset: 9, windowBeforeDays: 3, windowAfterDays: 3 },
        { timePointId: tp['Week 12'], dayOffset: 84, windowBeforeDays: 7, windowAfterDays: 7 },
      ],
      reasonForChange: 'Protocol v1',
      electronicSignature: DEMO_PASSWORD,
    },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
});
afterAll(() => t.close());

describe("a subject's order window", () => {
  it("counts calendar days from the anchor's date in the imaging center's zone, across a DST change", async () => {
    // 23:30 on Saturday 13 March in Chicago (CST) is already the 14th in UTC; 84 days of 24 hours
    // later would be 00:30 CDT on 6 June.
    await anchorAt('DST-1', '2027-03-14T05:30:00.000Z');
    const res = await windowOf('DST-1', 'Week 12');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      anchorDate: '2027-03-13',
      nominalDate: '2027-06-05',
      earliestDate: '2027-05-29',
      latestDate: '2027-06-12',
    });
  });

  it('places a negative offset before the anchor', async () => {
    await anchorAt('NEG-1', '2027-03-02T16:00:00.000Z');
    expect((await windowOf('NEG-1', 'Screening', 'imaging')).json()).toEqual({
      anchorDate: '2027-03-02',
      nominalDate: '2027-02-16',
      earliestDate: '2027-02-09',
      latestDate: '2027-02-16',
    });
  });

  it('is empty without an anchor, for an unscheduled timepoint and when the anchor order is canceled', async () => {
    const none = { anchorDate: null, nominalDate: null, earliestDate: null, latestDate: null };
    expect((await windowOf('NOBODY', 'Week 12')).json()).toEqual(none);
    await anchorAt('UNSCHEDULED-1', '2027-03-02T16:00:00.000Z');
    expect((await windowOf('UNSCHEDULED-1', 'End of treatment')).json()).toEqual(none);
    const order = await anchorAt('CANCELED-1', '2027-03-03T16:00:00.000Z');
    expect((await changeStatus(t, 'site', order.id, actionBody(cancel))).statusCode).toBe(200);
    expect((await windowOf('CANCELED-1', 'Week 12')).json()).toEqual(none);
  });

  it("is read only by who may order for the site and center, another's reading as not found", async () => {
    const otherSite = await windowOf('DST-1', 'Week 12', 'site', {
      siteId: String(newYork),
      imagingCenterId: String(manhattan),
    });
    expect(otherSite.statusCode).toBe(400);
    expect(otherSite.json().errors).toEqual([
      expect.objectContaining({ parameter: 'siteId', message: messages.notFound('Clinical Site') }),
    ]);
    const otherCenter = await windowOf('DST-1', 'Week 12', 'imaging', { imagingCenterId: String(manhattan) });
    expect(otherCenter.statusCode).toBe(400);
    expect(otherCenter.json().errors).toEqual([
      expect.objectContaining({ parameter: 'imagingCenterId', message: messages.notFound('Imaging Center') }),
    ]);
    const unlinked = await windowOf('DST-1', 'Week 12', 'admin', { siteId: String(newYork) });
    expect(unlinked.json().errors).toEqual([
      expect.objectContaining({ parameter: 'imagingCenterId', message: messages.imagingCenterNotLinked }),
    ]);
    expect((await windowOf('DST-1', 'Week 12', 'cmo')).statusCode).toBe(403);
    expect((await windowOf('DST-1', 'Week 12', 'site', { studyId: '2000000000' })).statusCode).toBe(404);
    expect((await windowOf('', 'Week 12')).statusCode).toBe(400);
    expect((await windowOf('DST-1', 'Week 12', 'site', { siteId: 'abc' })).statusCode).toBe(400);
  });
});

describe('subjects due', () => {
  it('lists the windows open within 7 days or opened, overdue once past, without those ordered', async () => {
    await anchorAt('DUE-1', '2027-03-02T16:00:00.000Z');
    // Screening's window (9–16 Feb) has passed; Week 4's (8–14 March) opens in 7 days; Week 12's is far.
    expect(await dueOf('site', ['DUE-1'])).toEqual([
      {
        subjectId: 'DUE-1',
        siteId: ids.chicago,
        siteName: 'Lakeside Clinical Research',
        examId: ids.fdg,
        imagingCenterId: ids.windy,
        timePointId: tp.Screening,
        timePointName: 'Screening',
        nominalDate: '2027-02-16',
        earliestDate: '2027-02-09',
        latestDate: '2027-02-16',
        state: 'overdue',
      },
      {
        subjectId: 'DUE-1',
        siteId: ids.chicago,
        siteName: 'Lakeside Clinical Research',
        examId: ids.fdg,
        imagingCenterId: ids.windy,
        timePointId: tp['Week 4'],
        timePointName: 'Week 4',
        nominalDate: '2027-03-11',
        earliestDate: '2027-03-08',
        latestDate: '2027-03-14',
        state: 'due',
      },
    ]);
    // A live Screening order takes it off the list; a canceled one would not. (Both are placed
    // on the placer's days, outside their windows: with a reason, decision 059.)
    const late = { overrideReason: 'Placed on the test placer’s day' };
    await place({ subjectId: 'DUE-1', timePointId: tp.Screening, ...late });
    const week4 = await place({ subjectId: 'DUE-1', timePointId: tp['Week 4'], ...late });
    expect((await changeStatus(t, 'site', week4.id, actionBody(cancel))).statusCode).toBe(200);
    expect((await dueOf('site', ['DUE-1'])).map((i: { timePointId: number }) => i.timePointId)).toEqual([
      tp['Week 4'],
    ]);
    // Past its latest date (14 March, Chicago), Week 4 is overdue.
    t.clock.set(new Date('2027-03-15T06:00:00.000Z'));
    try {
      expect((await dueOf('site', ['DUE-1'])).map((i: { state: string }) => i.state)).toEqual(['overdue']);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('shows a site its own subjects, an imaging center those it dosed, staff and admin all; a CMO none', async () => {
    await anchorAt('DUE-2', '2027-03-02T16:00:00.000Z');
    const res = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/orders',
      payload: {
        studyId: ids.study,
        siteId: newYork,
        examId: ids.fdg,
        imagingCenterId: manhattan,
        timePointId: tp.Baseline,
        subjectId: 'NY-1',
        calibrationDatetime: '2027-03-03T16:00:00.000Z',
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const subjects = (items: { subjectId: string }[]) => [...new Set(items.map((i) => i.subjectId))].sort();
    expect(subjects(await dueOf('site', ['DUE-2', 'NY-1']))).toEqual(['DUE-2']);
    expect(subjects(await dueOf('imaging', ['DUE-2', 'NY-1']))).toEqual(['DUE-2']);
    expect(subjects(await dueOf('staff', ['DUE-2', 'NY-1']))).toEqual(['DUE-2', 'NY-1']);
    const bySite = (await due('admin', { siteId: String(newYork) })).json().items;
    expect(subjects(bySite)).toEqual(['NY-1']);
    expect((await due('site', { siteId: String(newYork) })).json().items).toEqual([]);
    expect((await due('cmo')).statusCode).toBe(403);
    expect((await due('site', { studyId: '2000000000' })).statusCode).toBe(404);
    expect((await due('site', { studyId: 'x' })).statusCode).toBe(400);
  });
});
