import { asc, count, eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, doseSlots, mailOutbox, orders, studyPairings } from '../src/kernel/db/schema.ts';
import {
  authorizationMatrix,
  comingRoutes,
  matrixColumns,
  statusChangeMatrix,
} from './authorization-matrix.ts';
import { addCompanyUser } from './company-users.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

/**
 * Object-level access (issue 8): a user of another company asking for a record by id gets 404
 * and changes nothing. The demo orders all belong to Lakeside (Chicago site), Windy City
 * Imaging and Isotope Labs Boston; the outsiders below hold the same groups in other companies.
 */

/** `{id}` routes a company role may call (per the matrix); each has a case below. */
const companyScopedRoutes = [
  'GET /api/v1/orders/:id',
  'PUT /api/v1/orders/:id/status',
  'POST /api/v1/orders/:id/notifications',
  'PUT /api/v1/orders/:id/administration',
];

const registered = new Set<string>();
let t: TestApp;
let orderIds: number[];
let pendingId: number;
let acceptedId: number;

const owners = ['cmo', 'site', 'imaging'] as const;
const outsiders = ['cmo-la', 'site-denver', 'imaging-denver'] as const;

beforeAll(async () => {
  t = await buildTestApp({
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
    },
  });
  await addCompanyUser(t.db, {
    username: 'cmo-la',
    role: 'cmo',
    companyName: 'Pacific Radiopharma',
    groupNames: ['CMO Users'],
  });
  await addCompanyUser(t.db, {
    username: 'site-denver',
    role: 'clinical_site',
    companyName: 'Rocky Mountain Trials',
    groupNames: ['Site Users'],
  });
  await addCompanyUser(t.db, {
    username: 'imaging-denver',
    role: 'imaging_center',
    companyName: 'Front Range PET',
    groupNames: ['Imaging Users'],
  });
  const rows = await t.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .orderBy(asc(orders.id));
  orderIds = rows.map((o) => o.id);
  pendingId = rows.find((o) => o.status === 'pending')!.id;
  acceptedId = rows.find((o) => o.status === 'accepted')!.id;
});

afterAll(async () => {
  await t?.close();
});

/** Everything a status change or a resend could touch. */
async function snapshot() {
  const [audits] = await t.db.select({ n: count() }).from(auditLog);
  const [mails] = await t.db.select({ n: count() }).from(mailOutbox);
  return {
    orders: await t.db.select().from(orders).orderBy(asc(orders.id)),
    slots: await t.db.select().from(doseSlots).orderBy(asc(doseSlots.id)),
    audits: audits!.n,
    mails: mails!.n,
  };
}

function expectNotFound(res: { statusCode: number; json: () => { code: string } }, what: string): void {
  expect(res.statusCode, what).toBe(404);
  expect(res.json().code, what).toBe('NOT_FOUND');
}

describe('object-level access', () => {
  it('lists every {id} route a company role may call, so each has an object-level case here', () => {
    const rows = { ...authorizationMatrix, ...comingRoutes };
    const companyColumns = ['cmo', 'site', 'imaging'].map((c) =>
      matrixColumns.indexOf(c as (typeof matrixColumns)[number]),
    );
    const reachable = (route: string) => {
      if (route === 'PUT /api/v1/orders/:id/status')
        return Object.values(statusChangeMatrix).some((row) =>
          companyColumns.some((i) => row[i] === 'allowed'),
        );
      const row = rows[route];
      return row !== undefined && companyColumns.some((i) => row[i] === 'allowed');
    };
    const idRoutes = [...registered].filter((r) => !r.startsWith('HEAD '));
    const unlisted = idRoutes.filter(
      (r) => r.includes('/api/v1/') && /\/:/.test(r) && reachable(r) && !companyScopedRoutes.includes(r),
    );
    expect(
      unlisted,
      `company-reachable {id} routes without an object-level case: ${unlisted.join(', ')}`,
    ).toEqual([]);
  });

  it("answers 404 to another company's user reading an order, and the order to its own companies", async () => {
    expect(orderIds.length).toBeGreaterThan(0);
    for (const id of orderIds) {
      for (const username of outsiders) {
        expectNotFound(
          await t.request(username, { method: 'GET', url: `/api/v1/orders/${id}` }),
          `${username} #${id}`,
        );
      }
      for (const username of owners) {
        const res = await t.request(username, { method: 'GET', url: `/api/v1/orders/${id}` });
        expect(res.statusCode, `${username} #${id}`).toBe(200);
      }
    }
  });

  it("leaves another company's orders out of the list", async () => {
    for (const username of outsiders) {
      const res = await t.request(username, { method: 'GET', url: '/api/v1/orders?size=100' });
      expect(res.statusCode).toBe(200);
      const ids = (res.json() as { items: { id: number }[] }).items.map((o) => o.id);
      expect(
        ids.filter((id) => orderIds.includes(id)),
        username,
      ).toEqual([]);
    }
  });

  it("answers 404 to another company's user changing an order's status, and changes nothing", async (context) => {
    if (!registered.has('PUT /api/v1/orders/:id/status')) context.skip();
    const before = await snapshot();
    // The wall-clock date-time as typed, read in the given zone (contract: YYYY-MM-DDTHH:mm).
    const when = new Date(Date.now() + 3600_000).toISOString().slice(0, 16);
    const signed = { electronicSignature: DEMO_PASSWORD };
    const attempts: [string, number, Record<string, unknown>][] = [
      ['cmo-la', pendingId, { status: 'accepted', relatedDatetime: when, timezone: 'America/Chicago' }],
      ['cmo-la', pendingId, { status: 'rejected', comment: 'Not ours' }],
      ['cmo-la', acceptedId, { status: 'delivered', relatedDatetime: when, timezone: 'America/Chicago' }],
      ['site-denver', pendingId, { status: 'canceled', comment: 'Not ours' }],
      ['site-denver', acceptedId, { status: 'canceled', comment: 'Not ours' }],
      ['imaging-denver', pendingId, { status: 'canceled', comment: 'Not ours' }],
    ];
    for (const [username, id, body] of attempts) {
      const res = await t.request(username, {
        method: 'PUT',
        url: `/api/v1/orders/${id}/status`,
        payload: { ...body, ...signed },
      });
      expectNotFound(res, `${username} ${String(body.status)} #${id}`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 to another CMO's user resending an order's notification, and sends nothing", async (context) => {
    if (!registered.has('POST /api/v1/orders/:id/notifications')) context.skip();
    const before = await snapshot();
    for (const id of [pendingId, acceptedId]) {
      const res = await t.request('cmo-la', { method: 'POST', url: `/api/v1/orders/${id}/notifications` });
      expectNotFound(res, `cmo-la resend #${id}`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 to another company's user recording an administration, and records nothing", async (context) => {
    if (!registered.has('PUT /api/v1/orders/:id/administration')) context.skip();
    const delivered = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'delivered'));
    expect(delivered.length).toBeGreaterThan(0);
    const before = await snapshot();
    for (const { id } of delivered) {
      const res = await t.request('cmo-la', {
        method: 'PUT',
        url: `/api/v1/orders/${id}/administration`,
        payload: { administered: false, comment: 'Probe', electronicSignature: DEMO_PASSWORD },
      });
      expectNotFound(res, `cmo-la administration #${id}`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 to an API key reading an order of another study or another site (decision 027)', async () => {
    const rows = await t.db
      .select({ id: orders.id, studyId: orders.studyId, siteId: orders.siteId })
      .from(orders);
    const pairings = await t.db.select().from(studyPairings);
    const keyOf = async (studyId: number, siteId: number) => {
      const res = await t.request('staff', {
        method: 'POST',
        url: `/api/v1/studies/${studyId}/api-keys`,
        payload: {
          name: `Key ${studyId}/${siteId}`,
          siteId,
          scopes: ['orders:read'],
          validDays: 30,
          electronicSignature: DEMO_PASSWORD,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { secret: string }).secret;
    };
    const ordered = rows[0]!;
    const keys = [
      { studyId: ordered.studyId, siteId: ordered.siteId },
      ...pairings
        .filter((p) => p.studyId !== ordered.studyId || p.siteId !== ordered.siteId)
        .slice(0, 2)
        .map((p) => ({ studyId: p.studyId, siteId: p.siteId })),
    ];
    for (const scope of keys) {
      const secret = await keyOf(scope.studyId, scope.siteId);
      for (const order of rows) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/v1/orders/${order.id}`,
          headers: { authorization: `Bearer ${secret}` },
        });
        const own = order.studyId === scope.studyId && order.siteId === scope.siteId;
        if (own) expect(res.statusCode, `key ${JSON.stringify(scope)} #${order.id}`).toBe(200);
        else expectNotFound(res, `key ${JSON.stringify(scope)} #${order.id}`);
      }
    }
  });

  it('refuses a company user a mail of the notification log by id (staff/admin only), and sends nothing', async () => {
    const [mail] = await t.db
      .insert(mailOutbox)
      .values({
        recipients: ['x@failed.example'],
        subject: 'Order mail',
        textBody: 'x',
        status: 'failed',
        attempts: 8,
        purpose: 'order_placed',
        orderId: pendingId,
      })
      .returning({ id: mailOutbox.id });
    const before = await snapshot();
    for (const username of [...owners, ...outsiders]) {
      const read = await t.request(username, { method: 'GET', url: `/api/v1/mails/${mail!.id}` });
      expect(read.statusCode, `${username} read`).toBe(403);
      const resend = await t.request(username, {
        method: 'POST',
        url: `/api/v1/mails/${mail!.id}/resend`,
        payload: { electronicSignature: DEMO_PASSWORD },
      });
      expect(resend.statusCode, `${username} resend`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
