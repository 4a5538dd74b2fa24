import {
  capacityReleasingStatuses,
  messages,
  type OrderStatus,
  orderActionRules,
  orderActions,
  orderStatuses,
} from '@dosechain/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, doseSlots, orders } from '../src/kernel/db/schema.ts';
import type { TestApp } from './helpers.ts';
import {
  actionBody,
  changeStatus,
  demoUserWith,
  NOW,
  type OrderIds,
  orderInStatus,
  type orderPlacer,
  orderTestApp,
  roleId,
} from './order-fixtures.ts';

let t: TestApp;
let ids: OrderIds;
let place: ReturnType<typeof orderPlacer>;

beforeAll(async () => {
  ({ t, ids, place } = await orderTestApp());
});
afterAll(() => t.close());

const orderIn = (status: OrderStatus) => orderInStatus(t, place, status);

const statusOf = async (id: number) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

describe('the transition table, every status x every action, read off the contract', () => {
  const cases = orderStatuses.flatMap((from) =>
    orderActions.flatMap((action) => [true, false].map((permitted) => ({ from, action, permitted }))),
  );
  it.each(cases)('$action from $from, permission $permitted', async ({ from, action, permitted }) => {
    const rule = orderActionRules[action];
    const order = await orderIn(from);
    const user = demoUserWith(rule.permission, permitted);
    const res = await changeStatus(t, user, order.id, actionBody(action));
    if (!permitted) {
      expect(res.statusCode).toBe(403);
      expect(await statusOf(order.id)).toBe(from);
    } else if (rule.from.includes(from)) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: order.id, status: rule.to });
      expect(await statusOf(order.id)).toBe(rule.to);
    } else {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('INVALID_STATUS_TRANSITION');
      expect(await statusOf(order.id)).toBe(from);
    }
  });
});

describe('changing an order status', () => {
  it('[ORD-008] needs the date-time or the comment the action needs, a comment of at most 140', async () => {
    const order = await place();
    const noDate = await changeStatus(
      t,
      'cmo',
      order.id,
      actionBody('accept', { relatedDatetime: undefined }),
    );
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().errors).toContainEqual(expect.objectContaining({ parameter: 'relatedDatetime' }));
    const noReason = await changeStatus(t, 'cmo', order.id, actionBody('reject', { comment: '  ' }));
    expect(noReason.statusCode).toBe(400);
    const long = await changeStatus(t, 'cmo', order.id, actionBody('reject', { comment: 'x'.repeat(141) }));
    expect(long.statusCode).toBe(400);
    const withOffset = await changeStatus(
      t,
      'cmo',
      order.id,
      actionBody('accept', { relatedDatetime: '2027-03-20T09:30:00Z' }),
    );
    expect(withOffset.statusCode).toBe(400);
    const back = await changeStatus(t, 'admin', order.id, { status: 'pending', electronicSignature: 'x' });
    expect(back.statusCode).toBe(400);
    const badSignature = await changeStatus(
      t,
      'cmo',
      order.id,
      actionBody('accept', { electronicSignature: 'wrong' }),
    );
    expect([badSignature.statusCode, badSignature.json().code]).toEqual([400, 'ESIGN_FAILED']);
    expect(await statusOf(order.id)).toBe('pending');
  });

  it('[ORD-007] reads the entered date-time in the imaging center zone by default, stamps acceptedAt with the server clock', async () => {
    const order = await place();
    const res = await changeStatus(
      t,
      'cmo',
      order.id,
      actionBody('accept', { relatedDatetime: '2027-03-08T05:00' }),
    );
    expect(res.statusCode).toBe(200);
    // Windy City Imaging is America/Chicago: 05:00 CST is 11:00Z.
    expect(res.json()).toMatchObject({
      status: 'accepted',
      projectedDelivery: '2027-03-08T11:00:00.000Z',
      acceptedAt: NOW.toISOString(),
    });
    const delivered = await changeStatus(
      t,
      'staff',
      order.id,
      actionBody('deliver', { relatedDatetime: '2027-03-01T06:15', timezone: 'Europe/Berlin' }),
    );
    expect(delivered.json()).toMatchObject({ status: 'delivered', deliveredAt: '2027-03-01T05:15:00.000Z' });
  });

  it('refuses a projected delivery in the past and a delivery in the future, with a field error (issue 17)', async () => {
    const order = await place();
    const refused = async (action: 'accept' | 'deliver', local: string, message: string) => {
      const res = await changeStatus(t, 'cmo', order.id, actionBody(action, { relatedDatetime: local }));
      expect(res.statusCode, `${action} ${local}`).toBe(400);
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ parameter: 'relatedDatetime', message }),
      );
    };
    // NOW is 2027-03-01 00:00 in Chicago (the imaging center's clock).
    await refused('accept', '1900-01-01T00:00', messages.projectedDeliveryInPast);
    await refused('accept', '2027-02-28T23:50', messages.projectedDeliveryInPast);
    expect(await statusOf(order.id)).toBe('pending');
    // A few minutes of clock skew pass.
    const accepted = await changeStatus(
      t,
      'cmo',
      order.id,
      actionBody('accept', { relatedDatetime: '2027-02-28T23:57' }),
    );
    expect(accepted.statusCode).toBe(200);
    await refused('deliver', '2027-03-02T09:00', messages.deliveryInFuture);
    await refused('deliver', '2027-03-01T00:10', messages.deliveryInFuture);
    expect(await statusOf(order.id)).toBe('accepted');
    const delivered = await changeStatus(
      t,
      'cmo',
      order.id,
      actionBody('deliver', { relatedDatetime: '2027-03-01T00:04' }),
    );
    expect(delivered.json()).toMatchObject({ status: 'delivered', deliveredAt: '2027-03-01T06:04:00.000Z' });
  });

  it('converts across the March daylight-saving change in America/New_York, and refuses a skipped time', async () => {
    const zone = { timezone: 'America/New_York' };
    const at = async (local: string) => {
      const order = await place();
      return changeStatus(t, 'cmo', order.id, actionBody('accept', { relatedDatetime: local, ...zone }));
    };
    // 14 March 2027: clocks go from 02:00 EST to 03:00 EDT.
    expect((await at('2027-03-14T01:30')).json().projectedDelivery).toBe('2027-03-14T06:30:00.000Z');
    expect((await at('2027-03-14T03:30')).json().projectedDelivery).toBe('2027-03-14T07:30:00.000Z');
    expect((await at('2027-03-13T03:30')).json().projectedDelivery).toBe('2027-03-13T08:30:00.000Z');
    const skipped = await at('2027-03-14T02:30');
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json().errors).toContainEqual(
      expect.objectContaining({
        parameter: 'relatedDatetime',
        message: messages.nonexistentLocalTime('America/New_York'),
      }),
    );
    const order = await place();
    const unknownZone = await changeStatus(
      t,
      'cmo',
      order.id,
      actionBody('accept', { timezone: 'Mars/Olympus_Mons' }),
    );
    expect(unknownZone.statusCode).toBe(400);
  });

  it('[ORD-013] lets only the first of two simultaneous conflicting changes win', async () => {
    const twice = await place();
    const accepts = await Promise.all([
      changeStatus(t, 'cmo', twice.id, actionBody('accept')),
      changeStatus(t, 'admin', twice.id, actionBody('accept')),
    ]);
    expect(accepts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(accepts.find((r) => r.statusCode === 409)!.json().code).toBe('INVALID_STATUS_TRANSITION');

    const crowded = await place();
    const many = await Promise.all(
      ['cmo', 'admin', 'cmo', 'admin', 'cmo', 'admin'].map((user) =>
        changeStatus(t, user, crowded.id, actionBody('accept')),
      ),
    );
    expect(many.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(many.filter((r) => r.statusCode === 409)).toHaveLength(5);

    const contested = await place();
    const [accept, cancel] = await Promise.all([
      changeStatus(t, 'cmo', contested.id, actionBody('accept')),
      changeStatus(t, 'site', contested.id, actionBody('cancel')),
    ]);
    const codes = [accept.statusCode, cancel.statusCode];
    // Cancel may also follow a won accept (accepted → canceled); what must never happen is two
    // writers both acting on the same old status: each audit row's old status is the one before it.
    const rows = await t.db
      .select({ changeset: auditLog.changeset })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'orders'),
          eq(auditLog.entityId, contested.id),
          eq(auditLog.eventType, 'update'),
        ),
      )
      .orderBy(auditLog.id);
    const moves = rows.map((r) => (r.changeset as Record<string, [string, string]>).status);
    expect(moves.length).toBe(codes.filter((c) => c === 200).length);
    if (moves.length === 1) expect(codes.sort()).toEqual([200, 409]);
    else
      expect(moves).toEqual([
        ['pending', 'accepted'],
        ['accepted', 'canceled'],
      ]);
  });

  it('audits each change with its signature and reason: the comment for reject and cancel', async () => {
    const rejected = await place();
    await changeStatus(t, 'cmo', rejected.id, actionBody('reject', { comment: 'Cyclotron down' }));
    const accepted = await place();
    await changeStatus(
      t,
      'cmo',
      accepted.id,
      actionBody('accept', { relatedDatetime: '2027-03-09T06:00', reasonForChange: 'Confirmed by phone' }),
    );
    const lastAudit = async (id: number) =>
      (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, id)))
          .orderBy(desc(auditLog.id))
          .limit(1)
      )[0]!;
    expect(await lastAudit(rejected.id)).toMatchObject({
      eventType: 'update',
      reason: 'Cyclotron down',
      signed: true,
      signatureMeaning: 'Rejected Order',
      actorUsername: 'cmo',
      changeset: { status: ['pending', 'rejected'], rejectionReason: [null, 'Cyclotron down'] },
    });
    expect(await lastAudit(accepted.id)).toMatchObject({
      reason: 'Confirmed by phone',
      signatureMeaning: 'Accepted Order',
      changeset: { status: ['pending', 'accepted'], projectedDelivery: [null, '2027-03-09T12:00:00.000Z'] },
    });
    const trail = await t.request('staff', {
      method: 'GET',
      url: `/api/v1/audit-logs/changeset/orders/${rejected.id}`,
    });
    expect(trail.json().at(-1)).toMatchObject({ reason: 'Cyclotron down', eventType: 'update' });
  });

  it('[ORD-013] gives the dose back on reject and cancel: the day shows again and a new order takes it', async () => {
    expect(capacityReleasingStatuses).toEqual(['rejected', 'canceled']);
    const day = '2027-03-31';
    const at = `${day}T16:00:00.000Z`;
    const remaining = async () => {
      const q = `studyId=${ids.study}&examId=${ids.fdg}&siteId=${ids.chicago}&from=${day}&to=2027-04-01`;
      const days = (
        await t.request('site', { method: 'GET', url: `/api/v1/drug-availabilities/search?${q}` })
      ).json();
      return (days as { date: string; remaining: number }[]).find((d) => d.date === day)?.remaining ?? 0;
    };
    const start = await remaining();
    const taken = [];
    for (let i = 0; i < start; i++) taken.push(await place({ calibrationDatetime: at }));
    expect(await remaining()).toBe(0);
    const full = await place({ calibrationDatetime: at }).catch((e: Error) => e.message);
    expect(full).toContain('AVAILABILITY_SLOT_FULL');

    await changeStatus(t, 'cmo', taken[0]!.id, actionBody('reject'));
    expect(await remaining()).toBe(1);
    await place({ calibrationDatetime: at });
    expect(await remaining()).toBe(0);

    await changeStatus(t, 'admin', taken[1]!.id, actionBody('accept'));
    await changeStatus(t, 'site', taken[1]!.id, actionBody('cancel'));
    expect(await remaining()).toBe(1);
    // Delivering does not give a dose back.
    await changeStatus(t, 'admin', taken[2]!.id, actionBody('accept'));
    await changeStatus(t, 'staff', taken[2]!.id, actionBody('deliver'));
    expect(await remaining()).toBe(1);
    const [slot] = await t.db
      .select({ booked: doseSlots.booked, capacity: doseSlots.capacity })
      .from(doseSlots)
      .innerJoin(orders, eq(orders.doseSlotId, doseSlots.id))
      .where(eq(orders.id, taken[2]!.id));
    expect(slot!.capacity - slot!.booked).toBe(1);
  });

  it('[ORD-011] keeps to the company scope: another CMO or another site gets 404 for reading and acting', async () => {
    const order = await place();
    const pacific = await roleId(t, 'multi', 'Pacific Radiopharma');
    const denver = await roleId(t, 'multi', 'Rocky Mountain Trials');
    for (const role of [pacific, denver]) {
      const read = await t.request('multi', { method: 'GET', url: `/api/v1/orders/${order.id}` }, role);
      expect([read.statusCode, read.json().message]).toEqual([404, 'Order not found']);
      const list = await t.request('multi', { method: 'GET', url: '/api/v1/orders?size=100' }, role);
      expect(list.json().items.map((o: { id: number }) => o.id)).not.toContain(order.id);
      const resend = await t.request(
        'multi',
        { method: 'POST', url: `/api/v1/orders/${order.id}/notifications` },
        role,
      );
      // As the CMO, the scope is its company's: not found. As the site, resending is not a
      // site's to do (the role's ceiling), whatever multi's CMO group grants.
      expect(resend.statusCode).toBe(role === pacific ? 404 : 403);
    }
    const accept = await changeStatus(t, 'multi', order.id, actionBody('accept'), pacific);
    expect(accept.statusCode).toBe(404);
    const cancel = await changeStatus(t, 'multi', order.id, actionBody('cancel'), denver);
    expect(cancel.statusCode).toBe(404);
    expect(await statusOf(order.id)).toBe('pending');
    const missing = await changeStatus(t, 'admin', 2_000_000, actionBody('accept'));
    expect(missing.statusCode).toBe(404);
  });

  it('[AVL-008] lists the pending and accepted orders of an availability or an exam (View Related Orders)', async () => {
    const order = await place();
    const [slot] = await t.db
      .select({ availabilityId: doseSlots.availabilityId })
      .from(doseSlots)
      .innerJoin(orders, eq(orders.doseSlotId, doseSlots.id))
      .where(eq(orders.id, order.id));
    const related = (field: string, value: number) =>
      encodeURIComponent(
        JSON.stringify([
          { field, op: 'eq', value },
          { field: 'status', op: 'in', value: ['pending', 'accepted'] },
        ]),
      );
    for (const [field, value] of [
      ['availability_id', slot!.availabilityId],
      ['exam_id', ids.fdg],
    ] as const) {
      const res = await t.request('staff', {
        method: 'GET',
        url: `/api/v1/orders?size=100&filter=${related(field, value)}`,
      });
      expect(res.statusCode).toBe(200);
      const items = res.json().items as { id: number; status: string; exam: { id: number } }[];
      expect(items.map((o) => o.id)).toContain(order.id);
      // Each row carries what its detail panel shows.
      expect(items.find((o) => o.id === order.id)).toMatchObject({
        imagingCenter: { contactUsers: [{ fullName: 'Iris Imaging', email: 'imaging@dosechain.example' }] },
        coordinatorUsers: [{ fullName: 'Sid Coordinator', email: 'site@dosechain.example' }],
      });
      expect(items.every((o) => ['pending', 'accepted'].includes(o.status) && o.exam.id === ids.fdg)).toBe(
        true,
      );
    }
  });
});
