import { limits, messages } from '@dosechain/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, orders } from '../src/kernel/db/schema.ts';
import { DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { actionBody, changeStatus, type orderPlacer, orderTestApp, roleId } from './order-fixtures.ts';

let t: TestApp;
let place: ReturnType<typeof orderPlacer>;

beforeAll(async () => {
  ({ t, place } = await orderTestApp());
});
afterAll(() => t.close());

const batch = (user: string, payload: Record<string, unknown>, role?: number) =>
  t.request(user, { method: 'POST', url: '/api/v1/orders/status-batch', payload }, role);

const accept = (orderId: number, relatedDatetime = '2027-03-20T09:30') => ({
  orderId,
  status: 'accepted',
  relatedDatetime,
});

const rowsOf = async (orderIds: number[]) =>
  t.db
    .select({ id: orders.id, status: orders.status, projectedDelivery: orders.projectedDelivery })
    .from(orders)
    .where(inArray(orders.id, orderIds))
    .orderBy(orders.id);

const auditRowsOf = (id: number) =>
  t.db
    .select({ signed: auditLog.signed, meaning: auditLog.signatureMeaning, reason: auditLog.reason })
    .from(auditLog)
    .where(
      and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, id), eq(auditLog.eventType, 'update')),
    );

const mailsAbout = async (number: number, what: string) =>
  (
    await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `Order #${number} ${what} %`))
  ).length;

describe('POST /orders/status-batch', () => {
  it('accepts each order under one signature: its own transaction, signed audit row and mails', async () => {
    const placed = [await place(), await place(), await place()];
    const res = await batch('cmo', {
      items: placed.map((o) => accept(o.id)),
      reasonForChange: 'Slots confirmed',
      electronicSignature: DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual(placed.map((o) => ({ orderId: o.id, ok: true, status: 'accepted' })));
    // 09:30 in Chicago (daylight time): 14:30 UTC, read in the imaging center's zone.
    for (const row of await rowsOf(placed.map((o) => o.id))) {
      expect(row.status).toBe('accepted');
      expect(new Date(row.projectedDelivery!).toISOString()).toBe('2027-03-20T14:30:00.000Z');
    }
    const mails = [];
    for (const o of placed) {
      expect(await auditRowsOf(o.id)).toEqual([
        { signed: true, meaning: 'Accepted Order', reason: 'Slots confirmed' },
      ]);
      mails.push(await mailsAbout(o.number, 'accepted'));
    }
    // Every order mails its distribution list, as a single acceptance does.
    const single = await place();
    await changeStatus(t, 'cmo', single.id, actionBody('accept'));
    const expected = await mailsAbout(single.number, 'accepted');
    expect(expected).toBeGreaterThan(0);
    expect(mails).toEqual([expected, expected, expected]);
  });

  it('rejects each order with the one reason, as its audit reason and rejection reason', async () => {
    const placed = [await place(), await place()];
    const res = await batch('cmo', {
      items: placed.map((o) => ({ orderId: o.id, status: 'rejected', comment: 'Cyclotron down' })),
      electronicSignature: DEMO_PASSWORD,
    });
    expect(res.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    for (const o of placed) {
      expect(await auditRowsOf(o.id)).toEqual([
        { signed: true, meaning: 'Rejected Order', reason: 'Cyclotron down' },
      ]);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id));
      expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'Cyclotron down' });
      expect(await mailsAbout(o.number, 'rejected')).toBeGreaterThan(0);
    }
  });

  it('refuses an order no longer pending in its row and still accepts the others', async () => {
    const [first, taken, last] = [await place(), await place(), await place()];
    expect((await changeStatus(t, 'cmo', taken!.id, actionBody('reject'))).statusCode).toBe(200);
    const res = await batch('cmo', {
      items: [accept(first!.id), accept(taken!.id), accept(last!.id)],
      electronicSignature: DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const [a, b, c] = res.json().results;
    expect(a).toEqual({ orderId: first!.id, ok: true, status: 'accepted' });
    expect(b).toMatchObject({
      orderId: taken!.id,
      ok: false,
      code: 'INVALID_STATUS_TRANSITION',
      message: messages.invalidStatusTransition('rejected', 'accepted'),
    });
    expect(c).toEqual({ orderId: last!.id, ok: true, status: 'accepted' });
    expect((await rowsOf([first!.id, taken!.id, last!.id])).map((r) => r.status)).toEqual([
      'accepted',
      'rejected',
      'accepted',
    ]);
    // The refused order got no second audit row and no acceptance mail.
    expect(await auditRowsOf(taken!.id)).toHaveLength(1);
    expect(await mailsAbout(taken!.number, 'accepted')).toBe(0);
  });

  it("answers another CMO's order as not found in its row, without saying more, and changes nothing of it", async () => {
    const ours = await place();
    const theirs = await place();
    // multi acting as Pacific Radiopharma: the Boston orders are not its company's.
    const pacific = await roleId(t, 'multi', 'Pacific Radiopharma');
    const res = await batch(
      'multi',
      {
        items: [accept(theirs.id), { orderId: 99_999_999, status: 'rejected', comment: 'x' }],
        electronicSignature: DEMO_PASSWORD,
      },
      pacific,
    );
    expect(res.statusCode).toBe(200);
    const [foreign, missing] = res.json().results;
    expect(foreign).toEqual({
      orderId: theirs.id,
      ok: false,
      code: 'NOT_FOUND',
      message: 'Order not found',
      errors: [],
    });
    // The same answer as an order that does not exist: nothing tells them apart.
    expect({ ...missing, orderId: theirs.id }).toEqual(foreign);
    expect((await rowsOf([theirs.id, ours.id])).map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(await auditRowsOf(theirs.id)).toHaveLength(0);
  });

  it('refuses per row what the role may not do (a site accepting), as the single call would', async () => {
    const order = await place();
    const res = await batch('site', { items: [accept(order.id)], electronicSignature: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ orderId: order.id, ok: false, code: 'FORBIDDEN' });
    expect((await rowsOf([order.id]))[0]!.status).toBe('pending');
  });

  it('refuses per row a projected delivery in the past or far from the calibration', async () => {
    const [past, far, fine] = [await place(), await place(), await place()];
    const res = await batch('cmo', {
      items: [accept(past.id, '2027-02-27T09:00'), accept(far.id, '2027-06-01T09:00'), accept(fine.id)],
      electronicSignature: DEMO_PASSWORD,
    });
    const [a, b, c] = res.json().results;
    expect(a.errors).toEqual([
      expect.objectContaining({ parameter: 'relatedDatetime', message: messages.projectedDeliveryInPast }),
    ]);
    expect(b.errors).toEqual([
      expect.objectContaining({
        parameter: 'relatedDatetime',
        message: messages.projectedDeliveryFarFromCalibration(limits.projectedDeliveryMaxDaysFromCalibration),
      }),
    ]);
    expect(c).toMatchObject({ ok: true });
  });

  it('refuses in its row an item without what its action needs (a reason), as the single call would', async () => {
    const [bare, fine] = [await place(), await place()];
    const res = await batch('cmo', {
      items: [{ orderId: bare.id, status: 'rejected' }, accept(fine.id)],
      electronicSignature: DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const single = await changeStatus(t, 'cmo', bare.id, {
      status: 'rejected',
      electronicSignature: DEMO_PASSWORD,
    });
    expect(single.statusCode).toBe(400);
    expect(res.json().results).toEqual([
      { orderId: bare.id, ok: false, ...single.json() },
      { orderId: fine.id, ok: true, status: 'accepted' },
    ]);
    expect(single.json().errors).toEqual([expect.objectContaining({ parameter: 'comment' })]);
    expect((await rowsOf([bare.id, fine.id])).map((r) => r.status)).toEqual(['pending', 'accepted']);
  });

  it('does nothing at all on a wrong or missing e-signature', async () => {
    const placed = [await place(), await place()];
    for (const electronicSignature of ['Wrong1234', undefined]) {
      const res = await batch('cmo', {
        items: placed.map((o) => accept(o.id)),
        ...(electronicSignature ? { electronicSignature } : {}),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'ESIGN_FAILED',
        errors: [expect.objectContaining({ parameter: 'electronicSignature' })],
      });
    }
    expect((await rowsOf(placed.map((o) => o.id))).map((r) => r.status)).toEqual(['pending', 'pending']);
    for (const o of placed) expect(await auditRowsOf(o.id)).toHaveLength(0);
  });

  it('refuses malformed batches whole: empty, repeated orders, too many, a field of the wrong form', async () => {
    const order = await place();
    const bad = [
      { items: [] },
      { items: [accept(order.id), accept(order.id)] },
      { items: Array.from({ length: limits.statusBatchMax + 1 }, (_, i) => accept(i + 1)) },
      { items: [{ orderId: order.id, status: 'rejected', comment: 7 }] },
    ];
    for (const body of bad) {
      const res = await batch('cmo', { ...body, electronicSignature: DEMO_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await rowsOf([order.id]))[0]!.status).toBe('pending');
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const op = doc.paths['/api/v1/orders/status-batch']?.post;
    expect(op?.requestBody).toBeDefined();
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '403']));
  });
});
