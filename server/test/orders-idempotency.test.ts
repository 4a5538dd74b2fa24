/**
 * Issue 17: one order per intent. `POST /orders` takes an optional Idempotency-Key header: a
 * repeat with the same key by the same user within 24 hours answers the first result and places
 * nothing, also when both are sent at once.
 */
import { messages } from '@dosechain/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, doseSlots, idempotencyKeys, mailOutbox, orders } from '../src/db/schema.ts';
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
    // The e-signature is not part of what the key names (and never hashed): the same order.
    const resigned = await post({ ...firstBody, electronicSignature: 'Typed-Again-1' }, 'shared-key');
    expect(resigned.json()).toEqual(first.json());
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
