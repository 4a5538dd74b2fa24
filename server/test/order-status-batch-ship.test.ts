import { messages } from '@dosechain/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  companies,
  exams,
  mailOutbox,
  orderShipments,
  orders,
  studies,
  webhookDeliveries,
} from '../src/kernel/db/schema.ts';
import { DEMO_PASSWORD, type TestApp } from './helpers.ts';
import {
  actionBody,
  changeStatus,
  type OrderIds,
  type orderPlacer,
  orderTestApp,
  roleId,
  shipmentBody,
} from './order-fixtures.ts';
import { WebhookReceiver } from './webhook-receiver.ts';

// Issue 35: a bulk Ship is `POST /orders/status-batch` with `status: "shipped"` items, each
// checked and applied as `PUT /orders/{id}/status` would, under one e-signature.
// NOW is 2027-03-01 00:00 in Chicago; the shipment's wall clocks are read on Chicago's clock.

let t: TestApp;
let ids: OrderIds;
let place: ReturnType<typeof orderPlacer>;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  await receiver.listen();
  ({ t, ids, place } = await orderTestApp({
    config: { webhookAllowHttp: true, webhookAllowPrivateNetworks: true },
    webhooks: { pollIntervalMs: 0 },
  }));
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const batch = (user: string, payload: Record<string, unknown>, role?: number) =>
  t.request(user, { method: 'POST', url: '/api/v1/orders/status-batch', payload }, role);

const accepted = async () => {
  const order = await place();
  expect((await changeStatus(t, 'cmo', order.id, actionBody('accept'))).statusCode).toBe(200);
  return order;
};

/** An item of a bulk Ship: the shared fields, on Chicago's clock, and `over`. */
const ship = (orderId: number, over: Record<string, unknown> = {}) => {
  const { electronicSignature: _, ...fields } = actionBody('ship', { timezone: 'America/Chicago' });
  return { orderId, ...fields, ...over };
};

const statusesOf = async (orderIds: number[]) =>
  (
    await t.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, orderIds))
      .orderBy(orders.id)
  ).map((r) => r.status);

const shipmentsOf = (id: number) => t.db.select().from(orderShipments).where(eq(orderShipments.orderId, id));

const shippedAuditRows = (id: number) =>
  t.db
    .select({ signed: auditLog.signed, meaning: auditLog.signatureMeaning, reason: auditLog.reason })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'orders'),
        eq(auditLog.entityId, id),
        eq(auditLog.signatureMeaning, 'Shipped Order'),
      ),
    );

const shippedMails = async (number: number) =>
  (
    await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `Order #${number} shipped %`))
  ).length;

const shippedWebhooks = async (orderId: number) =>
  (
    await t.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.orderId, orderId), eq(webhookDeliveries.eventType, 'order.shipped')))
  ).length;

describe('a bulk Ship (POST /orders/status-batch with status "shipped")', () => {
  it('[ORD-032] ships each order with its own assay under one signature; an item without its lot is refused on the field, alone', async () => {
    const hook = await t.request('staff', {
      method: 'POST',
      url: `/api/v1/studies/${ids.study}/webhooks`,
      payload: { url: receiver.url('/ship'), events: ['order.shipped'], electronicSignature: DEMO_PASSWORD },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const [a, b, c] = [await accepted(), await accepted(), await accepted()];
    const { lotNumber: _, ...withoutLot } = ship(b.id);
    const res = await batch('cmo', {
      items: [ship(a.id, { assayedActivity: 11 }), withoutLot, ship(c.id, { assayedActivity: 13.5 })],
      reasonForChange: 'Released by QA',
      electronicSignature: DEMO_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first, refused, last] = res.json().results;
    expect(first).toEqual({ orderId: a.id, ok: true, status: 'shipped' });
    expect(last).toEqual({ orderId: c.id, ok: true, status: 'shipped' });
    // What the single call answers for the same body: 400 on `lotNumber`.
    const single = await changeStatus(t, 'cmo', b.id, actionBody('ship', { lotNumber: undefined }));
    expect(single.statusCode).toBe(400);
    expect(refused).toEqual({
      orderId: b.id,
      ok: false,
      code: single.json().code,
      message: single.json().message,
      errors: single.json().errors,
    });
    expect(refused.errors).toEqual([
      expect.objectContaining({ parameter: 'lotNumber', message: messages.required }),
    ]);
    expect(await statusesOf([a.id, b.id, c.id])).toEqual(['shipped', 'accepted', 'shipped']);
    // Each shipped order: its shipment with its own assay, one signed audit row, its mails and webhook.
    expect((await shipmentsOf(a.id))[0]).toMatchObject({
      lotNumber: shipmentBody.lotNumber,
      assayedActivity: 11,
      courier: shipmentBody.courier,
    });
    expect((await shipmentsOf(c.id))[0]).toMatchObject({ assayedActivity: 13.5 });
    expect(await shipmentsOf(b.id)).toEqual([]);
    for (const o of [a, c]) {
      expect(await shippedAuditRows(o.id)).toEqual([
        { signed: true, meaning: 'Shipped Order', reason: 'Released by QA' },
      ]);
      expect(await shippedMails(o.number)).toBeGreaterThan(0);
      expect(await shippedWebhooks(o.id)).toBe(1);
    }
    expect(await shippedAuditRows(b.id)).toEqual([]);
    expect(await shippedMails(b.number)).toBe(0);
    expect(await shippedWebhooks(b.id)).toBe(0);
  });

  it('[ORD-032] refuses in its row an expired dose (409 DOSE_EXPIRED) and an order not accepted, as the single call', async () => {
    const [expired, pending, fine] = [await accepted(), await place(), await accepted()];
    const res = await batch('cmo', {
      // Expiring at 23:45, after the dispatch (23:30) but before now (00:00).
      items: [ship(expired.id, { expiresAt: '2027-02-28T23:45' }), ship(pending.id), ship(fine.id)],
      electronicSignature: DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const [a, b, c] = res.json().results;
    expect(a).toEqual({
      orderId: expired.id,
      ok: false,
      code: 'DOSE_EXPIRED',
      message: messages.doseExpired,
      errors: [expect.objectContaining({ parameter: 'expiresAt' })],
    });
    expect(b).toMatchObject({
      orderId: pending.id,
      ok: false,
      code: 'INVALID_STATUS_TRANSITION',
      message: messages.invalidStatusTransition('pending', 'shipped'),
    });
    expect(c).toEqual({ orderId: fine.id, ok: true, status: 'shipped' });
    expect(await statusesOf([expired.id, pending.id, fine.id])).toEqual(['accepted', 'pending', 'shipped']);
    expect(await shipmentsOf(expired.id)).toEqual([]);
  });

  it("[ORD-032] answers another CMO's order as not found in its row and ships the CMO's own", async () => {
    // Pacific Radiopharma's own accepted order (NEURO-AMY-301, Florbetapir, Denver's Front Range PET).
    const id = async (table: typeof companies | typeof studies | typeof exams, name: string) =>
      (await t.db.select({ id: table.id }).from(table).where(eq(table.name, name)))[0]!.id;
    const placed = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/orders',
      payload: {
        studyId: await id(studies, 'NEURO-AMY-301'),
        siteId: await id(companies, 'Rocky Mountain Trials'),
        examId: await id(exams, 'Amyloid PET'),
        imagingCenterId: await id(companies, 'Front Range PET'),
        timePointId: ids.baseline,
        subjectId: 'NEURO-BULK-1',
        calibrationDatetime: '2027-03-08T16:00:00.000Z',
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const own = placed.json() as { id: number };
    const pacific = await roleId(t, 'multi', 'Pacific Radiopharma');
    const accept = await changeStatus(
      t,
      'multi',
      own.id,
      actionBody('accept', { relatedDatetime: '2027-03-08T08:30' }),
      pacific,
    );
    expect(accept.statusCode, accept.body).toBe(200);
    const boston = await accepted();
    const res = await batch(
      'multi',
      { items: [ship(boston.id), ship(own.id)], electronicSignature: DEMO_PASSWORD },
      pacific,
    );
    expect(res.statusCode).toBe(200);
    const single = await changeStatus(t, 'multi', boston.id, actionBody('ship'), pacific);
    expect(single.statusCode).toBe(404);
    expect(res.json().results).toEqual([
      { orderId: boston.id, ok: false, code: 'NOT_FOUND', message: single.json().message, errors: [] },
      { orderId: own.id, ok: true, status: 'shipped' },
    ]);
    expect(await statusesOf([boston.id])).toEqual(['accepted']);
    expect(await shipmentsOf(boston.id)).toEqual([]);
  });

  it('[ORD-032] ships nothing on a wrong e-signature', async () => {
    const [a, b] = [await accepted(), await accepted()];
    const res = await batch('cmo', { items: [ship(a.id), ship(b.id)], electronicSignature: 'Wrong1234' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'ESIGN_FAILED',
      errors: [expect.objectContaining({ parameter: 'electronicSignature' })],
    });
    expect(await statusesOf([a.id, b.id])).toEqual(['accepted', 'accepted']);
    for (const o of [a, b]) {
      expect(await shipmentsOf(o.id)).toEqual([]);
      expect(await shippedAuditRows(o.id)).toEqual([]);
    }
  });
});
