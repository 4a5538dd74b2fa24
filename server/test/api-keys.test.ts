import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.ts';
import {
  apiKeys,
  auditLog,
  groupPermissions,
  groups,
  orders,
  roles,
  studies,
  studyPairings,
  userGroups,
  users,
} from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { loadOrderIds, NOW, type OrderIds, orderPlacer } from './order-fixtures.ts';
import { memoryLog } from './part11/fixture.ts';

/** The secret part of `dck_<16 hex>_<secret>` (which may itself begin with '_'). */
const secretPart = (token: string) => token.slice('dck_'.length + 16 + 1);

/** Integration API keys (issue 22, decision 027). */
const log = memoryLog();
let t: TestApp;
let ids: OrderIds;
let neuro: number;
/** Every non-public API route, and whether it takes a key. */
const routes: { method: string; url: string; apiKey: boolean }[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    now: NOW,
    logger: { ...(loggerOptions('info') as object), stream: log.stream },
    onRoute: (route: RouteOptions) => {
      const access = route.config?.access;
      if (!route.url.startsWith('/api/v1') || access === undefined || access === 'public') return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, apiKey: route.config?.apiKey === true });
      }
    },
  });
  ids = await loadOrderIds(t);
  neuro = (await t.db.select({ id: studies.id }).from(studies).where(eq(studies.name, 'NEURO-AMY-301')))[0]!
    .id;
});
afterAll(() => t.close());

const createKey = (body: Record<string, unknown>, user = 'staff', study = ids.study) =>
  t.request(user, {
    method: 'POST',
    url: `/api/v1/studies/${study}/api-keys`,
    payload: {
      name: 'EDC',
      siteId: ids.chicago,
      scopes: ['orders:read', 'orders:place'],
      validDays: 30,
      electronicSignature: DEMO_PASSWORD,
      ...body,
    },
  });

async function newKey(body: Record<string, unknown> = {}) {
  const res = await createKey(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string; prefix: string; name: string; expiresAt: string };
}

const withKey = (
  secret: string,
  options: { method?: 'GET' | 'POST' | 'PUT'; url: string; payload?: object },
) => t.app.inject({ ...options, headers: { authorization: `Bearer ${secret}` } });

let subject = 0;
const placement = (over: Record<string, unknown> = {}) => ({
  studyId: ids.study,
  siteId: ids.chicago,
  examId: ids.fdg,
  imagingCenterId: ids.windy,
  timePointId: ids.baseline,
  subjectId: `KEY-${++subject}`,
  calibrationDatetime: '2027-03-03T16:00:00.000Z',
  ...over,
});

describe('managing keys', () => {
  it('answers the secret once, stores only its hash, and audits the creation on the study, signed', async () => {
    const key = await newKey({ name: 'Sponsor EDC' });
    expect(key.secret).toMatch(/^dck_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(`${key.prefix}_`)).toBe(true);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secretPart(key.secret));
    const list = await t.request('staff', { method: 'GET', url: `/api/v1/studies/${ids.study}/api-keys` });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key.secret);
    expect(list.json().items.find((k: { id: number }) => k.id === key.id)).toMatchObject({
      name: 'Sponsor EDC',
      status: 'active',
      scopes: ['orders:read', 'orders:place'],
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ids.study));
    const added = audit.find((a) => JSON.stringify(a.changeset).includes(key.prefix))!;
    expect(added).toMatchObject({ entityType: 'studies', eventType: 'added', signed: true });
    expect(added.signatureMeaning).toBe('Created API Key');
    // The record keeps the instant exact (ISO); the audit trail's screen writes it with its zone.
    expect(JSON.stringify(added.changeset)).toContain(`expires ${key.expiresAt}`);
    expect(JSON.stringify(audit)).not.toContain(key.secret);
  });

  it('refuses a site not paired with the study, an expiry out of bounds, no scope', async () => {
    const paired = await t.db
      .select({ studyId: studyPairings.studyId })
      .from(studyPairings)
      .where(eq(studyPairings.siteId, ids.chicago));
    const [lone] = await t.db
      .select({ id: studies.id })
      .from(studies)
      .where(
        notInArray(
          studies.id,
          paired.map((p) => p.studyId),
        ),
      )
      .limit(1);
    const unpaired = await createKey({}, 'staff', lone!.id);
    expect(unpaired.statusCode).toBe(400);
    expect(unpaired.json().errors[0]).toMatchObject({ parameter: 'siteId' });
    for (const validDays of [0, 366, undefined]) {
      const res = await createKey({ validDays });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { parameter: string }) => e.parameter)).toContain('validDays');
    }
    expect((await createKey({ scopes: [] })).statusCode).toBe(400);
    expect((await createKey({ scopes: ['orders:delete'] })).statusCode).toBe(400);
  });

  it('is staff and admin only', async () => {
    expect((await createKey({}, 'site')).statusCode).toBe(403);
    expect(
      (await t.request('cmo', { method: 'GET', url: `/api/v1/studies/${ids.study}/api-keys` })).statusCode,
    ).toBe(403);
  });
});

describe("the study's sites (the key form's site picker)", () => {
  const sitesOf = (study: number, query = '', user = 'staff') =>
    t.request(user, { method: 'GET', url: `/api/v1/studies/${study}/sites${query}` });

  it('lists each clinical site the study is paired with once, and no other company', async () => {
    const pairings = await t.db
      .select({ siteId: studyPairings.siteId })
      .from(studyPairings)
      .where(eq(studyPairings.studyId, ids.study));
    const paired = [...new Set(pairings.map((p) => p.siteId))].sort((a, b) => a - b);
    // A site paired through several exams or CMOs is still one choice.
    expect(pairings.length).toBeGreaterThan(paired.length);
    const res = await sitesOf(ids.study, '?size=100');
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.total).toBe(paired.length);
    expect(answer.items.map((c: { id: number }) => c.id).sort((a: number, b: number) => a - b)).toEqual(
      paired,
    );
    expect(answer.items.every((c: { type: string }) => c.type === 'clinical_site')).toBe(true);
  });

  it('searches by name within the paired sites, and answers none for a study without pairings', async () => {
    const chicago = (await sitesOf(ids.study, '?size=100'))
      .json()
      .items.find((c: { id: number }) => c.id === ids.chicago);
    const found = (await sitesOf(ids.study, `?search=${encodeURIComponent(chicago.name)}`)).json();
    expect(found.items.map((c: { id: number }) => c.id)).toEqual([ids.chicago]);
    const [lone] = await t.db
      .select({ id: studies.id })
      .from(studies)
      .where(notInArray(studies.id, t.db.selectDistinct({ id: studyPairings.studyId }).from(studyPairings)))
      .limit(1);
    expect((await sitesOf(lone!.id)).json()).toMatchObject({ items: [], total: 0 });
  });

  it('is staff and admin only, and 404 for a study that does not exist', async () => {
    expect((await sitesOf(ids.study, '', 'cmo')).statusCode).toBe(403);
    expect((await sitesOf(ids.study, '', 'site')).statusCode).toBe(403);
    expect((await sitesOf(ids.study, '', 'admin')).statusCode).toBe(200);
    expect((await sitesOf(999_999)).statusCode).toBe(404);
  });
});

describe('a key at work', () => {
  it("places an order of its study and site, audited with the key's name as the actor", async () => {
    const key = await newKey({ name: 'IRT Connector' });
    const res = await withKey(key.secret, { method: 'POST', url: '/api/v1/orders', payload: placement() });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: number };
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, id)));
    expect(row).toMatchObject({
      entityType: 'orders',
      eventType: 'new',
      actorUserId: null,
      actorUsername: key.prefix,
      actorFullName: 'API key IRT Connector',
      signed: false,
    });
    const trail = await t.request('staff', {
      method: 'GET',
      url: `/api/v1/audit-logs/changeset/orders/${id}`,
    });
    expect(trail.body).toContain('API key IRT Connector');
    // It reads it back, and lists only its study's orders.
    expect((await withKey(key.secret, { url: `/api/v1/orders/${id}` })).statusCode).toBe(200);
    const list = await withKey(key.secret, { url: '/api/v1/orders?size=100' });
    expect(list.statusCode).toBe(200);
    const studiesSeen = new Set(list.json().items.map((o: { study: { id: number } }) => o.study.id));
    expect([...studiesSeen]).toEqual([ids.study]);
  });

  it("does not reach another study's or another site's orders", async () => {
    const key = await newKey();
    const [other] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.studyId, neuro))
      .limit(1);
    if (other)
      expect((await withKey(key.secret, { url: `/api/v1/orders/${other.id}` })).statusCode).toBe(404);
    const wrongStudy = await withKey(key.secret, {
      method: 'POST',
      url: '/api/v1/orders',
      payload: placement({ studyId: neuro }),
    });
    expect(wrongStudy.statusCode).toBe(400);
    expect(wrongStudy.json().errors.map((e: { parameter: string }) => e.parameter)).toContain('studyId');
    const wrongSite = await withKey(key.secret, {
      method: 'POST',
      url: '/api/v1/orders',
      payload: placement({ siteId: ids.manhattan }),
    });
    expect(wrongSite.statusCode).toBe(400);
  });

  it('gets 403 without the scope and on routes keys may not use', async () => {
    const readOnly = await newKey({ scopes: ['orders:read'] });
    const res = await withKey(readOnly.secret, {
      method: 'POST',
      url: '/api/v1/orders',
      payload: placement(),
    });
    expect(res.statusCode).toBe(403);
    expect((await withKey(readOnly.secret, { url: '/api/v1/orders' })).statusCode).toBe(200);
    const placeOnly = await newKey({ scopes: ['orders:place'] });
    expect((await withKey(placeOnly.secret, { url: '/api/v1/orders' })).statusCode).toBe(403);
    for (const url of [
      '/api/v1/users/me',
      `/api/v1/studies/${ids.study}/api-keys`,
      '/api/v1/orders/options',
    ]) {
      const other = await withKey(readOnly.secret, { url });
      expect(other.statusCode, url).toBe(403);
      expect(other.json().code).toBe('API_KEY_NOT_ALLOWED');
    }
  });

  it('gets 401 once revoked (with a reason, signed, audited), once expired, and when forged', async () => {
    const key = await newKey({ validDays: 1 });
    expect((await withKey(key.secret, { url: '/api/v1/orders' })).statusCode).toBe(200);
    const revokeUrl = `/api/v1/studies/${ids.study}/api-keys/${key.id}/revoke`;
    const noReason = await t.request('staff', {
      method: 'PUT',
      url: revokeUrl,
      payload: { electronicSignature: DEMO_PASSWORD },
    });
    expect(noReason.statusCode).toBe(400);
    const revoked = await t.request('staff', {
      method: 'PUT',
      url: revokeUrl,
      payload: { reasonForChange: 'Leaked', electronicSignature: DEMO_PASSWORD },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', revocationReason: 'Leaked' });
    expect((await withKey(key.secret, { url: '/api/v1/orders' })).statusCode).toBe(401);
    const again = await t.request('staff', {
      method: 'PUT',
      url: revokeUrl,
      payload: { reasonForChange: 'Leaked', electronicSignature: DEMO_PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ids.study));
    expect(audit.find((a) => a.signatureMeaning === 'Revoked API Key')).toMatchObject({
      reason: 'Leaked',
      signed: true,
    });

    const expiring = await newKey({ validDays: 1 });
    expect((await withKey(expiring.secret, { url: '/api/v1/orders' })).statusCode).toBe(200);
    t.clock.advance(86_400_000 + 1000);
    try {
      expect((await withKey(expiring.secret, { url: '/api/v1/orders' })).statusCode).toBe(401);
      const list = await t.request('staff', { method: 'GET', url: `/api/v1/studies/${ids.study}/api-keys` });
      expect(list.json().items.find((k: { id: number }) => k.id === expiring.id).status).toBe('expired');
    } finally {
      t.clock.advance(-(86_400_000 + 1000));
    }

    const live = await newKey();
    const forged = `${live.secret.slice(0, -2)}${live.secret.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await withKey(forged, { url: '/api/v1/orders' })).statusCode).toBe(401);
    expect((await withKey('dck_nonsense', { url: '/api/v1/orders' })).statusCode).toBe(401);
  });

  it('is suspended while its creator is inactive: 401, listed as suspended, and back once they are active', async () => {
    const key = await newKey();
    const staff = eq(users.username, 'staff');
    await t.db.update(users).set({ active: false }).where(staff);
    try {
      expect((await withKey(key.secret, { url: '/api/v1/orders' })).statusCode).toBe(401);
      const list = await t.request('admin', { method: 'GET', url: `/api/v1/studies/${ids.study}/api-keys` });
      expect(list.json().items.find((k: { id: number }) => k.id === key.id).status).toBe('suspended');
    } finally {
      await t.db.update(users).set({ active: true }).where(staff);
    }
    expect((await withKey(key.secret, { url: '/api/v1/orders' })).statusCode).toBe(200);
  });

  /** A key's answer and its listed status while `change` holds for its creator (staff), and after it is undone. */
  async function whileCreator(change: () => Promise<unknown>, undo: () => Promise<unknown>) {
    const key = await newKey();
    expect((await withKey(key.secret, { url: '/api/v1/orders' })).statusCode).toBe(200);
    const listed = async () =>
      (await t.request('admin', { method: 'GET', url: `/api/v1/studies/${ids.study}/api-keys` }))
        .json()
        .items.find((k: { id: number }) => k.id === key.id).status;
    await change();
    let during: { status: number; listed: string };
    try {
      during = {
        status: (await withKey(key.secret, { url: '/api/v1/orders' })).statusCode,
        listed: await listed(),
      };
    } finally {
      await undo();
    }
    const after = {
      status: (await withKey(key.secret, { url: '/api/v1/orders' })).statusCode,
      listed: await listed(),
    };
    return { during, after };
  }
  const staffId = async () =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'staff')))[0]!.id;
  const suspended = { status: 401, listed: 'suspended' };
  const working = { status: 200, listed: 'active' };

  it('is suspended while its creator holds no group, and back once they hold one again', async () => {
    const userId = await staffId();
    const memberships = await t.db.select().from(userGroups).where(eq(userGroups.userId, userId));
    expect(memberships.length).toBeGreaterThan(0);
    expect(
      await whileCreator(
        () => t.db.delete(userGroups).where(eq(userGroups.userId, userId)),
        () => t.db.insert(userGroups).values(memberships),
      ),
    ).toEqual({ during: suspended, after: working });
    // An inactive group grants nothing: the same as holding none.
    const groupIds = memberships.map((m) => m.groupId);
    expect(
      await whileCreator(
        () => t.db.update(groups).set({ active: false }).where(inArray(groups.id, groupIds)),
        () => t.db.update(groups).set({ active: true }).where(inArray(groups.id, groupIds)),
      ),
    ).toEqual({ during: suspended, after: working });
  });

  it('is suspended while its creator lacks the permission that creating keys takes', async () => {
    const userId = await staffId();
    const [staffGroup] = await t.db
      .select({ id: userGroups.groupId })
      .from(userGroups)
      .where(eq(userGroups.userId, userId));
    const configOf = and(eq(groupPermissions.groupId, staffGroup!.id), eq(groupPermissions.area, 'config'));
    expect(
      await whileCreator(
        () => t.db.update(groupPermissions).set({ canCreate: false }).where(configOf),
        () => t.db.update(groupPermissions).set({ canCreate: true }).where(configOf),
      ),
    ).toEqual({ during: suspended, after: working });
    // A company role instead of staff's: the permission is beyond that role's reach.
    let roleId = 0;
    expect(
      await whileCreator(
        async () => {
          const [role] = await t.db
            .insert(roles)
            .values({ userId, type: 'clinical_site', companyId: ids.chicago })
            .returning({ id: roles.id });
          roleId = role!.id;
        },
        () => t.db.delete(roles).where(eq(roles.id, roleId)),
      ),
    ).toEqual({ during: suspended, after: working });
  });

  it('keeps working while its creator is locked: anyone can cause a lock', async () => {
    const staff = eq(users.username, 'staff');
    expect(
      await whileCreator(
        () =>
          t.db
            .update(users)
            .set({ lockedOut: true, lockedUntil: new Date(t.clock.now().getTime() + 30 * 60_000) })
            .where(staff),
        () => t.db.update(users).set({ lockedOut: false, lockedUntil: null }).where(staff),
      ),
    ).toEqual({ during: working, after: working });
  });

  it('never writes a key to the log', async () => {
    const key = await newKey();
    log.lines.length = 0;
    await withKey(key.secret, { url: '/api/v1/orders' });
    await withKey(key.secret, { method: 'POST', url: '/api/v1/orders', payload: placement() });
    await withKey(key.secret, { url: '/api/v1/users/me' });
    await withKey(`${key.secret}x`, { url: '/api/v1/orders' });
    const text = log.lines.join('\n');
    expect(log.lines.length).toBeGreaterThan(0);
    expect(text).not.toContain(key.secret);
    expect(text).not.toContain(secretPart(key.secret));
    expect(text).toContain(`"apiKeyId":${key.id}`);
  });

  it("signs nothing: a signature it sends is never checked against its creator's password", async () => {
    const key = await newKey();
    const failures = async () =>
      (await t.db.select({ n: users.failedLoginCount }).from(users).where(eq(users.username, 'staff')))[0]!.n;
    const before = await failures();
    // On days of their own: the earlier tests took the 3rd's doses.
    for (const day of ['2027-03-08', '2027-03-09', '2027-03-10']) {
      const res = await withKey(key.secret, {
        method: 'POST',
        url: '/api/v1/orders',
        payload: {
          ...placement({ calibrationDatetime: `${day}T16:00:00.000Z` }),
          electronicSignature: 'not-the-password',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await failures()).toBe(before);
  });

  it("places what a user's placement would check: a bad body is a 400, never a 500", async () => {
    const key = await newKey();
    const res = await withKey(key.secret, {
      method: 'POST',
      url: '/api/v1/orders',
      payload: placement({ calibrationDatetime: '2027-02-01T16:00:00.000Z' }),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the routes a key may call', () => {
  it('are the order list, read and placement only: every other route answers a live key 403', async () => {
    const key = await newKey();
    const allowed = routes.filter((r) => r.apiKey).map((r) => `${r.method} ${r.url}`);
    expect(allowed.sort()).toEqual(['GET /api/v1/orders', 'GET /api/v1/orders/:id', 'POST /api/v1/orders']);
    for (const route of routes.filter((r) => !r.apiKey)) {
      const url = route.url.replace(/:\w+/g, '999999').replace('*', 'x');
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: `Bearer ${key.secret}` },
        ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().code).toBe('API_KEY_NOT_ALLOWED');
    }
  });
});

// A fixture helper kept in use: the site's own placements still work next to a key's.
it('leaves user placements as they were', async () => {
  const place = orderPlacer(t, ids);
  expect((await place()).id).toBeGreaterThan(0);
});
