import { formatRequestedActivity } from '@dosechain/contract';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  companies,
  doseSlots,
  drugAvailabilities,
  exams,
  mailOutbox,
  orders,
  studies,
  timepoints,
} from '../src/kernel/db/schema.ts';
import { releaseDose } from '../src/modules/availability/capacity.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

// A Monday, 01:00 in New York. The demo's FDG availability (Isotope Labs Boston, New York):
// weekdays 06:00-14:00 local (11:00-19:00Z before 14 March), 5 doses a day.
const NOW = new Date('2027-03-01T06:00:00.000Z');

type Ids = Record<
  | 'study'
  | 'neuro'
  | 'cardio'
  | 'fdg'
  | 'amyloid'
  | 'chicago'
  | 'newYork'
  | 'denver'
  | 'windy'
  | 'manhattan'
  | 'frontRange'
  | 'baseline',
  number
>;

async function loadIds(t: TestApp): Promise<Ids> {
  const company = async (name: string) =>
    (await t.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)))[0]!.id;
  const study = async (name: string) =>
    (await t.db.select({ id: studies.id }).from(studies).where(eq(studies.name, name)))[0]!.id;
  const exam = async (name: string) =>
    (await t.db.select({ id: exams.id }).from(exams).where(eq(exams.name, name)))[0]!.id;
  return {
    study: await study('ONCO-2026-01'),
    neuro: await study('NEURO-AMY-301'),
    cardio: await study('CARDIO-2024'),
    fdg: await exam('FDG PET Whole Body'),
    amyloid: await exam('Amyloid PET'),
    chicago: await company('Lakeside Clinical Research'),
    newYork: await company('Hudson Oncology Center'),
    denver: await company('Rocky Mountain Trials'),
    windy: await company('Windy City Imaging'),
    manhattan: await company('Manhattan Molecular Imaging'),
    frontRange: await company('Front Range PET'),
    baseline: (
      await t.db.select({ id: timepoints.id }).from(timepoints).where(eq(timepoints.name, 'Baseline'))
    )[0]!.id,
  };
}

const orderBody = (ids: Ids, over: Record<string, unknown> = {}) => ({
  studyId: ids.study,
  siteId: ids.chicago,
  examId: ids.fdg,
  imagingCenterId: ids.windy,
  timePointId: ids.baseline,
  subjectId: 'SUBJ-100',
  calibrationDatetime: '2027-03-08T12:00:00.000Z',
  additional_notes: 'Fasting since midnight',
  electronicSignature: DEMO_PASSWORD,
  ...over,
});
const fieldErrors = (res: { json(): { errors: { parameter: string; message: string }[] } }) =>
  res.json().errors.map((e) => [e.parameter, e.message]);

describe('placing an order', () => {
  let t: TestApp;
  let ids: Ids;
  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
    ids = await loadIds(t);
  });
  afterAll(() => t.close());

  const place = (over: Record<string, unknown> = {}, user = 'site') =>
    t.request(user, { method: 'POST', url: '/api/v1/orders', payload: orderBody(ids, over) });
  const remaining = async (date: string, user = 'site') => {
    const q = `studyId=${ids.study}&examId=${ids.fdg}&siteId=${ids.chicago}&from=${date}&to=2027-03-31`;
    const days = (
      await t.request(user, { method: 'GET', url: `/api/v1/drug-availabilities/search?${q}` })
    ).json();
    return (days as { date: string; remaining: number }[]).find((d) => d.date === date)?.remaining ?? 0;
  };

  it('[ORD-002] places a pending order with the pairing drug and CMO, numbered by the database, audited', async () => {
    expect(await remaining('2027-03-08')).toBe(5);
    const res = await place();
    expect(res.statusCode).toBe(201);
    const { id, number } = res.json();
    expect(number).toBe(1012); // after the eleven demo orders
    expect(await remaining('2027-03-08')).toBe(4);

    const read = await t.request('site', { method: 'GET', url: `/api/v1/orders/${id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id,
      number,
      status: 'pending',
      study: { name: 'ONCO-2026-01' },
      site: { name: 'Lakeside Clinical Research' },
      exam: { name: 'FDG PET Whole Body' },
      drug: { name: 'Fludeoxyglucose F18' },
      cmo: { name: 'Isotope Labs Boston', timezone: 'America/New_York' },
      timePoint: { name: 'Baseline' },
      subjectId: 'SUBJ-100',
      calibrationDatetime: '2027-03-08T12:00:00.000Z',
      additionalNotes: 'Fasting since midnight',
      projectedDelivery: null,
      imagingCenter: {
        name: 'Windy City Imaging',
        timezone: 'America/Chicago',
        contactUsers: [{ fullName: 'Iris Imaging', email: 'imaging@dosechain.example' }],
      },
      coordinatorUsers: [{ fullName: 'Sid Coordinator', email: 'site@dosechain.example' }],
    });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, id)));
    expect(row).toMatchObject({
      eventType: 'new',
      signed: true,
      signatureMeaning: 'Placed Order',
      actorUsername: 'site',
    });
    expect(row!.changeset).toMatchObject({
      number: [null, number],
      status: [null, 'pending'],
      drug: [null, 'Fludeoxyglucose F18'],
      cmo: [null, 'Isotope Labs Boston'],
      subjectId: [null, 'SUBJ-100'],
    });
  });

  it('[ORD-001] re-checks every reference and answers one 400 entry per bad field', async () => {
    const cases: [Record<string, unknown>, [string, string][]][] = [
      [{ examId: ids.amyloid }, [['examId', 'There is no pairing for this Study, Exam and Site']]],
      [
        { imagingCenterId: ids.frontRange },
        [['imagingCenterId', 'This Imaging Center is not linked to the Site']],
      ],
      [{ imagingCenterId: ids.chicago }, [['imagingCenterId', 'Imaging Center not found']]],
      [{ timePointId: 999_999 }, [['timePointId', 'Timepoint not found']]],
      [{ studyId: 999_999 }, [['studyId', 'Study not found']]],
      [
        { studyId: ids.cardio },
        [
          ['studyId', 'This Study is inactive'],
          ['examId', 'There is no pairing for this Study, Exam and Site'],
        ],
      ],
      [
        { calibrationDatetime: '2027-03-01T05:59:00.000Z' },
        [['calibrationDatetime', 'The calibration date-time must not be in the past']],
      ],
      // 15:00 in New York, after the window
      [
        { calibrationDatetime: '2027-03-08T20:00:00.000Z' },
        [['calibrationDatetime', 'The time you picked is outside the availability of that day']],
      ],
      // the window's end is exclusive; the start inclusive
      [
        { calibrationDatetime: '2027-03-08T19:00:00.000Z' },
        [['calibrationDatetime', 'The time you picked is outside the availability of that day']],
      ],
      // a Saturday
      [
        { calibrationDatetime: '2027-03-06T12:00:00.000Z' },
        [['calibrationDatetime', 'The time you picked is outside the availability of that day']],
      ],
      [{ subjectId: 'x'.repeat(51) }, [['subjectId', 'Subject can be max 50 characters long']]],
      [{ subjectId: '   ' }, [['subjectId', "Can't contain only spaces"]]],
      [{ additional_notes: 'n'.repeat(1001) }, [['additional_notes', 'Longer than maximum length 1000']]],
      [{ calibrationDatetime: 'tomorrow' }, [['calibrationDatetime', 'Required']]],
      [
        { electronicSignature: 'wrong' },
        [['electronicSignature', 'The password is incorrect, the action was not signed']],
      ],
    ];
    for (const [over, expected] of cases) {
      const res = await place(over);
      expect([res.statusCode, fieldErrors(res)], JSON.stringify(over)).toEqual([400, expected]);
    }
    expect((await place({ calibrationDatetime: '2027-03-08T11:00:00.000Z' })).statusCode).toBe(201);
  });

  it("takes the notes as additionalNotes or as the spec's additional_notes, and answers additionalNotes (issue 32)", async () => {
    const notesOf = async (over: Record<string, unknown>) => {
      const res = await place({
        additional_notes: undefined,
        calibrationDatetime: '2027-03-22T12:00:00.000Z',
        ...over,
      });
      expect(res.statusCode, res.body).toBe(201);
      return (await t.request('site', { method: 'GET', url: `/api/v1/orders/${res.json().id}` })).json()
        .additionalNotes;
    };
    expect(await notesOf({ additionalNotes: 'Camel case' })).toBe('Camel case');
    expect(await notesOf({ additional_notes: 'Snake case' })).toBe('Snake case');
    expect(await notesOf({ additionalNotes: 'Same', additional_notes: 'Same' })).toBe('Same');
    const both = await place({ additionalNotes: 'One', additional_notes: 'Other' });
    expect([both.statusCode, fieldErrors(both)]).toEqual([
      400,
      [['additional_notes', 'Give the notes once: additionalNotes or additional_notes, not both']],
    ]);
  });

  it('[ORD-006] limits placing to the role company: a site for itself, an imaging center as itself for linked sites', async () => {
    // Hudson (New York) has an FDG pairing too, but it is not the site user's
    const otherSite = await place({ siteId: ids.newYork, imagingCenterId: ids.manhattan });
    expect(fieldErrors(otherSite)).toEqual([['siteId', 'Clinical Site not found']]);
    const asImaging = await place({}, 'imaging');
    expect(asImaging.statusCode).toBe(201);
    const otherCenter = await place({ imagingCenterId: ids.manhattan }, 'imaging');
    expect(fieldErrors(otherCenter)).toEqual([['imagingCenterId', 'Imaging Center not found']]);
    const notLinked = await place({ siteId: ids.denver, imagingCenterId: ids.windy }, 'imaging');
    expect(fieldErrors(notLinked)).toEqual([['siteId', 'Clinical Site not found']]);
    expect((await place({}, 'cmo')).statusCode).toBe(403);
    expect((await place({ siteId: ids.newYork, imagingCenterId: ids.manhattan }, 'admin')).statusCode).toBe(
      201,
    );
  });

  it('[ORD-004] never books more than the day has: the sixth order of a 5-dose day is AVAILABILITY_SLOT_FULL', async () => {
    const at = { calibrationDatetime: '2027-03-09T13:30:00.000Z' };
    for (let i = 0; i < 5; i++) expect((await place({ ...at, subjectId: `FULL-${i}` })).statusCode).toBe(201);
    const full = await place({ ...at, subjectId: 'FULL-5' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({
      code: 'AVAILABILITY_SLOT_FULL',
      message: 'The day you picked is no longer available, please pick another day',
      errors: [
        {
          code: 'AVAILABILITY_SLOT_FULL',
          message: 'The day you picked is no longer available, please pick another day',
          parameter: 'calibrationDatetime',
        },
      ],
    });
    expect(await remaining('2027-03-09')).toBe(0); // the full day is absent from the search
    expect(await remaining('2027-03-10')).toBe(5);
    const [slot] = await t.db.select().from(doseSlots).where(eq(doseSlots.manufactureDate, '2027-03-09'));
    expect(slot).toMatchObject({ capacity: 5, booked: 5 });

    // a dose given back (as rejecting or canceling does) can be ordered again, once
    await t.db.transaction((tx) => releaseDose(tx, slot!.id));
    expect(await remaining('2027-03-09')).toBe(1);
    expect((await place({ ...at, subjectId: 'FULL-6' })).statusCode).toBe(201);
    expect((await place({ ...at, subjectId: 'FULL-7' })).statusCode).toBe(409);
  });

  it('[ORD-004] takes the dose from the next availability of the day when the first is full, in its unit', async () => {
    // A second availability of the same drug and CMO over the same days and hours, one dose a day, in the other unit.
    const [fdg] = await t.db
      .select()
      .from(drugAvailabilities)
      .where(eq(drugAvailabilities.frequency, 'Weekday'));
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = fdg!;
    const otherUnit = fdg!.activityUnit === 'mCi' ? 'mBq' : 'mCi';
    const [extra] = await t.db
      .insert(drugAvailabilities)
      .values({ ...copy, doses: 1, activityUnit: otherUnit })
      .returning({ id: drugAvailabilities.id });
    try {
      const at = { calibrationDatetime: '2027-03-19T13:30:00.000Z', requestedActivity: 0.5 };
      const placed: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await place({ ...at, subjectId: `TWO-${i}` });
        expect(res.statusCode, res.body).toBe(201);
        placed.push(res.json().id);
      }
      expect((await place({ ...at, subjectId: 'TWO-6' })).statusCode).toBe(409);
      const rows = await t.db
        .select({ unit: orders.activityUnit, availabilityId: doseSlots.availabilityId })
        .from(orders)
        .innerJoin(doseSlots, eq(doseSlots.id, orders.doseSlotId))
        .where(inArray(orders.id, placed))
        .orderBy(orders.id);
      expect(rows.map((r) => r.availabilityId)).toEqual([...Array(5).fill(fdg!.id), extra!.id]);
      expect(rows.map((r) => r.unit)).toEqual([...Array(5).fill(fdg!.activityUnit), otherUnit]);
      // The sixth order's mail says the unit of its dose.
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, placed[5]!)).limit(1);
      expect(mail?.textBody).toContain(
        `Requested activity at calibration: ${formatRequestedActivity(0.5, otherUnit)}`,
      );
    } finally {
      // Its orders stay (as an inactivated availability's do); it takes no more.
      await t.db
        .update(drugAvailabilities)
        .set({ active: false })
        .where(eq(drugAvailabilities.id, extra!.id));
    }
  });

  it('reads the day and window on the CMO clock: Los Angeles CMO, Denver imaging center', async () => {
    // Pacific Radiopharma (Los Angeles) makes Florbetapir every 2 weeks Mo/We/Fr 05:00-13:00,
    // from 2027-02-28 (its today): the week of 1 March is skipped, the week of 8 March is on.
    const neuro = {
      studyId: ids.neuro,
      examId: ids.amyloid,
      siteId: ids.denver,
      imagingCenterId: ids.frontRange,
    };
    const q = `studyId=${ids.neuro}&examId=${ids.amyloid}&siteId=${ids.denver}&from=2027-03-01&to=2027-03-15`;
    const days = (
      await t.request('admin', { method: 'GET', url: `/api/v1/drug-availabilities/search?${q}` })
    ).json();
    expect(days).toEqual(
      ['2027-03-08', '2027-03-10', '2027-03-12'].map((date) => ({
        date,
        remaining: 2,
        activityUnit: 'mCi',
        maxActivityMbq: null,
        intervals: [{ start: `${date}T13:00:00.000Z`, end: `${date}T21:00:00.000Z` }],
      })),
    );
    const outside = 'The time you picked is outside the availability of that day';
    // 05:00 in Los Angeles is 06:00 in Denver
    expect(
      (
        await place(
          { ...neuro, subjectId: 'NEURO-CLOCK-1', calibrationDatetime: '2027-03-08T06:00:00-07:00' },
          'admin',
        )
      ).statusCode,
    ).toBe(201);
    expect(
      fieldErrors(await place({ ...neuro, calibrationDatetime: '2027-03-08T12:59:00.000Z' }, 'admin')),
    ).toEqual([['calibrationDatetime', outside]]);
    expect(
      fieldErrors(await place({ ...neuro, calibrationDatetime: '2027-03-01T14:00:00.000Z' }, 'admin')),
    ).toEqual([['calibrationDatetime', outside]]);
    // 20:59Z on Friday is 12:59 in Los Angeles, inside; 21:00Z is the window's end
    expect(
      // Another subject: NEURO-AMY-301 has a schedule (the demo seed), a second Baseline would be a duplicate.
      (
        await place(
          { ...neuro, subjectId: 'NEURO-CLOCK-2', calibrationDatetime: '2027-03-12T20:59:00.000Z' },
          'admin',
        )
      ).statusCode,
    ).toBe(201);
    expect(
      fieldErrors(await place({ ...neuro, calibrationDatetime: '2027-03-12T21:00:00.000Z' }, 'admin')),
    ).toEqual([['calibrationDatetime', outside]]);
  });

  it('[AVL-009] does not order on an inactivated availability; orders placed stay', async () => {
    const [fdg] = await t.db
      .select()
      .from(drugAvailabilities)
      .where(eq(drugAvailabilities.frequency, 'Weekday'));
    const off = await t.request('admin', {
      method: 'PUT',
      url: `/api/v1/drug-availabilities/${fdg!.id}`,
      payload: { active: false, reasonForChange: 'Cyclotron down', electronicSignature: DEMO_PASSWORD },
    });
    expect(off.statusCode).toBe(200);
    try {
      const res = await place({ calibrationDatetime: '2027-03-11T12:00:00.000Z' });
      expect(fieldErrors(res)).toEqual([
        ['calibrationDatetime', 'The time you picked is outside the availability of that day'],
      ]);
      expect(await remaining('2027-03-11')).toBe(0);
      const [placed] = await t.db.select({ n: count() }).from(orders).where(eq(orders.status, 'pending'));
      expect(placed!.n).toBeGreaterThan(5);
    } finally {
      await t.request('admin', {
        method: 'PUT',
        url: `/api/v1/drug-availabilities/${fdg!.id}`,
        payload: { active: true, electronicSignature: DEMO_PASSWORD },
      });
    }
  });

  it('[ORD-014] lists orders in the role company scope, newest first, filterable', async () => {
    const list = async (user: string, query = '') =>
      (await t.request(user, { method: 'GET', url: `/api/v1/orders?size=100${query}` })).json();
    const all = await list('admin');
    const site = await list('site');
    const imaging = await list('imaging');
    const cmo = await list('cmo');
    expect(all.total).toBeGreaterThan(site.total);
    expect(
      site.items.every((o: { site: { name: string } }) => o.site.name === 'Lakeside Clinical Research'),
    ).toBe(true);
    expect(
      imaging.items.every(
        (o: { imagingCenter: { name: string } }) => o.imagingCenter.name === 'Windy City Imaging',
      ),
    ).toBe(true);
    const bostons = all.items.filter((o: { cmo: { name: string } }) => o.cmo.name === 'Isotope Labs Boston');
    expect(cmo.total).toBe(bostons.length);
    expect(cmo.total).toBe(all.total - 2); // two were made in Los Angeles
    const createdAt = all.items.map((o: { createdAt: string }) => o.createdAt);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
    const filter = encodeURIComponent(
      JSON.stringify([{ field: 'status', op: 'in', value: ['accepted', 'delivered'] }]),
    );
    const accepted = await list('site', `&filter=${filter}&sort=calibration_datetime`);
    expect(accepted.items.map((o: { subjectId: string }) => o.subjectId)).toEqual([
      'ONC-001',
      'ONC-002',
      'ONC-005',
      'ONC-006',
    ]);
    const multi = await t.loginAs('multi'); // first role: the Los Angeles CMO
    const pacific = await t.app.inject({ method: 'GET', url: '/api/v1/orders', headers: multi.headers() });
    expect(pacific.json().total).toBe(2);
    const someone = bostons[0].id;
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${someone}`,
      headers: multi.headers(),
    });
    expect([hidden.statusCode, hidden.json().message]).toEqual([404, 'Order not found']);
    const statuses = await t.request('site', { method: 'GET', url: '/api/v1/order-statuses' });
    expect(statuses.json().map((s: { id: string }) => s.id)).toEqual([
      'pending',
      'accepted',
      'shipped',
      'rejected',
      'canceled',
      'delivered',
    ]);
  });

  it('counts the total of a page with and without a filter on a joined name', async () => {
    const page = async (query: Record<string, unknown>) => {
      const params = new URLSearchParams({ size: '2' });
      for (const [k, v] of Object.entries(query))
        params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
      const res = await t.request('admin', { method: 'GET', url: `/api/v1/orders?${params}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: unknown[]; total: number };
    };
    const counted = async (where: SQL | undefined) =>
      (
        await t.db
          .select({ n: count() })
          .from(orders)
          .innerJoin(companies, eq(companies.id, orders.siteId))
          .where(where)
      )[0]!.n;
    // Only orders columns: counted without the name joins.
    const live = await page({ filter: [{ field: 'status', op: 'in', value: ['pending', 'accepted'] }] });
    expect(live.total).toBe(await counted(inArray(orders.status, ['pending', 'accepted'])));
    // A site name, alone and with a status; a search over the names.
    const lakeside = await page({ filter: [{ field: 'site_name', op: 'contains', value: 'lakeside' }] });
    expect(lakeside.total).toBe(await counted(eq(companies.name, 'Lakeside Clinical Research')));
    const lakesideLive = await page({
      filter: [
        { field: 'site_name', op: 'startswith', value: 'Lakeside' },
        { field: 'status', op: 'in', value: ['pending', 'accepted'] },
      ],
    });
    expect(lakesideLive.total).toBe(
      await counted(
        and(
          eq(companies.name, 'Lakeside Clinical Research'),
          inArray(orders.status, ['pending', 'accepted']),
        ),
      ),
    );
    expect(lakeside.total).toBeGreaterThan(lakesideLive.total);
    expect(lakesideLive.total).toBeGreaterThan(0);
    expect(live.total).toBeGreaterThan(lakesideLive.total);
    const searched = await page({ search: 'Lakeside' });
    expect(searched.total).toBe(lakeside.total);
    expect((await page({ filter: [{ field: 'site_name', op: 'eq', value: 'Nowhere' }] })).total).toBe(0);
    expect(lakeside.items).toHaveLength(2);
  });

  it('offers the studies, pairings, sites and imaging centers the role may order for', async () => {
    const site = (await t.request('site', { method: 'GET', url: '/api/v1/orders/options' })).json();
    expect(site.studies.map((s: { name: string }) => s.name)).toEqual(['NEURO-AMY-301', 'ONCO-2026-01']);
    expect(site.pairings).toHaveLength(3);
    expect(site.sites).toEqual([
      {
        id: ids.chicago,
        name: 'Lakeside Clinical Research',
        imagingCenters: [
          { id: ids.manhattan, name: 'Manhattan Molecular Imaging', timezone: 'America/New_York' },
          { id: ids.windy, name: 'Windy City Imaging', timezone: 'America/Chicago' },
        ],
      },
    ]);
    expect(site.timepoints.map((tp: { name: string }) => tp.name)).toContain('Baseline');
    const imaging = (await t.request('imaging', { method: 'GET', url: '/api/v1/orders/options' })).json();
    expect(imaging.sites[0].imagingCenters).toEqual([
      { id: ids.windy, name: 'Windy City Imaging', timezone: 'America/Chicago' },
    ]);
    const admin = (await t.request('admin', { method: 'GET', url: '/api/v1/orders/options' })).json();
    expect(admin.pairings).toHaveLength(6);
  });
});

describe('concurrent orders for the last doses', () => {
  let t: TestApp;
  let ids: Ids;
  beforeAll(async () => {
    // Signing is argon2 per request; the race is about the slot, so signatures are off here.
    t = await buildTestApp({ now: NOW, config: { eSignature: false } });
    ids = await loadIds(t);
    await t.loginAs('site');
  });
  afterAll(() => t.close());

  it('[ORD-004] 50 simultaneous orders for a day with 5 doses: exactly 5 placed, 45 AVAILABILITY_SLOT_FULL', async () => {
    const session = await t.loginAs('site');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: session.headers(),
          payload: orderBody(ids, {
            subjectId: `RACE-${i}`,
            calibrationDatetime: '2027-03-10T14:00:00.000Z',
            electronicSignature: undefined,
          }),
        }),
      ),
    );
    const codes = results.map((r) => (r.statusCode === 201 ? 'created' : r.json().code));
    expect(codes.filter((c) => c === 'created')).toHaveLength(5);
    expect(codes.filter((c) => c === 'AVAILABILITY_SLOT_FULL')).toHaveLength(45);
    const [slot] = await t.db.select().from(doseSlots).where(eq(doseSlots.manufactureDate, '2027-03-10'));
    expect(slot).toMatchObject({ capacity: 5, booked: 5 });
    const placed = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.doseSlotId, slot!.id))
      .orderBy(asc(orders.id));
    expect(placed).toHaveLength(5);
  });
});
