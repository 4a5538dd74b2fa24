import type { OrderStatus, OrdersCountQuery, Role } from '@dosechain/contract';
import { orderStatuses, ordersCountQuerySchema } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../src/kernel/auth/principal.ts';
import { companies, orders, studies } from '../src/kernel/db/schema.ts';
import { ordersCount } from '../src/modules/reports/service.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

// The demo orders sit around NOW (2027); the hand-built ones below are in 2025-2026.
const NOW = new Date('2027-06-01T12:00:00.000Z');

/** The hand-built orders: created at, status, and whether they belong to the "other" site/CMO/study. */
const built: { key: string; createdAt: string; status: OrderStatus; other?: boolean }[] = [
  // 23:00 on New Year's Eve in New York is already 2026 in UTC.
  { key: 'newYearsEve', createdAt: '2025-12-31T23:00:00-05:00', status: 'pending' },
  { key: 'january', createdAt: '2026-01-15T12:00:00Z', status: 'pending' },
  { key: 'february', createdAt: '2026-02-10T12:00:00Z', status: 'accepted' },
  { key: 'march', createdAt: '2026-03-05T12:00:00Z', status: 'delivered', other: true },
  // March (Q1) in New York (EDT by then, UTC-4), April (Q2) in UTC.
  { key: 'endOfMarch', createdAt: '2026-03-31T23:30:00-04:00', status: 'rejected' },
  { key: 'april', createdAt: '2026-04-20T12:00:00Z', status: 'canceled' },
];
const FROM = '2025-12-01T00:00:00.000Z';
const TO = '2026-05-01T00:00:00.000Z';

let t: TestApp;
const ids = {
  site: 0,
  otherSite: 0,
  cmo: 0,
  otherCmo: 0,
  center: 0,
  otherCenter: 0,
  study: 0,
  otherStudy: 0,
};

const companyId = async (name: string) =>
  (await t.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)))[0]!.id;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  const [template] = await t.db.select().from(orders).limit(1);
  const { id: _id, number: _number, createdAt: _createdAt, status: _status, ...rest } = template!;
  ids.site = rest.siteId;
  ids.cmo = rest.cmoId;
  ids.center = rest.imagingCenterId;
  ids.study = rest.studyId;
  ids.otherSite = await companyId('Hudson Oncology Center');
  ids.otherCenter = await companyId('Manhattan Molecular Imaging');
  const [otherCmo] = await t.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.type, 'cmo'))
    .then((rows) => rows.filter((r) => r.id !== ids.cmo));
  ids.otherCmo = otherCmo!.id;
  ids.otherStudy = (
    await t.db.select({ id: studies.id }).from(studies).where(eq(studies.name, 'NEURO-AMY-301'))
  )[0]!.id;
  for (const o of built) {
    await t.db.insert(orders).values({
      ...rest,
      status: o.status,
      createdAt: new Date(o.createdAt),
      ...(o.other
        ? {
            siteId: ids.otherSite,
            cmoId: ids.otherCmo,
            imagingCenterId: ids.otherCenter,
            studyId: ids.otherStudy,
          }
        : {}),
    });
  }
});
afterAll(() => t.close());

const report = (query: Record<string, string | number>, user = 'staff') =>
  t.request(user, {
    method: 'GET',
    url: `/api/v1/reports/orders-count?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
  });
const window = { from: FROM, to: TO };
const row = (groupingKey: string | null, counts: Partial<Record<OrderStatus, number>>) => {
  // Every status of the contract's table counts, none of them here or not.
  const full = { ...Object.fromEntries(orderStatuses.map((s) => [s, 0])), ...counts };
  return { groupingKey, ...full, total: Object.values(full).reduce((a, b) => a + b, 0) };
};
const keysAndTotals = (body: { items: { groupingKey: string | null; total: number }[] }) =>
  body.items.map((i) => [i.groupingKey, i.total]);

describe('GET /reports/orders-count', () => {
  it('[RPT-003] counts every status in one row when not grouped, with top-level totals', async () => {
    const res = await report(window);
    expect(res.statusCode).toBe(200);
    const all = { pending: 2, accepted: 1, rejected: 1, canceled: 1, delivered: 1 };
    expect(res.json()).toEqual({ items: [row(null, all)], ...row(null, all), groupingKey: undefined });
  });

  it('groups by month in UTC by default', async () => {
    const body = (await report({ ...window, grouping: 'month' })).json();
    expect(body.items).toEqual([
      row('2026-01', { pending: 2 }),
      row('2026-02', { accepted: 1 }),
      row('2026-03', { delivered: 1 }),
      row('2026-04', { rejected: 1, canceled: 1 }),
    ]);
    expect(body.total).toBe(6);
    expect(body.pending).toBe(2);
  });

  it('[RPT-003] groups by month, quarter and year in the given time zone', async () => {
    const ny = { ...window, tz: 'America/New_York' };
    const month = (await report({ ...ny, grouping: 'month' })).json();
    expect(month.items).toEqual([
      row('2025-12', { pending: 1 }),
      row('2026-01', { pending: 1 }),
      row('2026-02', { accepted: 1 }),
      row('2026-03', { delivered: 1, rejected: 1 }),
      row('2026-04', { canceled: 1 }),
    ]);
    expect(keysAndTotals((await report({ ...ny, grouping: 'quarter' })).json())).toEqual([
      ['2025-Q4', 1],
      ['2026-Q1', 4],
      ['2026-Q2', 1],
    ]);
    expect(keysAndTotals((await report({ ...window, grouping: 'quarter' })).json())).toEqual([
      ['2026-Q1', 4],
      ['2026-Q2', 2],
    ]);
    expect(keysAndTotals((await report({ ...ny, grouping: 'year' })).json())).toEqual([
      ['2025', 1],
      ['2026', 5],
    ]);
    expect(keysAndTotals((await report({ ...window, grouping: 'year' })).json())).toEqual([['2026', 6]]);
  });

  it('[RPT-003] takes from inclusive and to exclusive', async () => {
    const body = (
      await report({ from: '2026-01-15T12:00:00.000Z', to: '2026-04-20T12:00:00.000Z', grouping: 'month' })
    ).json();
    expect(keysAndTotals(body)).toEqual([
      ['2026-01', 1],
      ['2026-02', 1],
      ['2026-03', 1],
      ['2026-04', 1],
    ]);
    expect(body.canceled).toBe(0);
  });

  it('filters by study, site, CMO and imaging center', async () => {
    const only = async (filter: Record<string, number>) =>
      (await report({ ...window, ...filter })).json().total;
    expect(await only({ studyId: ids.otherStudy })).toBe(1);
    expect(await only({ siteId: ids.otherSite })).toBe(1);
    expect(await only({ cmoId: ids.otherCmo })).toBe(1);
    expect(await only({ imagingCenterId: ids.otherCenter })).toBe(1);
    expect(await only({ siteId: ids.site, studyId: ids.study })).toBe(5);
    expect(await only({ siteId: ids.site, studyId: ids.otherStudy })).toBe(0);
    // An id past the database's integer range matches nothing (was a 500).
    expect(await only({ studyId: 2 ** 40 })).toBe(0);
  });

  it('answers zeros when nothing matches: one row ungrouped, no rows grouped', async () => {
    const empty = { from: '2020-01-01T00:00:00Z', to: '2020-02-01T00:00:00Z' };
    expect((await report(empty)).json()).toMatchObject({ items: [row(null, {})], total: 0, pending: 0 });
    expect((await report({ ...empty, grouping: 'year' })).json()).toEqual({
      items: [],
      ...row(null, {}),
      groupingKey: undefined,
    });
  });

  it('[RPT-002] validates from, to, grouping and the time zone', async () => {
    const errors = async (query: Record<string, string>) => {
      const res = await report(query);
      expect(res.statusCode).toBe(400);
      return res.json().errors.map((e: { parameter: string; message: string }) => [e.parameter, e.message]);
    };
    expect(await errors({ to: TO })).toContainEqual(['from', 'Required']);
    expect(await errors({ from: TO, to: FROM })).toEqual([['to', 'Must not be before the from date']]);
    expect(await errors({ ...window, tz: 'Mars/Olympus_Mons' })).toEqual([['tz', 'Invalid time zone']]);
    expect((await errors({ ...window, grouping: 'week' }))[0][0]).toBe('grouping');
    // The same day for both ends is allowed (an empty window).
    expect((await report({ from: FROM, to: FROM })).statusCode).toBe(200);
  });

  it('[RPT-005] is for staff and admin with reports.read', async () => {
    expect((await report(window, 'admin')).statusCode).toBe(200);
    for (const user of ['cmo', 'site', 'imaging']) expect((await report(window, user)).statusCode).toBe(403);
  });
});

describe('GET /reports/orders-count/options', () => {
  it('lists every study, clinical site and CMO and which study runs at which site', async () => {
    const res = await t.request('staff', { method: 'GET', url: '/api/v1/reports/orders-count/options' });
    expect(res.statusCode).toBe(200);
    const { studies: studyList, sites, cmos, studySites } = res.json();
    expect(cmos.map((c: { id: number }) => c.id)).toContain(ids.cmo);
    expect(cmos.map((c: { id: number }) => c.id)).not.toContain(ids.site);
    expect(studyList.map((s: { name: string }) => s.name)).toContain('NEURO-AMY-301');
    expect(sites.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([ids.site, ids.otherSite]));
    expect(sites.map((s: { id: number }) => s.id)).not.toContain(ids.cmo);
    expect(studySites).toContainEqual({ studyId: ids.study, siteId: ids.site });
    expect(
      new Set(studySites.map((p: { studyId: number; siteId: number }) => `${p.studyId}-${p.siteId}`)).size,
    ).toBe(studySites.length);
    expect(
      (await t.request('site', { method: 'GET', url: '/api/v1/reports/orders-count/options' })).statusCode,
    ).toBe(403);
  });
});

describe('the report’s company scope', () => {
  const asRole = async (type: Role['type'], companyId: number | null) => {
    const ctx = {
      db: t.db,
      clock: t.clock,
      config: t.config,
      log: t.app.log,
      actor: {
        currentRole: { id: 1, name: type, type, companyId, companyName: null, companyTimezone: null },
      } as Principal,
    };
    const query: OrdersCountQuery = ordersCountQuerySchema.parse(window);
    return (await ordersCount(ctx, query)).total;
  };

  it('[RPT-004] limits a CMO to its orders, a site to its own, an imaging center to its own', async () => {
    expect(await asRole('staff', null)).toBe(6);
    expect(await asRole('cmo', ids.otherCmo)).toBe(1);
    expect(await asRole('cmo', ids.cmo)).toBe(5);
    expect(await asRole('clinical_site', ids.otherSite)).toBe(1);
    expect(await asRole('imaging_center', ids.center)).toBe(5);
    expect(await asRole('imaging_center', ids.otherCenter)).toBe(1);
  });

  it('[RPT-004] keeps the scope when a filter names another company', async () => {
    const ctx = {
      db: t.db,
      clock: t.clock,
      config: t.config,
      log: t.app.log,
      actor: {
        currentRole: {
          id: 1,
          name: 'cmo',
          type: 'cmo',
          companyId: ids.otherCmo,
          companyName: null,
          companyTimezone: null,
        },
      } as Principal,
    };
    const query = ordersCountQuerySchema.parse({ ...window, cmoId: String(ids.cmo) });
    expect((await ordersCount(ctx, query)).total).toBe(0);
  });
});
