import { webhookEvents } from '@dosechain/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, webhookDeliveries } from '../src/kernel/db/schema.ts';
import { orderMail } from '../src/modules/order-records/notify.ts';
import { webhookBodyAfterId, webhookOrder } from '../src/modules/order-records/order-webhooks.ts';
import { selectOrders, toOrder } from '../src/modules/order-records/queries.ts';
import { DEMO_PASSWORD } from './helpers.ts';
import { type OrderIds, type orderPlacer, orderTestApp } from './order-fixtures.ts';

/**
 * A placement writes its mails and webhook deliveries in the order's own statement, with the
 * order's number and id filled in by the database (issue 34, `placedOrderNotices`): what it
 * queues must be what the renderers write for the order as read back, `%` and `format()`'s own
 * codes in the order's data included.
 */
let t: Awaited<ReturnType<typeof orderTestApp>>['t'];
let ids: OrderIds;
let place: ReturnType<typeof orderPlacer>;

beforeAll(async () => {
  ({ t, ids, place } = await orderTestApp({
    config: { webhookAllowHttp: true, webhookAllowPrivateNetworks: true },
  }));
  const res = await t.request('staff', {
    method: 'POST',
    url: `/api/v1/studies/${ids.study}/webhooks`,
    payload: {
      url: 'http://127.0.0.1:9/hook',
      events: [...webhookEvents],
      electronicSignature: DEMO_PASSWORD,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => t?.close());

describe('what a placement queues about its order', () => {
  it('is the order mail and webhook body of the order as read, its number and id filled in', async () => {
    const subjectId = 'S-%1$s-%2$s-%%-%s-100%';
    const placed = await place({ subjectId });
    const [row] = await selectOrders(t.db).where(eq(orders.id, placed.id));
    const order = toOrder(row!);
    expect(order.subjectId).toBe(subjectId);

    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, placed.id))
      .orderBy(asc(mailOutbox.id));
    expect(mails.length).toBeGreaterThan(0);
    const expected = orderMail(order, `${t.config.publicUrl}/orders/${placed.id}`);
    for (const mail of mails) {
      expect(mail.subject).toBe(expected.subject);
      expect(mail.textBody).toBe(expected.text);
      expect(mail.purpose).toBe('order_placed');
      expect(mail.recipients).toHaveLength(1);
    }
    expect(expected.text).toContain(`Order #${placed.number} was placed.`);
    expect(expected.text).toContain(`Subject: ${subjectId}`);

    const [delivery] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.orderId, placed.id));
    expect(delivery).toBeDefined();
    const afterId = webhookBodyAfterId(webhookOrder(order), 'order.placed', t.clock.now());
    expect(delivery!.payload).toBe(`{"id":"${delivery!.deliveryId}"${afterId}`);
    expect(JSON.parse(delivery!.payload).data.order).toMatchObject({
      id: placed.id,
      number: placed.number,
      subjectId,
    });
  });
});
