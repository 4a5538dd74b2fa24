import { lateOrdersFilter } from '@dosechain/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/kernel/db/client.ts';
import { auditLog, mailOutbox, orders } from '../src/kernel/db/schema.ts';
import { noticeLateOrders } from '../src/modules/late-delivery/notice.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { actionBody, changeStatus, loadOrderIds, NOW, type OrderIds, orderPlacer } from './order-fixtures.ts';

// ONCO-2026-01's distribution list (demo): the study manager (no type: every order, on the
// imaging center's clock), Boston dispatch (CMO Isotope Labs Boston, New York's clock) and the
// Lakeside coordinator (Clinical Site Lakeside, Chicago's clock).
const RECIPIENTS = ['coordinator@lakeside.example', 'dispatch@isotopelabs.example', 'onco-pm@helios.example'];

let t: TestApp;
let ids: OrderIds;
let place: ReturnType<typeof orderPlacer>;

beforeAll(async () => {
  // The watch runs when the test says (runOnce), not on a timer.
  t = await buildTestApp({ now: NOW });
  await t.app.lateDelivery.stop();
  await t.app.mailDispatcher.stop();
  ids = await loadOrderIds(t);
  place = orderPlacer(t, ids);
});
afterAll(async () => {
  await t.close();
});

/** An order accepted for delivery at `projected` (a Chicago wall-clock time). */
async function accepted(projected: string): Promise<{ id: number; number: number }> {
  const order = await place();
  const res = await changeStatus(t, 'cmo', order.id, actionBody('accept', { relatedDatetime: projected }));
  expect(res.statusCode, res.body).toBe(200);
  return order;
}

const lateMails = (number: number) =>
  t.db
    .select({ to: mailOutbox.recipients, subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(like(mailOutbox.subject, `Order #${number} late - %`));

describe('the late-delivery watch', () => {
  it('mails an accepted order past its projected delivery once, each address on its company’s clock', async () => {
    // 09:30 CDT on Mar 20, 2027 is 14:30 UTC; the watch looks at 15:05 UTC.
    const order = await accepted('2027-03-20T09:30');
    const onTime = await accepted('2027-03-20T11:00');
    t.clock.set(new Date('2027-03-20T15:05:00Z'));

    const noticed = await t.app.lateDelivery.runOnce();
    expect(noticed).toContain(order.id);
    expect(noticed).not.toContain(onTime.id);
    const mails = await lateMails(order.number);
    expect(mails.map((m) => m.to).sort()).toEqual(RECIPIENTS.map((r) => [r]));
    const to = (address: string) => mails.find((m) => m.to[0] === address)!;
    expect(to('dispatch@isotopelabs.example').text).toContain(
      'Projected delivery: Mar 20, 2027, 10:30 EDT (America/New_York)',
    );
    expect(to('coordinator@lakeside.example').text).toContain(
      'Projected delivery: Mar 20, 2027, 09:30 CDT (America/Chicago)',
    );
    expect(to('onco-pm@helios.example').text).toContain('Late by: 35 min at Mar 20, 2027, 10:05 CDT');
    expect(to('onco-pm@helios.example').text).toContain(
      `View the order: ${t.config.publicUrl}/orders/${order.id}`,
    );
    expect(mails[0]!.subject).toBe(`Order #${order.number} late - ONCO-2026-01, Lakeside Clinical Research`);

    // The audit trail names the system and the change; the order is not canceled or changed otherwise.
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'orders'),
          eq(auditLog.entityId, order.id),
          eq(auditLog.actorUsername, 'system'),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      eventType: 'update',
      actorUserId: null,
      actorFullName: 'System (late-delivery watch)',
      changeset: { lateNotifiedAt: [null, '2027-03-20T15:05:00.000Z'] },
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('accepted');

    // A later pass mails it no more; the other order once it is late.
    t.clock.set(new Date('2027-03-20T16:30:00Z'));
    const next = await t.app.lateDelivery.runOnce();
    expect(next).not.toContain(order.id);
    expect(next).toContain(onTime.id);
    expect(await lateMails(order.number)).toHaveLength(RECIPIENTS.length);
  });

  it("lists the late orders of a role through the list grammar (the grids' late view)", async () => {
    t.clock.set(NOW);
    const late = await accepted('2027-03-23T09:30');
    const onTime = await accepted('2027-03-23T12:30');
    const at = new Date('2027-03-23T15:00:00Z'); // 10:00 CDT
    for (const user of ['cmo', 'site', 'imaging', 'staff']) {
      const res = await t.request(user, {
        method: 'GET',
        url: `/api/v1/orders?size=100&filter=${encodeURIComponent(JSON.stringify(lateOrdersFilter(at)))}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const listed = (res.json() as { items: { id: number }[] }).items.map((o) => o.id);
      expect(listed, user).toContain(late.id);
      expect(listed, user).not.toContain(onTime.id);
    }
  });

  it('mails a shipped order past its projected delivery (on its way, not received) and lists it as late', async () => {
    t.clock.set(NOW);
    const order = await accepted('2027-03-24T09:30');
    const ship = await changeStatus(t, 'cmo', order.id, actionBody('ship'));
    expect(ship.statusCode, ship.body).toBe(200);
    t.clock.set(new Date('2027-03-24T15:05:00Z')); // 10:05 CDT
    expect(await t.app.lateDelivery.runOnce()).toContain(order.id);
    expect(await lateMails(order.number)).toHaveLength(RECIPIENTS.length);
    const filter = encodeURIComponent(JSON.stringify(lateOrdersFilter(new Date('2027-03-24T15:05:00Z'))));
    const res = await t.request('imaging', {
      method: 'GET',
      url: `/api/v1/orders?size=100&filter=${filter}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = (res.json() as { items: { id: number; status: string }[] }).items;
    expect(listed.find((o) => o.id === order.id)?.status).toBe('shipped');
  });

  it('never mails a pending, delivered, rejected or canceled order', async () => {
    t.clock.set(NOW);
    const pending = await place();
    const delivered = await accepted('2027-03-22T09:30');
    const deliver = await changeStatus(
      t,
      'cmo',
      delivered.id,
      actionBody('deliver', { relatedDatetime: '2027-02-28T23:30' }),
    );
    expect(deliver.statusCode, deliver.body).toBe(200);
    const rejected = await place();
    expect((await changeStatus(t, 'cmo', rejected.id, actionBody('reject'))).statusCode).toBe(200);
    t.clock.set(new Date('2027-04-30T12:00:00Z'));
    const noticed = await t.app.lateDelivery.runOnce();
    for (const o of [pending, delivered, rejected]) {
      expect(noticed).not.toContain(o.id);
      expect(await lateMails(o.number)).toEqual([]);
    }
  });

  it('mails each late order once when two instances run their passes at the same time', async () => {
    t.clock.set(NOW);
    const late = [];
    for (let i = 0; i < 6; i++) late.push(await accepted('2027-03-25T09:30'));
    const at = new Date('2027-03-25T18:00:00Z');
    // A second instance: its own pool on the same PostgreSQL database; on PGlite (one process,
    // one connection) the same database, whose transactions run one after the other.
    const second: Database | undefined = t.database.url
      ? await openDatabase({ url: t.database.url })
      : undefined;
    try {
      const passes = await Promise.all([
        noticeLateOrders(t.db, at, t.config.publicUrl),
        noticeLateOrders(second?.db ?? t.db, at, t.config.publicUrl),
        noticeLateOrders(t.db, at, t.config.publicUrl),
      ]);
      const noticed = passes.flat();
      for (const o of late) {
        expect(noticed.filter((id) => id === o.id)).toHaveLength(1);
        expect(await lateMails(o.number)).toHaveLength(RECIPIENTS.length);
      }
    } finally {
      await second?.close();
    }
  });
});
