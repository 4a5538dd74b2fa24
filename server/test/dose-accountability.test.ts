import {
  type DoseAccountability,
  type DoseCounts,
  type DoseRecord,
  doseAccountabilityQuerySchema,
  doseOutcomes,
  messages,
  type NotAdministeredReason,
  notAdministeredReasons,
  type Role,
} from '@dosechain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../src/kernel/auth/principal.ts';
import { companies, groupPermissions, groups, orders, studies } from '../src/kernel/db/schema.ts';
import { doseRecords } from '../src/modules/reports/dose-accountability.ts';
import { DEMO_PASSWORD, type TestApp } from './helpers.ts';
import {
  actionBody,
  changeStatus,
  type OrderIds,
  type orderPlacer,
  orderTestApp,
  roleId,
} from './order-fixtures.ts';

// Issue 35, decision 060: what happened to every dose. NOW is 2027-03-01 00:00 in Chicago; the
// demo's orders calibrate in the first days of March, the ones below from the 15th on, so the
// window [FROM, TO) holds only these. The fixture's shipment expires at 12:00 on the 1st in
// Chicago (18:00Z); the report is read at AS_OF, after it.
const FROM = '2027-03-15T00:00:00.000Z';
const TO = '2027-03-31T00:00:00.000Z';
const EXPIRY = '2027-03-01T18:00:00.000Z';
const AS_OF = new Date('2027-03-01T20:00:00.000Z');
const LATER_EXPIRY = { expiresAt: '2027-03-02T12:00' };

let t: TestApp;
let ids: OrderIds;
let place: ReturnType<typeof orderPlacer>;
const o: Record<string, { id: number; number: number }> = {};
const other = { site: 0, center: 0, cmo: 0, study: 0, pacific: 0 };

const signed = { electronicSignature: DEMO_PASSWORD };
const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
};
const act = (id: number, action: Parameters<typeof actionBody>[0], over: Record<string, unknown> = {}) =>
  ok(changeStatus(t, 'admin', id, actionBody(action, over)));
const administer = (id: number, body: Record<string, unknown>) =>
  ok(
    t.request('staff', {
      method: 'PUT',
      url: `/api/v1/orders/${id}/administration`,
      payload: { ...signed, ...body },
    }),
  );
const injection = {
  administered: true,
  relatedDatetime: '2027-02-28T23:50',
  measuredActivity: 10,
  measuredAt: '2027-02-28T23:40',
  residualActivity: 0.5,
  residualAt: '2027-02-28T23:55',
};
/** Delivered at 23:30 on Feb 28 (Chicago), after a shipment with `ship`'s fields (none: not shipped). */
async function delivered(key: string, day: number, ship: Record<string, unknown> | null, receipt = {}) {
  const order = await placeOn(key, day);
  await act(order.id, 'accept');
  if (ship) await act(order.id, 'ship', ship);
  await act(order.id, 'deliver', { relatedDatetime: '2027-02-28T23:30', ...receipt });
  return order;
}
/** An order calibrated at 16:00Z (12:00 in New York, the CMO's window) on March `day`. */
async function placeOn(key: string, day: number, minute = 0) {
  const calibrationDatetime = `2027-03-${String(day).padStart(2, '0')}T16:${String(minute).padStart(2, '0')}:00.000Z`;
  o[key] = await place({ calibrationDatetime, subjectId: `DA-${key}`, requestedActivity: 10 });
  return o[key]!;
}

const companyId = async (name: string) =>
  (await t.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)))[0]!.id;

beforeAll(async () => {
  ({ t, ids, place } = await orderTestApp());
  // Thirteen doses of ONCO-2026-01 at Lakeside (Boston's FDG, Windy City), placed and driven
  // through the API on the 15th-26th.
  await placeOn('pending', 15);
  await act((await placeOn('accepted', 16)).id, 'accept');
  const expiredShipped = await placeOn('expiredShipped', 17);
  await act(expiredShipped.id, 'accept');
  await act(expiredShipped.id, 'ship');
  const shipped = await placeOn('shipped', 17, 30);
  await act(shipped.id, 'accept');
  await act(shipped.id, 'ship', LATER_EXPIRY);
  // Received 30 % low: a receipt deviation (outside the 10 % tolerance), with its reason.
  await delivered('deviation', 18, LATER_EXPIRY, {
    relatedDatetime: '2027-02-28T23:45',
    receivedActivity: 7,
    receivedAt: '2027-02-28T23:40',
    comment: 'Assay low',
  });
  // Administered before its expiry passed: administered, not expired.
  await administer((await delivered('administered', 19, {})).id, injection);
  await administer((await delivered('didNotAttend', 22, LATER_EXPIRY)).id, {
    administered: false,
    reason: 'did_not_attend',
  });
  await administer((await delivered('scannerDown', 22, LATER_EXPIRY, {})).id, {
    administered: false,
    reason: 'scanner_down',
    comment: 'PET/CT down',
  });
  await administer((await delivered('onlyComment', 23, LATER_EXPIRY)).id, {
    administered: false,
    comment: 'Tracer line blocked',
  });
  // Delivered straight from accepted: no shipment, no expiry.
  await delivered('deliveredUnshipped', 24, null);
  // Shipped with the expiry that passes, delivered, nothing recorded: expired.
  await delivered('expiredDelivered', 24, {});
  await act((await placeOn('rejected', 25)).id, 'reject');
  await act((await placeOn('canceled', 26)).id, 'cancel');

  // Doses of other companies, written as rows: NEURO-AMY-301 at Hudson made by Pacific (one
  // pending, one canceled), and ONCO-2026-01 at Hudson made by Boston (accepted).
  other.site = await companyId('Hudson Oncology Center');
  other.center = await companyId('Manhattan Molecular Imaging');
  other.pacific = await companyId('Pacific Radiopharma');
  other.study = (
    await t.db.select({ id: studies.id }).from(studies).where(eq(studies.name, 'NEURO-AMY-301'))
  )[0]!.id;
  const [template] = await t.db.select().from(orders).where(eq(orders.id, o.pending!.id));
  const { id: _id, number: _number, ...rest } = template!;
  other.cmo = rest.cmoId;
  const elsewhere = {
    siteId: other.site,
    imagingCenterId: other.center,
    calibrationDatetime: new Date('2027-03-20T16:00:00.000Z'),
  };
  await t.db.insert(orders).values([
    { ...rest, ...elsewhere, studyId: other.study, cmoId: other.pacific, subjectId: 'NEURO-1' },
    {
      ...rest,
      ...elsewhere,
      studyId: other.study,
      cmoId: other.pacific,
      subjectId: 'NEURO-2',
      status: 'canceled',
      canceledAt: rest.createdAt,
      cancelationReason: 'Withdrawn',
    },
    {
      ...rest,
      ...elsewhere,
      subjectId: 'ONCO-H-1',
      status: 'accepted',
      projectedDelivery: rest.calibrationDatetime,
    },
  ]);
  t.clock.set(AS_OF);
});
afterAll(() => t.close());

const get = (path: string, query: Record<string, string | number>, user = 'staff', role?: number) =>
  t.request(
    user,
    {
      method: 'GET',
      url: `/api/v1/reports/dose-accountability${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    },
    role,
  );
const window = { from: FROM, to: TO };
const report = async (query: Record<string, string | number> = window, user = 'staff', role?: number) => {
  const res = await get('', query, user, role);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DoseAccountability;
};
const doses = async (query: Record<string, string | number> = window, user = 'staff', role?: number) => {
  const res = await get('/doses', query, user, role);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: DoseRecord[]; truncated: boolean };
};

const noReasons = Object.fromEntries(notAdministeredReasons.map((r) => [r, 0])) as Record<
  NotAdministeredReason,
  number
>;
/** Counts with every field, zero unless given. */
const counts = (
  c: Partial<Omit<DoseCounts, 'notAdministeredByReason'>>,
  reasons: Partial<typeof noReasons> = {},
) => ({
  ordered: 0,
  rejected: 0,
  canceled: 0,
  shipped: 0,
  delivered: 0,
  administered: 0,
  notAdministered: 0,
  receiptDeviations: 0,
  expired: 0,
  awaiting: 0,
  ...c,
  notAdministeredByReason: { ...noReasons, ...reasons },
});
const lakeside = counts(
  {
    ordered: 13,
    rejected: 1,
    canceled: 1,
    shipped: 8,
    delivered: 7,
    administered: 1,
    notAdministered: 3,
    receiptDeviations: 1,
    expired: 2,
    awaiting: 5,
  },
  { did_not_attend: 1, scanner_down: 1, other: 1 },
);
const outcomeSum = (c: DoseCounts) =>
  c.administered + c.notAdministered + c.expired + c.rejected + c.canceled + c.awaiting;

describe('GET /reports/dose-accountability', () => {
  it('[ORD-030] counts every dose per study and clinical site, the outcomes adding up to the doses ordered', async () => {
    const body = await report();
    expect(body.asOf).toBe(AS_OF.toISOString());
    const { items, asOf: _asOf, ...totals } = body;
    expect(items).toEqual([
      {
        study: { id: other.study, name: 'NEURO-AMY-301' },
        site: { id: other.site, name: 'Hudson Oncology Center' },
        ...counts({ ordered: 2, canceled: 1, awaiting: 1 }),
      },
      {
        study: { id: ids.study, name: 'ONCO-2026-01' },
        site: { id: other.site, name: 'Hudson Oncology Center' },
        ...counts({ ordered: 1, awaiting: 1 }),
      },
      {
        study: { id: ids.study, name: 'ONCO-2026-01' },
        site: { id: ids.chicago, name: 'Lakeside Clinical Research' },
        ...lakeside,
      },
    ]);
    expect(totals).toEqual(
      counts(
        { ...lakeside, ordered: 16, canceled: 2, awaiting: 7 },
        { did_not_attend: 1, scanner_down: 1, other: 1 },
      ),
    );
    for (const c of [...items, totals]) {
      expect(outcomeSum(c)).toBe(c.ordered);
      expect(Object.values(c.notAdministeredByReason).reduce((a, b) => a + b, 0)).toBe(c.notAdministered);
    }
  });

  it('[ORD-030] judges the expiry at the time of the request (asOf): expired from the expiry on, not a moment before', async () => {
    try {
      t.clock.set(new Date(new Date(EXPIRY).getTime() - 1));
      const before = await report({ ...window, siteId: ids.chicago });
      expect(before).toMatchObject({ expired: 0, awaiting: 7, asOf: '2027-03-01T17:59:59.999Z' });
      t.clock.set(new Date(EXPIRY));
      expect(await report({ ...window, siteId: ids.chicago })).toMatchObject({ expired: 2, awaiting: 5 });
    } finally {
      t.clock.set(AS_OF);
    }
  });

  it('[ORD-030] takes the calibration from inclusive and to exclusive', async () => {
    const first = '2027-03-15T16:00:00.000Z';
    expect((await report({ from: first, to: TO })).ordered).toBe(16);
    expect((await report({ from: '2027-03-15T16:00:00.001Z', to: TO })).ordered).toBe(15);
    expect((await report({ from: FROM, to: first })).ordered).toBe(0);
    expect((await report({ from: FROM, to: '2027-03-15T16:00:00.001Z' })).ordered).toBe(1);
    // An empty window: no rows, zero totals.
    const empty = await report({ from: first, to: first });
    expect(empty).toMatchObject({ items: [], ...counts({}) });
  });

  it('[ORD-030] filters by study and by clinical site', async () => {
    expect((await report({ ...window, studyId: other.study })).ordered).toBe(2);
    expect((await report({ ...window, siteId: other.site })).ordered).toBe(3);
    expect((await report({ ...window, studyId: ids.study, siteId: other.site })).ordered).toBe(1);
    expect((await report({ ...window, studyId: ids.study, siteId: ids.chicago })).items).toHaveLength(1);
    // An id past the database's integer range matches nothing.
    expect((await report({ ...window, studyId: 2 ** 40 })).ordered).toBe(0);
  });

  it('[ORD-030] counts a company role’s own doses only: a CMO its own, a site and an imaging center theirs', async () => {
    const ordered = async (user: string, role?: number, query = window) =>
      (await report(query, user, role)).ordered;
    expect(await ordered('cmo')).toBe(14);
    expect(await ordered('site')).toBe(13);
    expect(await ordered('imaging')).toBe(13);
    const pacific = await roleId(t, 'multi', 'Pacific Radiopharma');
    const rocky = await roleId(t, 'multi', 'Rocky Mountain Trials');
    expect(await report(window, 'multi', pacific)).toMatchObject({ ordered: 2, canceled: 1, awaiting: 1 });
    expect(await report(window, 'multi', rocky)).toMatchObject({ items: [], ordered: 0 });
    // A filter naming another company's site does not widen the scope.
    expect(await ordered('site', undefined, { ...window, siteId: other.site } as typeof window)).toBe(0);
  });

  it('[ORD-030] refuses a bad window: to before from, not an instant, missing (400, never a 500)', async () => {
    const errors = async (query: Record<string, string>, path = '') => {
      const res = await get(path, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      return res.json().errors.map((e: { parameter: string; message: string }) => [e.parameter, e.message]);
    };
    for (const path of ['', '/doses']) {
      expect(await errors({ from: TO, to: FROM }, path)).toEqual([['to', messages.notBeforeFrom]]);
      expect((await errors({ from: 'yesterday', to: TO }, path))[0][0]).toBe('from');
      expect((await errors({ from: FROM }, path))[0][0]).toBe('to');
      expect((await errors({ ...window, studyId: 'abc' }, path))[0][0]).toBe('studyId');
      expect((await errors({ ...window, siteId: '-1' }, path))[0][0]).toBe('siteId');
      expect((await errors({ ...window, siteId: '1.5' }, path))[0][0]).toBe('siteId');
      expect((await errors({ from: '2027-03-01T00:00:00Z', to: '9999-12-31T00:00:00Z' }, path))[0][0]).toBe(
        'to',
      );
    }
    const garbage = await t.request('staff', {
      method: 'GET',
      url: '/api/v1/reports/dose-accountability?from[]=x&to=%00&studyId=%F0%9F%92%A9&extra=1',
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('[ORD-030] is for whoever reads the Order status screen: 401 without a token, 403 without orderStatus.read or by API key', async () => {
    for (const path of ['', '/doses', '/options']) {
      const url = `/api/v1/reports/dose-accountability${path}?from=${FROM}&to=${TO}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      for (const user of ['admin', 'staff', 'cmo', 'site', 'imaging'])
        expect((await t.request(user, { method: 'GET', url })).statusCode, `${user} ${path}`).toBe(200);
    }
    // The Site Users group without orderStatus.read: the site is refused.
    const [siteUsers] = await t.db
      .select({ id: groups.id })
      .from(groups)
      .where(eq(groups.name, 'Site Users'));
    const grant = and(eq(groupPermissions.groupId, siteUsers!.id), eq(groupPermissions.area, 'orderStatus'));
    await t.db.update(groupPermissions).set({ canRead: false }).where(grant);
    try {
      for (const path of ['', '/doses', '/options']) {
        const res = await get(path, window, 'site');
        expect([res.statusCode, res.json().code], path).toEqual([403, 'FORBIDDEN']);
      }
    } finally {
      await t.db.update(groupPermissions).set({ canRead: true }).where(grant);
    }
    expect((await get('', window, 'site')).statusCode).toBe(200);
  });
});

describe('GET /reports/dose-accountability/doses', () => {
  it('[ORD-031] gives one record per dose, by calibration then order number, its outcome the one the counts give it', async () => {
    const { items, truncated } = await doses({ ...window, siteId: ids.chicago });
    expect(truncated).toBe(false);
    expect(items.map((d) => d.orderId)).toEqual(
      [
        'pending',
        'accepted',
        'expiredShipped',
        'shipped',
        'deviation',
        'administered',
        'didNotAttend',
        'scannerDown',
        'onlyComment',
        'deliveredUnshipped',
        'expiredDelivered',
        'rejected',
        'canceled',
      ].map((k) => o[k]!.id),
    );
    const outcome = (key: string) => items.find((d) => d.orderId === o[key]!.id)!.outcome;
    expect(Object.fromEntries(Object.keys(o).map((k) => [k, outcome(k)]))).toEqual({
      pending: 'awaiting',
      accepted: 'awaiting',
      expiredShipped: 'expired',
      shipped: 'awaiting',
      deviation: 'awaiting',
      administered: 'administered',
      didNotAttend: 'not_administered',
      scannerDown: 'not_administered',
      onlyComment: 'not_administered',
      deliveredUnshipped: 'awaiting',
      expiredDelivered: 'expired',
      rejected: 'rejected',
      canceled: 'canceled',
    });
    // The per-dose outcomes tally to the report's counts, over every dose and every scope.
    for (const [user, role] of [
      ['staff'],
      ['cmo'],
      ['imaging'],
      ['multi', await roleId(t, 'multi', 'Pacific Radiopharma')],
    ] as const) {
      const all = await doses(window, user, role);
      const counted = await report(window, user, role);
      const tally = Object.fromEntries(
        doseOutcomes.map((k) => [k, all.items.filter((d) => d.outcome === k).length]),
      );
      expect(tally, user).toEqual({
        administered: counted.administered,
        not_administered: counted.notAdministered,
        expired: counted.expired,
        rejected: counted.rejected,
        canceled: counted.canceled,
        awaiting: counted.awaiting,
      });
      expect(all.items).toHaveLength(counted.ordered);
      expect(all.items.filter((d) => d.lotNumber !== null)).toHaveLength(counted.shipped);
      expect(all.items.filter((d) => d.receiptDeviation)).toHaveLength(counted.receiptDeviations);
      for (const reason of notAdministeredReasons)
        expect(all.items.filter((d) => d.notAdministeredReason === reason)).toHaveLength(
          counted.notAdministeredByReason[reason],
        );
    }
  });

  it('[ORD-031] gives the core lab the lot, the injection in UTC and on the imaging center’s clock, both units, and why a dose was not given', async () => {
    const { items } = await doses({ ...window, siteId: ids.chicago });
    const record = (key: string) => items.find((d) => d.orderId === o[key]!.id)!;
    const given = record('administered');
    expect(given).toMatchObject({
      orderNumber: o.administered!.number,
      study: { id: ids.study, name: 'ONCO-2026-01' },
      site: { id: ids.chicago, name: 'Lakeside Clinical Research' },
      imagingCenter: { id: ids.windy, name: 'Windy City Imaging' },
      cmo: { id: other.cmo, name: 'Isotope Labs Boston' },
      subjectId: 'DA-administered',
      timePoint: { id: ids.baseline, name: 'Baseline' },
      calibrationDatetime: '2027-03-19T16:00:00.000Z',
      status: 'delivered',
      lotNumber: 'FDG-270228-01',
      expiresAt: EXPIRY,
      receiptDeviation: false,
      injectedAt: '2027-03-01T05:50:00.000Z',
      injectedAtLocal: '2027-02-28 23:50',
      timezone: 'America/Chicago',
      residualActivity: 0.5,
      activityUnit: 'mCi',
      notAdministeredReason: null,
      comment: null,
    });
    expect(given.administeredActivityMbq! / given.administeredActivityMci!).toBeCloseTo(37, 9);
    expect(given.administeredActivityMci).toBeCloseTo(10 * 2 ** (-10 / 109.77) - 0.5 * 2 ** (5 / 109.77), 6);
    expect(record('deviation')).toMatchObject({
      receiptDeviation: true,
      injectedAt: null,
      outcome: 'awaiting',
    });
    expect(record('didNotAttend')).toMatchObject({ notAdministeredReason: 'did_not_attend', comment: null });
    expect(record('scannerDown')).toMatchObject({
      notAdministeredReason: 'scanner_down',
      comment: 'PET/CT down',
    });
    expect(record('onlyComment')).toMatchObject({
      notAdministeredReason: 'other',
      comment: 'Tracer line blocked',
    });
    expect(record('deliveredUnshipped')).toMatchObject({
      lotNumber: null,
      expiresAt: null,
      outcome: 'awaiting',
    });
  });

  it('[ORD-031] keeps the company scope and the filters', async () => {
    const ofSite = await doses(window, 'site');
    expect(ofSite.items).toHaveLength(13);
    expect(ofSite.items.every((d) => d.site.id === ids.chicago)).toBe(true);
    expect((await doses({ ...window, studyId: other.study })).items.map((d) => d.subjectId).sort()).toEqual([
      'NEURO-1',
      'NEURO-2',
    ]);
    expect((await doses({ ...window, siteId: other.site }, 'imaging')).items).toEqual([]);
  });

  it('[ORD-031] sends at most the limit, saying it left doses out (truncated)', async () => {
    const asStaff = {
      db: t.db,
      clock: t.clock,
      config: t.config,
      log: t.app.log,
      actor: {
        currentRole: {
          id: 1,
          name: 'staff',
          type: 'staff' as Role['type'],
          companyId: null,
          companyName: null,
          companyTimezone: null,
        },
      } as Principal,
    };
    const query = doseAccountabilityQuerySchema.parse(window);
    const three = await doseRecords(asStaff, query, 3);
    expect(three.truncated).toBe(true);
    expect(three.items.map((d) => d.orderId)).toEqual([o.pending!.id, o.accepted!.id, o.expiredShipped!.id]);
    expect((await doseRecords(asStaff, query, 16)).truncated).toBe(false);
    expect((await doseRecords(asStaff, query, 15)).truncated).toBe(true);
    expect((await doses()).truncated).toBe(false);
  });
});

describe('GET /reports/dose-accountability/options', () => {
  const options = async (user: string, role?: number) => {
    const res = await t.request(
      user,
      { method: 'GET', url: '/api/v1/reports/dose-accountability/options' },
      role,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      studies: { id: number; name: string }[];
      sites: { id: number; name: string }[];
      cmos: { id: number; name: string }[];
      studySites: { studyId: number; siteId: number }[];
    };
  };
  const names = (list: { name: string }[]) => list.map((x) => x.name);

  it('[ORD-030] gives staff every study, site and CMO, as the Orders Report', async () => {
    const staff = await options('staff');
    const ordersReport = await t.request('staff', {
      method: 'GET',
      url: '/api/v1/reports/orders-count/options',
    });
    expect(staff).toEqual(ordersReport.json());
    expect(names(staff.studies)).toEqual(expect.arrayContaining(['ONCO-2026-01', 'NEURO-AMY-301']));
  });

  it('[ORD-030] gives a company role only the studies, sites and CMOs of the pairings it takes part in', async () => {
    const staff = await options('staff');
    for (const [user, role] of [
      ['cmo'],
      ['site'],
      ['imaging'],
      ['multi', await roleId(t, 'multi', 'Pacific Radiopharma')],
    ] as const) {
      const own = await options(user, role);
      expect(own.studies.length, user).toBeGreaterThan(0);
      // A subset of staff's choices, each pair's study and site among the choices.
      for (const key of ['studies', 'sites', 'cmos', 'studySites'] as const)
        for (const item of own[key]) expect(staff[key], user).toContainEqual(item);
      for (const pair of own.studySites) {
        expect(own.studies.map((s) => s.id)).toContain(pair.studyId);
        expect(own.sites.map((s) => s.id)).toContain(pair.siteId);
      }
    }
    const site = await options('site');
    expect(site.sites).toEqual([{ id: ids.chicago, name: 'Lakeside Clinical Research' }]);
    expect(site.studySites.every((p) => p.siteId === ids.chicago)).toBe(true);
    expect(site.cmos.map((c) => c.id)).toContain(other.cmo);
    const cmo = await options('cmo');
    expect(cmo.cmos).toEqual([{ id: other.cmo, name: 'Isotope Labs Boston' }]);
    expect(names(cmo.studies)).toContain('ONCO-2026-01');
    const imaging = await options('imaging');
    expect(imaging.sites.map((s) => s.id)).toContain(ids.chicago);
    expect(imaging.sites.map((s) => s.id)).not.toContain(other.site);
    const pacific = await options('multi', await roleId(t, 'multi', 'Pacific Radiopharma'));
    // Pacific makes the PSMA and amyloid doses of both studies at Rocky Mountain only.
    expect(pacific.cmos).toEqual([{ id: other.pacific, name: 'Pacific Radiopharma' }]);
    expect(names(pacific.sites)).toEqual(['Rocky Mountain Trials']);
    expect(names(pacific.studies)).toEqual(['NEURO-AMY-301', 'ONCO-2026-01']);
  });
});
