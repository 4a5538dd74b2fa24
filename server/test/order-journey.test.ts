import { limits, messages, RECEIPT_TOLERANCE_DEFAULT_PERCENT } from '@dosechain/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  doseSlots,
  drugs,
  orderAdministrations,
  orderReceipts,
  orderShipments,
  orders,
  radionuclides,
  users,
  webhookDeliveries,
  webhooks,
} from '../src/kernel/db/schema.ts';
import type { TestApp } from './helpers.ts';
import {
  actionBody,
  changeStatus,
  type OrderIds,
  type orderPlacer,
  orderTestApp,
  roleId,
} from './order-fixtures.ts';

// Issue 35, decision 058: the CMO ships an accepted order with its lot, assay and expiry.
// NOW is 2027-03-01 00:00 in Chicago (Windy City Imaging, the orders' imaging center).

let t: TestApp;
let place: ReturnType<typeof orderPlacer>;
let ids: OrderIds;

beforeAll(async () => {
  ({ t, place, ids } = await orderTestApp());
});
afterAll(() => t.close());

const accepted = async (over: Record<string, unknown> = {}) => {
  const order = await place(over);
  const res = await changeStatus(t, 'cmo', order.id, actionBody('accept'));
  expect(res.statusCode).toBe(200);
  return order;
};

const statusOf = async (id: number) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

const shipmentRows = (id: number) => t.db.select().from(orderShipments).where(eq(orderShipments.orderId, id));

/** The 400 of a ship with `over`, on `parameter` with `message`; nothing shipped. */
async function refusedShip(over: Record<string, unknown>, parameter: string, message?: string) {
  const order = await accepted();
  const res = await changeStatus(t, 'cmo', order.id, actionBody('ship', over));
  expect(res.statusCode, JSON.stringify(over)).toBe(400);
  expect(res.json().errors).toContainEqual(
    expect.objectContaining({ parameter, ...(message ? { message } : {}) }),
  );
  expect(await statusOf(order.id)).toBe('accepted');
  expect(await shipmentRows(order.id)).toEqual([]);
}

describe('shipping an order (PUT /orders/{id}/status, status "shipped")', () => {
  it('[ORD-015] records the lot, assay, expiry and courier, read in the imaging center zone, signed and audited', async () => {
    const order = await accepted({ requestedActivity: 10 });
    const res = await changeStatus(t, 'cmo', order.id, actionBody('ship', { reasonForChange: 'Released' }));
    expect(res.statusCode).toBe(200);
    const shipment = {
      lotNumber: 'FDG-270228-01',
      assayedActivity: 12,
      activityUnit: 'mCi',
      assayedAt: '2027-03-01T05:00:00.000Z',
      expiresAt: '2027-03-01T18:00:00.000Z',
      courier: 'MedExpress',
      trackingNumber: 'ME-123456789',
    };
    expect(res.json()).toMatchObject({ status: 'shipped', shippedAt: '2027-03-01T05:30:00.000Z', shipment });
    const read = await t.request('site', { method: 'GET', url: `/api/v1/orders/${order.id}` });
    expect(read.json()).toMatchObject({ status: 'shipped', shippedAt: '2027-03-01T05:30:00.000Z', shipment });
    const shippedOnly = encodeURIComponent(JSON.stringify([{ field: 'status', op: 'eq', value: 'shipped' }]));
    const list = await t.request('imaging', {
      method: 'GET',
      url: `/api/v1/orders?size=100&filter=${shippedOnly}`,
    });
    expect(list.json().items.every((o: { status: string }) => o.status === 'shipped')).toBe(true);
    expect(list.json().items.find((o: { id: number }) => o.id === order.id)).toMatchObject({ shipment });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, order.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      signed: true,
      signatureMeaning: 'Shipped Order',
      actorUsername: 'cmo',
      reason: 'Released',
      changeset: {
        status: ['accepted', 'shipped'],
        shippedAt: [null, '2027-03-01T05:30:00.000Z'],
        shipment: [null, shipment],
      },
    });
  });

  it('takes the assay in the unit of the availability when the order requested no activity, and a zone of its own', async () => {
    const order = await accepted();
    const res = await changeStatus(
      t,
      'staff',
      order.id,
      actionBody('ship', {
        relatedDatetime: '2027-03-01T06:30',
        assayedAt: '2027-03-01T06:00',
        expiresAt: '2027-03-01T19:00',
        timezone: 'Europe/Berlin',
        courier: undefined,
        trackingNumber: '  ',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      shippedAt: '2027-03-01T05:30:00.000Z',
      shipment: {
        activityUnit: 'mCi',
        assayedAt: '2027-03-01T05:00:00.000Z',
        expiresAt: '2027-03-01T18:00:00.000Z',
        courier: null,
        trackingNumber: null,
      },
    });
  });

  it('[ORD-016] is the order CMO’s (or staff’s): an imaging center or a site gets 403, another CMO 404', async () => {
    const order = await accepted();
    for (const user of ['imaging', 'site']) {
      const res = await changeStatus(t, user, order.id, actionBody('ship'));
      expect(res.statusCode, user).toBe(403);
    }
    const pacific = await roleId(t, 'multi', 'Pacific Radiopharma');
    const other = await changeStatus(t, 'multi', order.id, actionBody('ship'), pacific);
    expect([other.statusCode, other.json().message]).toEqual([404, 'Order not found']);
    expect(await statusOf(order.id)).toBe('accepted');
    expect(await shipmentRows(order.id)).toEqual([]);
  });

  it('[ORD-017] needs the lot (at most 50) and the expiry; the assay for a radioactive drug, with its time', async () => {
    await refusedShip({ lotNumber: undefined }, 'lotNumber', messages.required);
    await refusedShip({ lotNumber: '   ' }, 'lotNumber');
    await refusedShip({ lotNumber: 'L'.repeat(limits.lotNumberMax + 1) }, 'lotNumber');
    await refusedShip({ expiresAt: undefined }, 'expiresAt', messages.required);
    await refusedShip({ courier: 'c'.repeat(limits.courierMax + 1) }, 'courier');
    await refusedShip({ trackingNumber: 't'.repeat(limits.trackingNumberMax + 1) }, 'trackingNumber');
    // FDG is radioactive (F-18): its assay is required.
    await refusedShip(
      { assayedActivity: undefined, assayedAt: undefined },
      'assayedActivity',
      messages.assayRequiredForRadioactiveDrug,
    );
    await refusedShip({ assayedAt: undefined }, 'assayedAt', messages.required);
    await refusedShip({ assayedActivity: -1 }, 'assayedActivity');
  });

  it('[ORD-018] refuses journey times in the future or out of order, and an expiry not after the assay', async () => {
    await refusedShip(
      { relatedDatetime: '2027-03-01T00:10' },
      'relatedDatetime',
      messages.journeyTimeInFuture,
    );
    await refusedShip({ assayedAt: '2027-03-01T00:10' }, 'assayedAt', messages.journeyTimeInFuture);
    await refusedShip(
      { assayedAt: '2027-02-27T22:00' },
      'assayedAt',
      messages.measurementFarFromEvent(limits.journeyMeasurementMaxHours),
    );
    await refusedShip({ expiresAt: '2027-02-28T23:00' }, 'expiresAt', messages.expiryNotAfterAssay);
    await refusedShip({ expiresAt: '2027-02-28T22:00' }, 'expiresAt', messages.expiryNotAfterAssay);
    await refusedShip({ expiresAt: '2027-03-14T02:30', timezone: 'America/New_York' }, 'expiresAt');
    // Within the clock skew, a dispatch a few minutes ahead passes.
    const order = await accepted();
    const skew = await changeStatus(
      t,
      'cmo',
      order.id,
      actionBody('ship', { relatedDatetime: '2027-03-01T00:04', assayedAt: '2027-03-01T00:03' }),
    );
    expect(skew.statusCode).toBe(200);
    // A delivery before the dispatch is out of order.
    const early = await changeStatus(
      t,
      'cmo',
      order.id,
      actionBody('deliver', { relatedDatetime: '2027-03-01T00:02' }),
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toContainEqual(
      expect.objectContaining({ parameter: 'relatedDatetime', message: messages.beforeShipment }),
    );
    const delivered = await changeStatus(
      t,
      'cmo',
      order.id,
      actionBody('deliver', { relatedDatetime: '2027-03-01T00:04' }),
    );
    expect(delivered.json()).toMatchObject({ status: 'delivered', deliveredAt: '2027-03-01T06:04:00.000Z' });
  });

  it('[ORD-019] refuses to ship a dose already expired (409 DOSE_EXPIRED)', async () => {
    const order = await accepted();
    const res = await changeStatus(
      t,
      'cmo',
      order.id,
      actionBody('ship', {
        relatedDatetime: '2027-02-28T20:00',
        assayedAt: '2027-02-28T19:30',
        expiresAt: '2027-02-28T23:45',
      }),
    );
    expect([res.statusCode, res.json().code]).toEqual([409, 'DOSE_EXPIRED']);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ parameter: 'expiresAt' }));
    expect(await statusOf(order.id)).toBe('accepted');
  });

  it('[ORD-020] keeps a shipped dose: no cancel from shipped, the dose stays booked; only delivery follows', async () => {
    const order = await accepted();
    await changeStatus(t, 'cmo', order.id, actionBody('ship'));
    const [before] = await t.db
      .select({ booked: doseSlots.booked })
      .from(doseSlots)
      .innerJoin(orders, eq(orders.doseSlotId, doseSlots.id))
      .where(eq(orders.id, order.id));
    for (const user of ['site', 'imaging', 'admin']) {
      const cancel = await changeStatus(t, user, order.id, actionBody('cancel'));
      expect([cancel.statusCode, cancel.json().code], user).toEqual([409, 'INVALID_STATUS_TRANSITION']);
    }
    const again = await changeStatus(t, 'cmo', order.id, actionBody('ship'));
    expect(again.statusCode).toBe(409);
    const [after] = await t.db
      .select({ booked: doseSlots.booked })
      .from(doseSlots)
      .innerJoin(orders, eq(orders.doseSlotId, doseSlots.id))
      .where(eq(orders.id, order.id));
    expect(after).toEqual(before);
    expect(await shipmentRows(order.id)).toHaveLength(1);
    const delivered = await changeStatus(t, 'staff', order.id, actionBody('deliver'));
    expect(delivered.json()).toMatchObject({ status: 'delivered', shipment: { lotNumber: 'FDG-270228-01' } });
  });

  it('ships in a batch under one signature, each item with its own shipment', async () => {
    const [a, b] = [await accepted(), await accepted()];
    const res = await t.request('cmo', {
      method: 'POST',
      url: '/api/v1/orders/status-batch',
      payload: {
        items: [
          { orderId: a.id, ...actionBody('ship', { electronicSignature: undefined }) },
          { orderId: b.id, ...actionBody('ship', { electronicSignature: undefined, lotNumber: 'FDG-2' }) },
        ],
        electronicSignature: actionBody('ship').electronicSignature,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { orderId: a.id, ok: true, status: 'shipped' },
      { orderId: b.id, ok: true, status: 'shipped' },
    ]);
    expect((await shipmentRows(b.id))[0]!.lotNumber).toBe('FDG-2');
  });

  it('[ORD-020] of a ship and a cancel at the same moment, exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await accepted();
      const [ship, cancel] = await Promise.all([
        changeStatus(t, 'cmo', order.id, actionBody('ship')),
        changeStatus(t, 'site', order.id, actionBody('cancel')),
      ]);
      expect([ship.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const status = await statusOf(order.id);
      expect(status).toBe(ship.statusCode === 200 ? 'shipped' : 'canceled');
      expect(await shipmentRows(order.id)).toHaveLength(status === 'shipped' ? 1 : 0);
    }
  });
});

describe('receiving an order (status "delivered" with a receipt)', () => {
  // F-18's half-life in the reference data: 109.77 min. The fixture's shipment: 12 mCi assayed
  // at 23:00 on Feb 28 (Chicago); received 50 minutes later at 23:50:
  // 12 · 2^(−50/109.77) = 8.7511 mCi expected.
  const expectedAt2350 = 12 * 2 ** (-50 / 109.77);

  const shipped = async () => {
    const order = await accepted({ requestedActivity: 10 });
    expect((await changeStatus(t, 'cmo', order.id, actionBody('ship'))).statusCode).toBe(200);
    return order;
  };
  /** A delivery at 23:55 (Chicago) with `over`; an assay's time is 23:50 unless `over` says otherwise. */
  const receive = (id: number, over: Record<string, unknown>, user = 'staff') =>
    changeStatus(
      t,
      user,
      id,
      actionBody('deliver', {
        relatedDatetime: '2027-02-28T23:55',
        ...('receivedActivity' in over ? { receivedAt: '2027-02-28T23:50' } : {}),
        ...over,
      }),
    );
  const receiptRows = (id: number) => t.db.select().from(orderReceipts).where(eq(orderReceipts.orderId, id));

  it('[ORD-021] compares the received assay with the shipment’s assay decayed to it, within the tolerance', async () => {
    expect(expectedAt2350).toBeCloseTo(8.7511, 4);
    const order = await shipped();
    const res = await receive(order.id, { receivedActivity: 8.5 });
    expect(res.statusCode).toBe(200);
    const receipt = res.json().receipt;
    expect(receipt).toMatchObject({
      receivedActivity: 8.5,
      receivedAt: '2027-03-01T05:50:00.000Z',
      activityUnit: 'mCi',
      tolerancePercent: RECEIPT_TOLERANCE_DEFAULT_PERCENT,
      packageCondition: 'intact',
      deviation: false,
      comment: null,
    });
    expect(receipt.expectedActivity).toBeCloseTo(expectedAt2350, 9);
    expect(receipt.deviationPercent).toBeCloseTo(((8.5 - expectedAt2350) / expectedAt2350) * 100, 9);
    const read = await t.request('site', { method: 'GET', url: `/api/v1/orders/${order.id}` });
    expect(read.json().receipt).toEqual(receipt);
  });

  it('[ORD-022] calls a receipt outside the tolerance or a damaged package a deviation, whose reason is required', async () => {
    // 7.5 mCi is 14.3 % short of 8.7511: outside 10 %.
    const order = await shipped();
    const noReason = await receive(order.id, { receivedActivity: 7.5 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toContainEqual(
      expect.objectContaining({ parameter: 'comment', message: messages.receiptOutsideTolerance(10) }),
    );
    expect(await statusOf(order.id)).toBe('shipped');
    const res = await receive(order.id, { receivedActivity: 7.5, comment: 'Assay low, dose used' });
    expect(res.statusCode).toBe(200);
    expect(res.json().receipt).toMatchObject({ deviation: true, comment: 'Assay low, dose used' });
    expect(res.json().receipt.deviationPercent).toBeCloseTo(
      ((7.5 - expectedAt2350) / expectedAt2350) * 100,
      9,
    );

    const damaged = await shipped();
    const refused = await receive(damaged.id, { packageCondition: 'damaged' });
    expect(refused.json().errors).toContainEqual(
      expect.objectContaining({ parameter: 'comment', message: messages.damagedPackageReason }),
    );
    const taken = await receive(damaged.id, { packageCondition: 'damaged', comment: 'Lead pot dented' });
    expect(taken.json().receipt).toMatchObject({
      packageCondition: 'damaged',
      deviation: true,
      receivedActivity: null,
      comment: 'Lead pot dented',
    });

    // The drug's own tolerance, set on the drug (staff's form): 20 % lets 7.5 through.
    const [fdg] = await t.db
      .select({ id: drugs.id })
      .from(drugs)
      .where(eq(drugs.name, 'Fludeoxyglucose F18'));
    const set = (receiptTolerancePercent: number | null) =>
      t.request('admin', {
        method: 'PUT',
        url: `/api/v1/drugs/${fdg!.id}`,
        payload: { receiptTolerancePercent, electronicSignature: actionBody('ship').electronicSignature },
      });
    expect((await set(20)).json()).toMatchObject({ receiptTolerancePercent: 20 });
    const wide = await shipped();
    const within = await receive(wide.id, { receivedActivity: 7.5 });
    expect(within.json().receipt).toMatchObject({ deviation: false, tolerancePercent: 20 });
    expect((await set(0)).statusCode).toBe(400);
    expect((await set(null)).json()).toMatchObject({ receiptTolerancePercent: null });
  });

  it('expects the requested activity decayed from the calibration when the order was not shipped', async () => {
    // Requested 10 mCi at calibration 2027-03-01T12:00Z (07:00 in New York, the CMO's window);
    // received at 05:50Z, 370 min before: 10 · 2^(370/109.77) = 103.44 mCi expected.
    const expected = 10 * 2 ** (370 / 109.77);
    expect(expected).toBeCloseTo(103.44, 2);
    const order = await place({ requestedActivity: 10, calibrationDatetime: '2027-03-01T12:00:00.000Z' });
    const accept = await changeStatus(
      t,
      'cmo',
      order.id,
      actionBody('accept', { relatedDatetime: '2027-03-01T05:00' }),
    );
    expect(accept.statusCode).toBe(200);
    const res = await receive(order.id, { receivedActivity: 99 });
    expect(res.statusCode).toBe(200);
    expect(res.json().receipt.expectedActivity).toBeCloseTo(expected, 9);
    expect(res.json().receipt).toMatchObject({ deviation: false, activityUnit: 'mCi' });
  });

  it('keeps the seed’s path: a delivery without an assay records an intact receipt with no figures', async () => {
    const order = await accepted();
    const res = await changeStatus(t, 'cmo', order.id, actionBody('deliver'));
    expect(res.json()).toMatchObject({
      status: 'delivered',
      shipment: null,
      receipt: {
        receivedActivity: null,
        expectedActivity: null,
        packageCondition: 'intact',
        deviation: false,
      },
    });
  });

  it('[ORD-018] refuses a receipt assay in the future, far from the delivery, or without its time', async () => {
    const order = await shipped();
    const refused = async (over: Record<string, unknown>, parameter: string, message?: string) => {
      const res = await receive(order.id, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ parameter, ...(message ? { message } : {}) }),
      );
    };
    await refused(
      { receivedActivity: 8.5, receivedAt: '2027-03-01T00:30' },
      'receivedAt',
      messages.journeyTimeInFuture,
    );
    await refused(
      { receivedActivity: 8.5, receivedAt: '2027-02-27T20:00' },
      'receivedAt',
      messages.measurementFarFromEvent(limits.journeyMeasurementMaxHours),
    );
    await refused({ receivedActivity: 8.5, receivedAt: undefined }, 'receivedAt', messages.required);
    await refused({ packageCondition: 'lost' }, 'packageCondition');
    await refused({ relatedDatetime: '2027-02-28T23:10' }, 'relatedDatetime', messages.beforeShipment);
    expect(await receiptRows(order.id)).toEqual([]);
    expect(await statusOf(order.id)).toBe('shipped');
  });
});

describe('recording the administration (PUT /orders/{id}/administration)', () => {
  /** An order shipped with the fixture's shipment and delivered at 23:30 (Chicago) on Feb 28. */
  const delivered = async (ship: Record<string, unknown> = {}) => {
    const order = await accepted({ requestedActivity: 10 });
    expect((await changeStatus(t, 'cmo', order.id, actionBody('ship', ship))).statusCode).toBe(200);
    const res = await changeStatus(
      t,
      'staff',
      order.id,
      actionBody('deliver', { relatedDatetime: '2027-02-28T23:30' }),
    );
    expect(res.statusCode).toBe(200);
    return order;
  };
  const administer = (id: number, body: Record<string, unknown>, user = 'staff') =>
    t.request(user, {
      method: 'PUT',
      url: `/api/v1/orders/${id}/administration`,
      payload: { electronicSignature: actionBody('ship').electronicSignature, ...body },
    });
  const given = {
    administered: true,
    relatedDatetime: '2027-02-28T23:50',
    measuredActivity: 10,
    measuredAt: '2027-02-28T23:40',
    residualActivity: 0.5,
    residualAt: '2027-02-28T23:55',
  };

  /** Gives the FDG drug another radionuclide for the length of `run` (the half-life is read live). */
  async function withRadionuclide(name: string, run: () => Promise<void>) {
    const [fdg] = await t.db.select().from(drugs).where(eq(drugs.name, 'Fludeoxyglucose F18'));
    const [nuclide] = await t.db
      .select({ id: radionuclides.id })
      .from(radionuclides)
      .where(eq(radionuclides.name, name));
    await t.db.update(drugs).set({ radionuclideId: nuclide!.id }).where(eq(drugs.id, fdg!.id));
    try {
      await run();
    } finally {
      await t.db.update(drugs).set({ radionuclideId: fdg!.radionuclideId }).where(eq(drugs.id, fdg!.id));
    }
  }

  it('[ORD-023] computes the administered activity: F-18, Ga-68 and Lu-177 against hand-computed values', async () => {
    // A_m · 2^(−(t_inj − t_m)/T½) − A_r · 2^((t_r − t_inj)/T½), times in minutes:
    // measured 10 mCi 10 min before the injection, 0.5 mCi left 5 min after it.
    const f18 = 10 * 2 ** (-10 / 109.77) - 0.5 * 2 ** (5 / 109.77); // 8.8720 mCi
    const ga68 = 10 * 2 ** (-10 / 67.71) - 0.5 * 2 ** (5 / 67.71); // 8.5007 mCi
    // Lu-177 (6.6443 d = 9567.792 min): measured 230 min before, residual 8 min after.
    const lu177 = 10 * 2 ** (-230 / 9567.792) - 0.5 * 2 ** (8 / 9567.792); // 9.3345 mCi
    expect([f18, ga68, lu177].map((v) => Number(v.toFixed(4)))).toEqual([8.872, 8.5007, 9.3345]);

    const order = await delivered();
    const res = await administer(order.id, given);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().administration;
    expect(a).toMatchObject({
      administered: true,
      injectedAt: '2027-03-01T05:50:00.000Z',
      measuredActivity: 10,
      measuredAt: '2027-03-01T05:40:00.000Z',
      residualActivity: 0.5,
      residualAt: '2027-03-01T05:55:00.000Z',
      activityUnit: 'mCi',
      reason: null,
      comment: null,
    });
    expect(a.administeredActivity).toBeCloseTo(f18, 9);
    expect(a.administeredActivityMci).toBeCloseTo(f18, 9);
    expect(a.administeredActivityMbq).toBeCloseTo(f18 * 37, 7);
    // Stored as computed: read back, the same number.
    const read = await t.request('site', { method: 'GET', url: `/api/v1/orders/${order.id}` });
    expect(read.json().administration.administeredActivity).toBe(a.administeredActivity);

    await withRadionuclide('Ga-68', async () => {
      const ga = await delivered();
      const res68 = await administer(ga.id, given);
      expect(res68.json().administration.administeredActivity).toBeCloseTo(ga68, 9);
    });
    await withRadionuclide('Lu-177', async () => {
      const lu = await delivered();
      const res177 = await administer(lu.id, {
        ...given,
        measuredAt: '2027-02-28T20:00',
        residualAt: '2027-02-28T23:58',
      });
      expect(res177.json().administration.administeredActivity).toBeCloseTo(lu177, 9);
    });
  });

  it('[ORD-026] shows the journey to an API key with orders:read, and in the list', async () => {
    const order = await delivered();
    await administer(order.id, given);
    const key = await t.request('staff', {
      method: 'POST',
      url: `/api/v1/studies/${ids.study}/api-keys`,
      payload: {
        name: 'Journey reader',
        siteId: ids.chicago,
        scopes: ['orders:read'],
        validDays: 30,
        electronicSignature: actionBody('ship').electronicSignature,
      },
    });
    expect(key.statusCode, key.body).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}`,
      headers: { authorization: `Bearer ${key.json().secret}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'delivered',
      shippedAt: '2027-03-01T05:30:00.000Z',
      shipment: { lotNumber: 'FDG-270228-01' },
      receipt: { packageCondition: 'intact' },
      administration: { administered: true, injectedAt: '2027-03-01T05:50:00.000Z' },
    });
    const sorted = await t.request('staff', { method: 'GET', url: '/api/v1/orders?size=5&sort=-shipped_at' });
    expect(sorted.statusCode).toBe(200);
  });

  it('[ORD-024] records a dose not given with its reason, and a correction with a reason for change, both versions audited', async () => {
    const order = await delivered();
    const missing = await administer(order.id, { administered: false });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual(expect.objectContaining({ parameter: 'comment' }));
    const notGiven = await administer(order.id, { administered: false, comment: 'Subject did not attend' });
    expect(notGiven.statusCode).toBe(200);
    expect(notGiven.json().administration).toMatchObject({
      administered: false,
      administeredActivity: null,
      reason: 'other',
      comment: 'Subject did not attend',
    });
    const noReason = await administer(order.id, given);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toContainEqual(expect.objectContaining({ parameter: 'reasonForChange' }));
    const corrected = await administer(order.id, { ...given, reasonForChange: 'Subject came in late' });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().administration).toMatchObject({
      administered: true,
      reason: null,
      comment: null,
    });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, order.id)))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(trail[1]).toMatchObject({
      signed: true,
      signatureMeaning: 'Dose Not Administered',
      reason: 'Subject did not attend',
      changeset: { administration: [null, expect.objectContaining({ administered: false })] },
    });
    expect(trail[0]).toMatchObject({
      signed: true,
      signatureMeaning: 'Administered Dose',
      reason: 'Subject came in late',
      changeset: {
        administration: [
          expect.objectContaining({
            administered: false,
            reason: 'other',
            comment: 'Subject did not attend',
          }),
          expect.objectContaining({ administered: true, measuredActivity: 10 }),
        ],
      },
    });
    const signedWrong = await administer(order.id, {
      ...given,
      reasonForChange: 'x',
      electronicSignature: 'wrong',
    });
    expect([signedWrong.statusCode, signedWrong.json().code]).toEqual([400, 'ESIGN_FAILED']);
  });

  it('[ORD-031] records why a dose was not given: a reason of the list, its comment required only for "other", refused with an injection', async () => {
    // A webhook of the study for the event, written as it is stored (its address is never reached:
    // the delivery's body is what is checked).
    const [staff] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'staff'));
    await t.db.insert(webhooks).values({
      studyId: ids.study,
      url: 'https://receiver.invalid/doses',
      events: ['order.not_administered', 'order.administration_corrected'],
      secretCiphertext: 'not used',
      createdBy: staff!.id,
    });
    const order = await delivered();
    const refusedOn = async (body: Record<string, unknown>, parameter: string) => {
      const res = await administer(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ parameter }));
    };
    await refusedOn({ ...given, reason: 'did_not_attend' }, 'reason');
    await refusedOn({ administered: false, reason: 'other' }, 'comment');
    await refusedOn({ administered: false, reason: 'other', comment: '   ' }, 'comment');
    await refusedOn({ administered: false, reason: 'forgot' }, 'reason');
    expect(
      (await t.request('staff', { method: 'GET', url: `/api/v1/orders/${order.id}` })).json(),
    ).toMatchObject({ administration: null });

    // Without a comment: the reason's label is the audit row's reason.
    const res = await administer(order.id, { administered: false, reason: 'did_not_attend' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().administration).toMatchObject({
      administered: false,
      reason: 'did_not_attend',
      comment: null,
      injectedAt: null,
    });
    const [row] = await t.db
      .select()
      .from(orderAdministrations)
      .where(eq(orderAdministrations.orderId, order.id));
    expect(row).toMatchObject({ administered: false, reason: 'did_not_attend', comment: null });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, order.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      signatureMeaning: 'Dose Not Administered',
      reason: 'Subject did not attend',
      changeset: {
        administration: [null, expect.objectContaining({ administered: false, reason: 'did_not_attend' })],
      },
    });
    // The webhooks' body embeds the order answer, the reason with it.
    const [delivery] = await t.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.orderId, order.id),
          eq(webhookDeliveries.eventType, 'order.not_administered'),
        ),
      );
    expect(JSON.parse(delivery!.payload).data.order.administration).toMatchObject({
      administered: false,
      reason: 'did_not_attend',
    });

    // A correction to another reason, with a comment; then to an injection, which clears the reason.
    const scanner = await administer(order.id, {
      administered: false,
      reason: 'scanner_down',
      comment: 'PET/CT down for service',
      reasonForChange: 'Wrong reason picked',
    });
    expect(scanner.json().administration).toMatchObject({
      reason: 'scanner_down',
      comment: 'PET/CT down for service',
    });
    const injected = await administer(order.id, { ...given, reasonForChange: 'Subject came in late' });
    expect(injected.json().administration).toMatchObject({ administered: true, reason: null, comment: null });
    // Each correction is its own delivery, its body the record as corrected; the first outcome's
    // event was queued once.
    const deliveries = await t.db
      .select({ event: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.orderId, order.id))
      .orderBy(webhookDeliveries.id);
    expect(deliveries.map((d) => d.event)).toEqual([
      'order.not_administered',
      'order.administration_corrected',
      'order.administration_corrected',
    ]);
    const bodies = deliveries.map((d) => JSON.parse(d.payload));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(3);
    expect(bodies[1].data.order.administration).toMatchObject({
      administered: false,
      reason: 'scanner_down',
    });
    expect(bodies[2].data.order.administration).toMatchObject({ administered: true, measuredActivity: 10 });
  });

  it('[ORD-025] is the imaging center’s (or staff’s) on a delivered order: a CMO 403, another company 404, not delivered 409', async () => {
    const order = await delivered();
    expect((await administer(order.id, given, 'cmo')).statusCode).toBe(403);
    expect((await administer(order.id, given, 'site')).statusCode).toBe(403);
    const pacific = await roleId(t, 'multi', 'Pacific Radiopharma');
    const other = await t.request(
      'multi',
      {
        method: 'PUT',
        url: `/api/v1/orders/${order.id}/administration`,
        payload: { ...given, electronicSignature: actionBody('ship').electronicSignature },
      },
      pacific,
    );
    expect(other.statusCode).toBe(404);
    const shippedOnly = await accepted();
    await changeStatus(t, 'cmo', shippedOnly.id, actionBody('ship'));
    const early = await administer(shippedOnly.id, given);
    expect([early.statusCode, early.json().code]).toEqual([409, 'INVALID_STATUS_TRANSITION']);
    const read = await t.request('staff', { method: 'GET', url: `/api/v1/orders/${order.id}` });
    expect(read.json().administration).toBeNull();
  });

  it('[ORD-025] of two first recordings at the same moment, one is recorded and the other is asked for a reason for change', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await delivered();
      const notGiven = { administered: false, reason: 'did_not_attend' };
      const [first, second] = await Promise.all([
        administer(order.id, given),
        administer(order.id, notGiven),
      ]);
      const answers = [first, second].map((res) => res.statusCode);
      expect(answers.sort(), `${first.body} ${second.body}`).toEqual([200, 400]);
      const refused = first.statusCode === 400 ? first : second;
      expect(refused.json().errors).toContainEqual(expect.objectContaining({ parameter: 'reasonForChange' }));
      // What the one that passed recorded, and its audit row alone (the refused one wrote nothing).
      const winner = first.statusCode === 200 ? given : notGiven;
      const rows = await t.db
        .select()
        .from(orderAdministrations)
        .where(eq(orderAdministrations.orderId, order.id));
      expect(rows).toEqual([expect.objectContaining({ administered: winner.administered })]);
      const trail = await t.db
        .select({ meaning: auditLog.signatureMeaning })
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, order.id)));
      expect(
        trail.filter((r) => r.meaning === 'Administered Dose' || r.meaning === 'Dose Not Administered'),
      ).toHaveLength(1);
    }
  });

  it('[ORD-019, ORD-018] refuses an injection after the expiry (409 DOSE_EXPIRED) and journey times out of order (400)', async () => {
    // Expires 00:02 on Mar 1 (Chicago), after NOW (00:00); injected 00:04, within the clock skew.
    const expiring = await delivered({ expiresAt: '2027-03-01T00:02' });
    const late = await administer(expiring.id, {
      ...given,
      relatedDatetime: '2027-03-01T00:04',
      residualAt: '2027-03-01T00:04',
    });
    expect([late.statusCode, late.json().code]).toEqual([409, 'DOSE_EXPIRED']);

    const order = await delivered();
    const refused = async (over: Record<string, unknown>, parameter: string, message?: string) => {
      const res = await administer(order.id, { ...given, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ parameter, ...(message ? { message } : {}) }),
      );
    };
    await refused({ relatedDatetime: '2027-02-28T23:20' }, 'relatedDatetime', messages.beforeDelivery);
    await refused(
      { relatedDatetime: '2027-03-01T00:30', residualAt: undefined, residualActivity: undefined },
      'relatedDatetime',
      messages.journeyTimeInFuture,
    );
    await refused(
      { measuredAt: '2027-02-27T22:00' },
      'measuredAt',
      messages.measurementFarFromEvent(limits.journeyMeasurementMaxHours),
    );
    await refused({ residualAt: '2027-03-01T00:30' }, 'residualAt', messages.journeyTimeInFuture);
    await refused({ residualActivity: 11 }, 'residualActivity', messages.residualAboveMeasured);
    await refused({ measuredActivity: undefined }, 'measuredActivity', messages.required);
    await refused({ residualAt: undefined }, 'residualAt', messages.required);
    await refused({ administered: false, comment: 'x' }, 'measuredActivity', messages.notForThisAction);
    const read = await t.request('staff', { method: 'GET', url: `/api/v1/orders/${order.id}` });
    expect(read.json().administration).toBeNull();
  });
});
