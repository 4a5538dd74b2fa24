import type { AvailableDay } from '@dosechain/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, drugs, exams, studies } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

// A Monday: 01:00 in New York, still Sunday 22:00 in Los Angeles.
const NOW = new Date('2027-03-01T06:00:00.000Z');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
});
afterAll(() => t.close());

const signed = { electronicSignature: DEMO_PASSWORD };
const url = '/api/v1/drug-availabilities';
const post = (payload: object, user = 'admin') =>
  t.request(user, { method: 'POST', url, payload: { ...signed, ...payload } });
const put = (id: number, payload: object, user = 'admin') =>
  t.request(user, { method: 'PUT', url: `${url}/${id}`, payload: { ...signed, ...payload } });
const idOf = async (table: typeof drugs | typeof companies | typeof studies | typeof exams, name: string) =>
  (
    await t.db
      .select({ id: table.id })
      .from(table as typeof drugs)
      .where(eq(table.name, name))
  )[0]!.id;
const trail = async (id: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'drug-availabilities'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id))
  ).map((a) => [a.eventType, a.changeset, a.reason, a.signatureMeaning]);

const weekly = async () => ({
  drugId: await idOf(drugs, 'Fludeoxyglucose F18'),
  cmoId: await idOf(companies, 'Pacific Radiopharma'),
  doses: 4,
  activityUnit: 'mCi',
  validFrom: '2027-03-01',
  validUntil: '2027-06-30',
  frequency: 'Weekly',
  repeat: { every: 1, on: ['We', 'Mo'] },
  startTime: '07:00',
  endTime: '11:30',
});
const fieldErrors = (res: { json(): { errors: { parameter: string; message: string }[] } }) =>
  res.json().errors.map((e) => [e.parameter, e.message]);

describe('drug availability', () => {
  it('lists the seeded availabilities with drug and CMO, filterable and searchable', async () => {
    const res = await t.request('staff', { method: 'GET', url: `${url}?size=100` });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(6);
    const boston = await idOf(companies, 'Isotope Labs Boston');
    const filter = encodeURIComponent(
      JSON.stringify([
        { field: 'cmo_id', op: 'eq', value: boston },
        { field: 'active', op: 'eq', value: true },
      ]),
    );
    const byCmo = await t.request('staff', { method: 'GET', url: `${url}?filter=${filter}&sort=id` });
    expect(byCmo.json().items.map((a: { frequency: string }) => a.frequency)).toEqual([
      'Weekday',
      'Weekly',
      'Monthly',
    ]);
    expect(byCmo.json().items[0]).toMatchObject({
      drug: { name: 'Fludeoxyglucose F18', active: true },
      cmo: { id: boston, name: 'Isotope Labs Boston', timezone: 'America/New_York' },
      doses: 5,
      activityUnit: 'mCi',
      repeat: { every: 1, on: null },
      startTime: '06:00',
      endTime: '14:00',
      active: true,
    });
    const search = await t.request('staff', { method: 'GET', url: `${url}?search=pacific` });
    expect(search.json().total).toBe(3);
  });

  it('[AVL-003] creates a weekly availability, days in week order, signed and audited', async () => {
    const res = await post(await weekly());
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      drug: { name: 'Fludeoxyglucose F18' },
      cmo: { name: 'Pacific Radiopharma', timezone: 'America/Los_Angeles' },
      doses: 4,
      validFrom: '2027-03-01',
      validUntil: '2027-06-30',
      frequency: 'Weekly',
      repeat: { every: 1, on: ['Mo', 'We'] },
      startTime: '07:00',
      endTime: '11:30',
      active: true,
    });
    const read = await t.request('staff', { method: 'GET', url: `${url}/${created.id}` });
    expect(read.json()).toEqual(created);
    expect(await trail(created.id)).toEqual([
      [
        'new',
        {
          drug: [null, 'Fludeoxyglucose F18'],
          cmo: [null, 'Pacific Radiopharma'],
          doses: [null, 4],
          activityUnit: [null, 'mCi'],
          validFrom: [null, '2027-03-01'],
          validUntil: [null, '2027-06-30'],
          frequency: [null, 'Weekly'],
          repeat: [null, 'every 1 on Mo, We'],
          startTime: [null, '07:00'],
          endTime: [null, '11:30'],
          active: [null, true],
        },
        null,
        'Created Availability',
      ],
    ]);
  });

  it('[AVL-003] creates monthly rules: day numbers, and the nth weekday; Daily ignores `on`', async () => {
    const days = await post({
      ...(await weekly()),
      frequency: 'Monthly',
      repeat: { every: 2, on: [31, 1, 15, 1] },
    });
    expect(days.statusCode).toBe(201);
    expect(days.json().repeat).toEqual({ every: 2, on: [1, 15, 31] });
    const nth = await post({
      ...(await weekly()),
      frequency: 'Monthly',
      repeat: { every: 1, on: { every: 5, on: ['Fr'] } },
    });
    expect(nth.json().repeat).toEqual({ every: 1, on: { every: 5, on: ['Fr'] } });
    const daily = await post({
      ...(await weekly()),
      frequency: 'Daily',
      repeat: { every: 3, on: ['Mo'] },
      endTime: '24:00',
    });
    expect(daily.json()).toMatchObject({ repeat: { every: 3, on: null }, endTime: '24:00' });
  });

  it('[AVL-001] answers every validation message on create', async () => {
    const base = await weekly();
    const bad = await post({
      ...base,
      doses: 0,
      repeat: { every: 1001, on: ['Mo'] },
      validUntil: '2027-02-01',
      endTime: '07:00',
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toEqual(
      expect.arrayContaining([
        ['doses', 'Min value is 1'],
        ['repeat.every', 'Max value is 1000'],
        ['validUntil', 'Must not be before the valid from date'],
        ['endTime', 'Must be after the start time'],
      ]),
    );
    expect(fieldErrors(await post({ ...base, doses: 100_000_001 }))).toEqual([
      ['doses', 'Max value is 100000000'],
    ]);
    expect(fieldErrors(await post({ ...base, repeat: { every: 1, on: [] } }))).toContainEqual([
      'repeat.on',
      'Required',
    ]);
    expect(
      fieldErrors(await post({ ...base, frequency: 'Monthly', repeat: { every: 1, on: [0, 32] } })),
    ).toContainEqual(['repeat.on', 'Must be a comma separated list of integers between 1 and 31']);
    expect(fieldErrors(await post({ ...base, startTime: '7:00', endTime: '24:30' }))).toEqual([
      ['startTime', 'invalidValue'],
      ['endTime', 'invalidValue'],
    ]);
    expect(fieldErrors(await post({ ...base, validFrom: '2027-02-30' }))).toEqual([
      ['validFrom', 'invalidValue'],
    ]);
    expect(fieldErrors(await post({ ...base, activityUnit: 'Gy', color: 'red' }))).toEqual(
      expect.arrayContaining([['color', 'Unknown field']]),
    );
    const { drugId: _omit, ...noDrug } = base;
    expect(fieldErrors(await post(noDrug))).toEqual([['drugId', 'Required']]);
  });

  it('[AVL-002] validFrom is today or later on the CMO calendar', async () => {
    const base = await weekly();
    // 2027-02-28 is still today in Los Angeles, already yesterday in New York.
    expect((await post({ ...base, validFrom: '2027-02-28' })).statusCode).toBe(201);
    const boston = await post({
      ...base,
      cmoId: await idOf(companies, 'Isotope Labs Boston'),
      validFrom: '2027-02-28',
    });
    expect(boston.statusCode).toBe(400);
    expect(fieldErrors(boston)).toEqual([['validFrom', 'Must be today or later']]);
    const site = await post({ ...base, cmoId: await idOf(companies, 'Lakeside Clinical Research') });
    expect(fieldErrors(site)).toEqual([['cmoId', 'CMO not found']]);
  });

  it('[AVL-005] refuses an inactive drug (DRUG_INACTIVE), on create and on activation', async () => {
    const inactive = await post({
      ...(await weekly()),
      drugId: await idOf(drugs, 'Technetium Tc99m Sestamibi'),
    });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().code).toBe('DRUG_INACTIVE');

    const created = (await post(await weekly())).json();
    const off = await put(created.id, { active: false, reasonForChange: 'Cyclotron down' });
    expect(off.statusCode).toBe(200);
    await t.db.update(drugs).set({ active: false }).where(eq(drugs.name, 'Fludeoxyglucose F18'));
    try {
      const on = await put(created.id, { active: true });
      expect(on.statusCode).toBe(409);
      expect(on.json()).toEqual({
        code: 'DRUG_INACTIVE',
        message: `Can not activate Availability #${created.id} because Drug Fludeoxyglucose F18 is inactive`,
        errors: [],
      });
    } finally {
      await t.db.update(drugs).set({ active: true }).where(eq(drugs.name, 'Fludeoxyglucose F18'));
    }
    const on = await put(created.id, { active: true });
    expect(on.json().active).toBe(true);
  });

  it('[AVL-004] edits only validUntil (required, not before validFrom); inactivation needs a reason', async () => {
    const created = (await post(await weekly())).json();
    const edited = await put(created.id, { validUntil: '2027-04-01', reasonForChange: 'Data entry error' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().validUntil).toBe('2027-04-01');
    expect(fieldErrors(await put(created.id, {}))).toEqual([['validUntil', 'Required']]);
    expect(fieldErrors(await put(created.id, { validUntil: '2027-02-28' }))).toEqual([
      ['validUntil', 'Must not be before the valid from date'],
    ]);
    expect(fieldErrors(await put(created.id, { validUntil: '2027-05-01', doses: 9 }))).toEqual([
      ['doses', 'Unknown field'],
    ]);
    expect(fieldErrors(await put(created.id, { active: false }))).toEqual([['reasonForChange', 'Required']]);
    const off = await put(created.id, { active: false, reasonForChange: 'Supplier change' });
    expect(off.json().active).toBe(false);
    expect((await trail(created.id)).slice(1)).toEqual([
      ['update', { validUntil: ['2027-06-30', '2027-04-01'] }, 'Data entry error', 'Updated Availability'],
      ['update', { active: [true, false] }, 'Supplier change', 'Inactivated Availability'],
    ]);
    const wrongSignature = await put(created.id, { active: true, electronicSignature: 'nope' });
    expect(wrongSignature.json().code).toBe('ESIGN_FAILED');
    expect((await t.request('admin', { method: 'GET', url: `${url}/999999` })).statusCode).toBe(404);
  });

  it('[AVL-007] is for staff/admin with the availability permissions', async () => {
    const body = await weekly();
    expect((await t.request('staff', { method: 'GET', url })).statusCode).toBe(200);
    expect((await post(body, 'staff')).statusCode).toBe(201);
    expect((await post(body, 'cmo')).statusCode).toBe(403);
    expect((await t.request('cmo', { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.request('site', { method: 'GET', url })).statusCode).toBe(403);
  });

  it('[CFG-002] keeps a drug in use while an active availability uses it (DRUG_IN_USE)', async () => {
    const drug = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/drugs',
      payload: { name: 'Rubidium Rb82', ...signed },
    });
    const availability = (await post({ ...(await weekly()), drugId: drug.json().id })).json();
    const inactivate = () =>
      t.request('admin', {
        method: 'PUT',
        url: `/api/v1/drugs/${drug.json().id}`,
        payload: { active: false, reasonForChange: 'Discontinued', ...signed },
      });
    const refused = await inactivate();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "You can't inactivate Drug Rubidium Rb82 because it's in use. Used by an availability of CMO Pacific Radiopharma.",
    );
    await put(availability.id, { active: false, reasonForChange: 'Discontinued' });
    expect((await inactivate()).statusCode).toBe(200);
  });
});

describe('availability search', () => {
  const search = async (user: string, q: Record<string, string | number>) => {
    const params = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));
    return t.request(user, { method: 'GET', url: `${url}/search?${params}` });
  };
  const onco = async (extra: Record<string, string> = {}) => ({
    studyId: await idOf(studies, 'ONCO-2026-01'),
    examId: await idOf(exams, 'FDG PET Whole Body'),
    siteId: await idOf(companies, 'Lakeside Clinical Research'),
    ...extra,
  });

  it("tells the drug's maximum activity with each day, so Place order can say it before signing", async () => {
    const [fdg] = await t.db
      .select({ id: exams.drugId })
      .from(exams)
      .where(eq(exams.name, 'FDG PET Whole Body'));
    const maxOf = async () =>
      new Set(
        (
          (
            await search('site', await onco({ from: '2027-03-01', to: '2027-03-08' }))
          ).json() as AvailableDay[]
        ).map((d) => d.maxActivityMbq),
      );
    expect(await maxOf()).toEqual(new Set([null]));
    await t.db.update(drugs).set({ maxActivityMbq: 555 }).where(eq(drugs.id, fdg!.id));
    try {
      expect(await maxOf()).toEqual(new Set([555]));
    } finally {
      await t.db.update(drugs).set({ maxActivityMbq: null }).where(eq(drugs.id, fdg!.id));
    }
  });

  it('[AVL-006] answers the weekdays with their remaining doses and windows, across the DST change', async () => {
    const res = await search('site', await onco({ from: '2027-03-01', to: '2027-03-16' }));
    expect(res.statusCode).toBe(200);
    const days = res.json() as {
      date: string;
      remaining: number;
      intervals: { start: string; end: string }[];
    }[];
    expect(days.map((d) => [d.date, d.remaining])).toEqual([
      ['2027-03-01', 5],
      ['2027-03-02', 4],
      ['2027-03-03', 3],
      ['2027-03-04', 4],
      ['2027-03-05', 5],
      ['2027-03-08', 5],
      ['2027-03-09', 5],
      ['2027-03-10', 5],
      ['2027-03-11', 5],
      ['2027-03-12', 5],
      ['2027-03-15', 5],
    ]);
    expect(days[0]!.intervals).toEqual([
      { start: '2027-03-01T11:00:00.000Z', end: '2027-03-01T19:00:00.000Z' },
    ]);
    expect(days.at(-1)!.intervals).toEqual([
      { start: '2027-03-15T10:00:00.000Z', end: '2027-03-15T18:00:00.000Z' },
    ]);
  });

  it('[AVL-006] defaults to one month from today and leaves out windows that have ended', async () => {
    t.clock.set(new Date('2027-03-01T20:00:00.000Z'));
    try {
      // a later clock needs a fresh token
      const session = await t.loginAs('site');
      const params = new URLSearchParams(
        Object.entries(await onco()).map(([k, v]): [string, string] => [k, String(v)]),
      );
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}/search?${params}`,
        headers: session.headers(),
      });
      const days = res.json() as { date: string }[];
      expect(days[0]!.date).toBe('2027-03-02');
      expect(days.at(-1)!.date).toBe('2027-03-31');
    } finally {
      t.clock.set(NOW);
    }
  });

  it('[AVL-006] is limited to the sites a role may order for', async () => {
    expect(
      (await search('imaging', await onco({ from: '2027-03-01', to: '2027-03-02' }))).json(),
    ).toHaveLength(1);
    const denver = await idOf(companies, 'Rocky Mountain Trials');
    const psmaDenver = { ...(await onco()), examId: await idOf(exams, 'PSMA PET'), siteId: denver };
    expect((await search('site', psmaDenver)).statusCode).toBe(404);
    expect((await search('imaging', psmaDenver)).statusCode).toBe(404);
    expect((await search('admin', psmaDenver)).statusCode).toBe(200);
    expect((await search('cmo', await onco())).statusCode).toBe(403);
  });

  it('answers 400 without a pairing or with a bad window', async () => {
    const noPairing = await search('site', {
      ...(await onco()),
      examId: await idOf(exams, 'Amyloid PET'),
      studyId: await idOf(studies, 'ONCO-2026-01'),
    });
    expect(fieldErrors(noPairing)).toEqual([['examId', 'There is no pairing for this Study, Exam and Site']]);
    expect(fieldErrors(await search('site', await onco({ from: '2027-03-10', to: '2027-03-10' })))).toEqual([
      ['to', 'Must not be before the from date'],
    ]);
    expect(fieldErrors(await search('site', await onco({ from: '2027-03-10', to: '2028-04-10' })))).toEqual([
      ['to', 'The window can be at most 366 days'],
    ]);
    expect(fieldErrors(await search('site', await onco({ from: 'March' })))).toEqual([
      ['from', 'invalidValue'],
    ]);
  });
});
