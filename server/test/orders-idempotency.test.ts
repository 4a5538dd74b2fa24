/**
 * Issue 17: one order per intent. `POST /orders` takes an optional Idempotency-Key header: a
 * repeat with the same key by the same caller within 24 hours answers the first result and places
 * nothing, also when both are sent at once. Issue 31: the key is the caller's own — an API key's
 * by its id, a person's by user and role — and a repeat passes the scope and e-signature checks
 * a new placement passes before it is answered.
 */
import { messages } from '@dosechain/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  companies,
  doseSlots,
  exams,
  idempotencyKeys,
  mailOutbox,
  orders,
  roles,
  studies,
  users,
} from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { loadOrderIds, NOW, type OrderIds } from './order-fixtures.ts';

let t: TestApp;
let ids: OrderIds;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  ids = await loadOrderIds(t);
});
afterAll(() => t.close());

let subjects = 0;
/** A new order's body, on a March weekday with doses left. */
const orderBody = (day = '2027-03-03') => ({
  studyId: ids.study,
  siteId: ids.chicago,
  examId: ids.fdg,
  imagingCenterId: ids.windy,
  timePointId: ids.baseline,
  subjectId: `IDEM-${++subjects}`,
  calibrationDatetime: `${day}T16:00:00.000Z`,
  electronicSignature: DEMO_PASSWORD,
});
const post = (payload: object, key?: string, user = 'site') =>
  t.request(user, {
    method: 'POST',
    url: '/api/v1/orders',
    payload,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

/** What a placement writes: orders, booked doses, audit rows and mails. */
async function written() {
  const n = async (table: typeof orders | typeof auditLog | typeof mailOutbox) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  const booked = (await t.db.select({ booked: doseSlots.booked }).from(doseSlots)).reduce(
    (sum, s) => sum + s.booked,
    0,
  );
  return { orders: await n(orders), audits: await n(auditLog), mails: await n(mailOutbox), booked };
}

describe('POST /orders with an Idempotency-Key', () => {
  it('answers a repeat with the first result and places nothing more', async () => {
    const body = orderBody();
    const first = await post(body, 'form-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const after = await written();
    const again = await post(body, 'form-1');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await written()).toEqual(after);
    // Without a key, the same body is another order (a key is what says it is the same intent).
    expect((await post(body)).json().id).not.toBe(first.json().id);
  });

  it('places two identical orders sent at once only once', async () => {
    const body = orderBody('2027-03-04');
    const before = await written();
    const answers = await Promise.all([post(body, 'double-click'), post(body, 'double-click')]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
    const after = await written();
    expect(after.orders - before.orders).toBe(1);
    expect(after.booked - before.booked).toBe(1);
    expect(after.audits - before.audits).toBe(1);
  });

  it('refuses a key used for another order, and lets another user use the same key', async () => {
    const firstBody = orderBody();
    const first = await post(firstBody, 'shared-key');
    expect(first.statusCode).toBe(201);
    const other = await post(orderBody(), 'shared-key');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: messages.idempotencyKeyReused,
    });
    // Signed again (the signature is never part of what the key names): the same order.
    const resigned = await post({ ...firstBody, electronicSignature: DEMO_PASSWORD }, 'shared-key');
    expect(resigned.json()).toEqual(first.json());
    expect(resigned.headers['idempotent-replayed']).toBe('true');
    const staff = await post(orderBody('2027-03-09'), 'shared-key', 'admin');
    expect(staff.statusCode).toBe(201);
    expect(staff.json().id).not.toBe(first.json().id);
  });

  it('keeps a key 24 hours, then a new order may use it', async () => {
    const first = await post(orderBody('2027-03-05'), 'daily');
    t.clock.advance(23 * 3_600_000);
    expect((await post(orderBody('2027-03-05'), 'daily')).statusCode).toBe(422);
    t.clock.advance(2 * 3_600_000);
    const later = await post(orderBody('2027-03-05'), 'daily');
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'daily'));
    expect(row!.answer).toEqual(later.json());
  });

  it('stores nothing when the placement fails, so a retry places it', async () => {
    const body = { ...orderBody('2027-03-08'), electronicSignature: 'Wrong-Guess-1' };
    expect((await post(body, 'retry-me')).statusCode).toBe(400);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'retry-me'))).toEqual([]);
    expect((await post({ ...body, electronicSignature: DEMO_PASSWORD }, 'retry-me')).statusCode).toBe(201);
  });

  it('refuses a key that is empty, too long or not plain ASCII, on the header', async () => {
    for (const key of ['', 'x'.repeat(201), 'with space', 'ünï']) {
      const res = await post(orderBody(), key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ message: messages.idempotencyKeyInvalid }),
      );
    }
  });
});

/** Issue 31 §1: an Idempotency-Key belongs to whoever sent it. */
describe('whose Idempotency-Key it is', () => {
  let neuro: number;
  let hudson: number;
  let amyloid: number;
  beforeAll(async () => {
    const named = async (table: typeof studies | typeof companies | typeof exams, name: string) =>
      (await t.db.select({ id: table.id }).from(table).where(eq(table.name, name)))[0]!.id;
    neuro = await named(studies, 'NEURO-AMY-301');
    hudson = await named(companies, 'Hudson Oncology Center');
    amyloid = await named(exams, 'Amyloid PET');
  });

  /** A key of `studyId` for `siteId`, created by admin (a staff/admin user who may also place orders). */
  async function newKey(studyId: number, siteId: number): Promise<string> {
    const res = await t.request('admin', {
      method: 'POST',
      url: `/api/v1/studies/${studyId}/api-keys`,
      payload: {
        name: `EDC ${studyId}/${siteId}`,
        siteId,
        scopes: ['orders:read', 'orders:place'],
        validDays: 30,
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().secret;
  }
  const withKey = (secret: string, payload: object, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload,
      headers: { authorization: `Bearer ${secret}`, 'idempotency-key': key },
    });
  /** Study 1 at Chicago (KA's), study 1 at Hudson (KB's), study 2 at Chicago (KC's); each a new subject. */
  const bodyA = (day: string) => ({ ...orderBody(day), electronicSignature: undefined });
  const bodyB = (day: string) => ({ ...bodyA(day), siteId: hudson, imagingCenterId: ids.manhattan });
  const bodyC = () => ({
    ...bodyA('2027-03-15'),
    studyId: neuro,
    examId: amyloid,
  });
  const placedAt = async (id: number) =>
    (
      await t.db
        .select({ studyId: orders.studyId, siteId: orders.siteId })
        .from(orders)
        .where(eq(orders.id, id))
    )[0];

  it("answers another key of the same creator nothing of the first key's order", async () => {
    const [ka, kb, kc] = [
      await newKey(ids.study, ids.chicago),
      await newKey(ids.study, hudson),
      await newKey(neuro, ids.chicago),
    ];
    const [forA, forB, forC] = [bodyA('2027-03-10'), bodyB('2027-03-10'), bodyC()];
    const a = await withKey(ka, forA, 'k1');
    expect(a.statusCode, a.body).toBe(201);
    const orderA = a.json() as { id: number; number: number };
    // KB and KC sending KA's body under k1: out of their scope, refused as a new one would be.
    for (const other of [kb, kc]) {
      const res = await withKey(other, forA, 'k1');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      expect(res.body).not.toContain(String(orderA.number));
    }
    // Their own orders under k1 are new orders of their own site and study.
    const b = await withKey(kb, forB, 'k1');
    expect(b.statusCode, b.body).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().id).not.toBe(orderA.id);
    expect(await placedAt(b.json().id)).toEqual({ studyId: ids.study, siteId: hudson });
    const c = await withKey(kc, forC, 'k1');
    expect(c.statusCode, c.body).toBe(201);
    expect(c.headers['idempotent-replayed']).toBeUndefined();
    expect(await placedAt(c.json().id)).toEqual({ studyId: neuro, siteId: ids.chicago });
    // Each key's repeat answers its own order; reuse is refused within its own namespace only.
    const againB = await withKey(kb, forB, 'k1');
    expect(againB.json()).toEqual(b.json());
    expect(againB.headers['idempotent-replayed']).toBe('true');
    expect((await withKey(kb, bodyB('2027-03-11'), 'k1')).json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const againA = await withKey(ka, forA, 'k1');
    expect(againA.json()).toEqual(orderA);
    expect(againA.headers['idempotent-replayed']).toBe('true');
    // The keys' creator, placing as a person under k1, has a namespace of their own too.
    const creator = await post({ ...forA, electronicSignature: DEMO_PASSWORD }, 'k1', 'admin');
    expect(creator.statusCode, creator.body).toBe(201);
    expect(creator.headers['idempotent-replayed']).toBeUndefined();
    expect([orderA.id, b.json().id, c.json().id]).not.toContain(creator.json().id);
  });

  it("keeps a person's keys per role: another role of theirs neither gets nor blocks the order", async () => {
    const [site] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'site'));
    const [chicagoRole] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.userId, site!.id));
    const [hudsonRole] = await t.db
      .insert(roles)
      .values({ userId: site!.id, type: 'clinical_site', companyId: hudson })
      .returning({ id: roles.id });
    const inRole = (payload: object, roleId: number) =>
      t.request(
        'site',
        { method: 'POST', url: '/api/v1/orders', payload, headers: { 'idempotency-key': 'per-role' } },
        roleId,
      );
    const chicagoOrder = orderBody('2027-03-11');
    try {
      const first = await inRole(chicagoOrder, chicagoRole!.id);
      expect(first.statusCode, first.body).toBe(201);
      // As Hudson: Chicago's order is out of scope, refused, not answered.
      const crossed = await inRole(chicagoOrder, hudsonRole!.id);
      expect(crossed.statusCode).toBe(400);
      expect(crossed.headers['idempotent-replayed']).toBeUndefined();
      const own = await inRole(
        { ...orderBody('2027-03-11'), siteId: hudson, imagingCenterId: ids.manhattan },
        hudsonRole!.id,
      );
      expect(own.statusCode, own.body).toBe(201);
      expect(own.headers['idempotent-replayed']).toBeUndefined();
      expect(own.json().id).not.toBe(first.json().id);
      const again = await inRole(chicagoOrder, chicagoRole!.id);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
    } finally {
      await t.db.delete(roles).where(eq(roles.id, hudsonRole!.id));
    }
  });

  it('refuses a repeat with a wrong e-signature, counted as any failed signature', async () => {
    const failures = async (username: string) =>
      (
        await t.db.select({ n: users.failedSignatureCount }).from(users).where(eq(users.username, username))
      )[0]!.n;
    const body = orderBody('2027-03-12');
    const first = await post(body, 'signed-again');
    expect(first.statusCode).toBe(201);
    const before = await failures('site');
    const wrong = await post({ ...body, electronicSignature: 'Wrong-Guess-2' }, 'signed-again');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'ESIGN_FAILED' });
    expect(wrong.headers['idempotent-replayed']).toBeUndefined();
    expect(await failures('site')).toBe(before + 1);
    const unsigned = await post({ ...body, electronicSignature: undefined }, 'signed-again');
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ code: 'ESIGN_FAILED' });
    // Signed right, the repeat is answered (and the run of failures ends).
    const right = await post(body, 'signed-again');
    expect(right.json()).toEqual(first.json());
    expect(right.headers['idempotent-replayed']).toBe('true');
    expect(await failures('site')).toBe(0);
  });

  it("places one order for one key's sends at once, and one per caller when callers share a key", async () => {
    const ka = await newKey(ids.study, ids.chicago);
    const kb = await newKey(ids.study, hudson);
    const before = await written();
    const once = bodyA('2027-03-16');
    const burst = await Promise.all(Array.from({ length: 4 }, () => withKey(ka, once, 'race')));
    expect(burst.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(burst.map((r) => r.json().id)).size).toBe(1);
    expect(burst.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    const afterBurst = await written();
    expect(afterBurst.orders - before.orders).toBe(1);
    expect(afterBurst.booked - before.booked).toBe(1);
    // Two callers, one key, at once: two orders, each its caller's.
    const [a, b] = await Promise.all([
      withKey(ka, bodyA('2027-03-17'), 'shared-race'),
      withKey(kb, bodyB('2027-03-17'), 'shared-race'),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([201, 201]);
    expect(a!.json().id).not.toBe(b!.json().id);
    expect(await placedAt(b!.json().id)).toEqual({ studyId: ids.study, siteId: hudson });
    expect((await written()).orders - afterBurst.orders).toBe(2);
  });
});
