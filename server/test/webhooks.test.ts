import { createHmac } from 'node:crypto';
import { messages, webhookEvents } from '@dosechain/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/kernel/config.ts';
import { auditLog, orders, webhookDeliveries, webhooks } from '../src/kernel/db/schema.ts';
import { checkWebhookTarget, isReservedAddress } from '../src/kernel/webhooks/address-policy.ts';
import { WEBHOOK_MAX_ATTEMPTS, WebhookDispatcher } from '../src/kernel/webhooks/dispatcher.ts';
import { postWebhook } from '../src/kernel/webhooks/send.ts';
import { enqueueOrderWebhooks } from '../src/modules/order-records/order-webhooks.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import {
  actionBody,
  changeStatus,
  loadOrderIds,
  NOW,
  type OrderIds,
  orderInStatus,
  orderPlacer,
} from './order-fixtures.ts';
import { WebhookReceiver } from './webhook-receiver.ts';

/** Webhooks (issue 22, decision 030): signed deliveries through an outbox, SSRF refusals. */
let t: TestApp;
let ids: OrderIds;
let place: ReturnType<typeof orderPlacer>;
const receiver = new WebhookReceiver();
const RETRY_BASE_MS = 1000;

beforeAll(async () => {
  await receiver.listen();
  t = await buildTestApp({
    now: NOW,
    // The receiver is on 127.0.0.1 over http: allowed in this app only.
    config: { webhookAllowHttp: true, webhookAllowPrivateNetworks: true },
    webhooks: { pollIntervalMs: 0, retryBaseMs: RETRY_BASE_MS, timeoutMs: 2000 },
  });
  ids = await loadOrderIds(t);
  place = orderPlacer(t, ids);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

let paths = 0;
const signed = { electronicSignature: DEMO_PASSWORD };

const createWebhook = (body: Record<string, unknown>, user = 'staff', app = t) =>
  app.request(user, {
    method: 'POST',
    url: `/api/v1/studies/${ids.study}/webhooks`,
    payload: { events: [...webhookEvents], ...signed, ...body },
  });

/** A new webhook on the receiver at its own path; the other tests' webhooks are disabled first. */
async function newWebhook(events: readonly string[] = webhookEvents) {
  await t.db.update(webhooks).set({ disabledAt: NOW });
  const path = `/hook-${++paths}`;
  const res = await createWebhook({ url: receiver.url(path), events });
  expect(res.statusCode, res.body).toBe(201);
  const webhook = res.json() as { id: number; secret: string; url: string };
  return { ...webhook, path };
}

const deliveriesOf = (webhookId: number) =>
  t.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(webhookDeliveries.id);

/** The signature a receiver computes (Standard Webhooks), written here apart from the server's code. */
function expectedSignature(secret: string, id: string, timestamp: string, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

const resend = (webhookId: number, deliveryId: number, user = 'staff') =>
  t.request(user, {
    method: 'POST',
    url: `/api/v1/studies/${ids.study}/webhooks/${webhookId}/deliveries/${deliveryId}/resend`,
    payload: { reasonForChange: 'Receiver repaired', ...signed },
  });

describe('managing webhooks', () => {
  it('answers the secret once, keeps it encrypted, and audits the creation on the study, signed', async () => {
    const webhook = await newWebhook(['order.placed', 'order.late']);
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [row] = await t.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(JSON.stringify(row)).not.toContain(webhook.secret.slice(6, 30));
    expect(row!.events).toEqual(['order.placed', 'order.late']);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'studies'), eq(auditLog.entityId, ids.study)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.changeset).toEqual({
      webhooks: [null, `#${webhook.id} ${webhook.url} · Order placed, Order late`],
    });
    expect(audit!.signed).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(webhook.secret.slice(6, 30));
    const list = await t.request('admin', { method: 'GET', url: `/api/v1/studies/${ids.study}/webhooks` });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(webhook.secret.slice(6, 30));
    expect(list.json().items.find((w: { id: number }) => w.id === webhook.id)).toMatchObject({
      status: 'active',
      events: ['order.placed', 'order.late'],
    });
  });

  it('disables with a reason, once (409 after), and queues nothing for a disabled webhook', async () => {
    const webhook = await newWebhook();
    const disable = (payload: object) =>
      t.request('admin', {
        method: 'PUT',
        url: `/api/v1/studies/${ids.study}/webhooks/${webhook.id}/disable`,
        payload,
      });
    expect((await disable(signed)).statusCode).toBe(400);
    const res = await disable({ reasonForChange: 'Receiver retired', ...signed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'disabled', disableReason: 'Receiver retired' });
    const again = await disable({ reasonForChange: 'Again', ...signed });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.webhookDisabled);
    await place();
    expect(await deliveriesOf(webhook.id)).toHaveLength(0);
  });

  it('refuses a second active webhook to the same endpoint (issue 33), also when two race', async () => {
    const webhook = await newWebhook();
    const same = receiver.url(`${webhook.path}/`).replace(/^http:/, 'HTTP:');
    const refused = await createWebhook({ url: same });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ parameter: 'url', message: messages.webhookUrlDuplicate(webhook.id) }),
    ]);
    // Two creations of one new URL at once: the study's lock lets one through.
    const raced = await Promise.all([
      createWebhook({ url: receiver.url('/raced') }),
      createWebhook({ url: receiver.url('/raced/') }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const rows = await t.db.select().from(webhooks).where(eq(webhooks.studyId, ids.study));
    expect(rows.filter((w) => w.url.includes('/raced') && !w.disabledAt)).toHaveLength(1);
    // A disabled webhook delivers nothing: its URL may be used again.
    await t.db.update(webhooks).set({ disabledAt: NOW }).where(eq(webhooks.id, webhook.id));
    expect((await createWebhook({ url: same })).statusCode).toBe(201);
  });

  it('answers 404 for another study’s webhook and 400 for bad bodies', async () => {
    const webhook = await newWebhook();
    const other = ids.study + 1;
    const res = await t.request('staff', {
      method: 'GET',
      url: `/api/v1/studies/${other}/webhooks/${webhook.id}/deliveries`,
    });
    expect(res.statusCode).toBe(404);
    for (const body of [
      { url: 'ftp://example.com/x' },
      { url: 'not a url' },
      { url: 'https://user:pw@example.com/x' },
      { events: [] },
      { events: ['order.placed', 'order.placed'] },
      { events: ['order.exploded'] },
    ]) {
      const bad = await createWebhook({ url: receiver.url('/bad'), ...body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const creds = await createWebhook({ url: 'https://user:pw@example.com/x' });
    expect(creds.json().errors).toContainEqual(
      expect.objectContaining({ parameter: 'url', message: messages.webhookUrlCredentials }),
    );
  });
});

describe('deliveries', () => {
  it('signs each delivery (Standard Webhooks headers over the exact body) and records it sent', async () => {
    const webhook = await newWebhook();
    const order = await place();
    const [queued] = await deliveriesOf(webhook.id);
    expect(queued).toMatchObject({ eventType: 'order.placed', orderId: order.id, status: 'pending' });
    await t.app.webhookDispatcher.drain();
    const [got] = receiver.on(webhook.path);
    expect(got).toBeDefined();
    const id = got!.headers['webhook-id'] as string;
    const timestamp = got!.headers['webhook-timestamp'] as string;
    expect(id).toBe(queued!.deliveryId);
    expect(Number(timestamp)).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['webhook-signature']).toBe(
      expectedSignature(webhook.secret, id, timestamp, got!.body),
    );
    // Another secret does not verify.
    expect(got!.headers['webhook-signature']).not.toBe(
      expectedSignature(`whsec_${Buffer.alloc(32).toString('base64')}`, id, timestamp, got!.body),
    );
    const body = JSON.parse(got!.body);
    expect(body).toMatchObject({
      id,
      type: 'order.placed',
      data: { order: { id: order.id, number: order.number, status: 'pending', study: { id: ids.study } } },
    });
    const [sent] = await deliveriesOf(webhook.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastHttpStatus: 200, lastError: null });
  });

  it('queues only the events a webhook subscribes to: accepted, canceled, delivered, rejected', async () => {
    const webhook = await newWebhook([
      'order.accepted',
      'order.delivered',
      'order.rejected',
      'order.canceled',
    ]);
    const delivered = await orderInStatus(t, place, 'delivered');
    const rejected = await orderInStatus(t, place, 'rejected');
    const canceled = await orderInStatus(t, place, 'canceled');
    const rows = await deliveriesOf(webhook.id);
    expect(rows.map((r) => [r.orderId, r.eventType])).toEqual([
      [delivered.id, 'order.accepted'],
      [delivered.id, 'order.delivered'],
      [rejected.id, 'order.rejected'],
      [canceled.id, 'order.canceled'],
    ]);
    await t.app.webhookDispatcher.drain();
    // Each once; in any order (up to two go out to an endpoint at once, decision 034).
    expect(
      receiver
        .on(webhook.path)
        .map((r) => `${JSON.parse(r.body).data.order.id} ${JSON.parse(r.body).type}`)
        .sort(),
    ).toEqual(rows.map((r) => `${r.orderId} ${r.eventType}`).sort());
  });

  it('queues order.late in the late-delivery watch’s transaction', async () => {
    const webhook = await newWebhook(['order.late']);
    const order = await place();
    expect((await changeStatus(t, 'admin', order.id, actionBody('accept'))).statusCode).toBe(200);
    const [{ projectedDelivery }] = (await t.db
      .select({ projectedDelivery: orders.projectedDelivery })
      .from(orders)
      .where(eq(orders.id, order.id))) as [{ projectedDelivery: Date }];
    const before = t.clock.now();
    t.clock.set(new Date(projectedDelivery.getTime() + 60_000));
    try {
      const noticed = await t.app.lateDelivery.runOnce();
      expect(noticed).toContain(order.id);
      const rows = await deliveriesOf(webhook.id);
      expect(rows.filter((r) => r.orderId === order.id).map((r) => r.eventType)).toEqual(['order.late']);
    } finally {
      t.clock.set(before);
    }
  });

  it('retries after the receiver was down, with back-off, and delivers once with the same id', async () => {
    const webhook = await newWebhook(['order.placed']);
    const port = receiver.port;
    await receiver.close();
    try {
      await place();
      await t.app.webhookDispatcher.drain();
      const [first] = await deliveriesOf(webhook.id);
      // In words, without the address (issue 31).
      expect(first).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastHttpStatus: null,
        lastError: 'connection refused',
      });
      expect(first!.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + RETRY_BASE_MS);
      // Not due yet: nothing is attempted.
      await t.app.webhookDispatcher.drain();
      expect((await deliveriesOf(webhook.id))[0]!.attempts).toBe(1);
    } finally {
      await receiver.listen(port);
    }
    // The receiver answers 500 once: a failed attempt too, the back-off doubled.
    receiver.status = 500;
    t.clock.advance(RETRY_BASE_MS);
    await t.app.webhookDispatcher.drain();
    receiver.status = 200;
    const [second] = await deliveriesOf(webhook.id);
    expect(second).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastHttpStatus: 500,
      lastError: 'HTTP 500',
    });
    expect(second!.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + 2 * RETRY_BASE_MS);
    t.clock.advance(2 * RETRY_BASE_MS);
    await t.app.webhookDispatcher.drain();
    const [sent] = await deliveriesOf(webhook.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, lastHttpStatus: 200, lastError: null });
    const got = receiver.on(webhook.path);
    expect(got).toHaveLength(2);
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([sent!.deliveryId]));
  });

  it('does not follow a redirect (a 3xx is a failed attempt)', async () => {
    const webhook = await newWebhook(['order.placed']);
    receiver.status = 307;
    try {
      await place();
      await t.app.webhookDispatcher.drain();
    } finally {
      receiver.status = 200;
    }
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: 'pending', lastHttpStatus: 307, lastError: 'HTTP 307' });
    expect(receiver.on(webhook.path)).toHaveLength(1);
  });

  it('fails after the last attempt; a resend (signed, audited) sends it again, once when asked twice at once', async () => {
    const webhook = await newWebhook(['order.placed']);
    receiver.status = 503;
    try {
      await place();
      for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
        await t.app.webhookDispatcher.drain();
        t.clock.advance(3_600_000);
      }
    } finally {
      receiver.status = 200;
    }
    const [failed] = await deliveriesOf(webhook.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, lastHttpStatus: 503 });
    const log = await t.request('staff', {
      method: 'GET',
      url: `/api/v1/studies/${ids.study}/webhooks/${webhook.id}/deliveries?filter=${encodeURIComponent(JSON.stringify([{ field: 'status', op: 'eq', value: 'failed' }]))}`,
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items).toEqual([
      expect.objectContaining({
        id: failed!.id,
        status: 'failed',
        event: 'order.placed',
        lastError: 'HTTP 503',
      }),
    ]);
    const answers = await Promise.all([
      resend(webhook.id, failed!.id),
      resend(webhook.id, failed!.id, 'admin'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('WEBHOOK_DELIVERY_NOT_FAILED');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'studies'), eq(auditLog.entityId, ids.study)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.changeset).toEqual({
      [`webhook #${webhook.id} delivery ${failed!.deliveryId}`]: [
        `failed (${WEBHOOK_MAX_ATTEMPTS} attempts: HTTP 503)`,
        'pending',
      ],
    });
    expect(audit!.reason).toBe('Receiver repaired');
    await t.app.webhookDispatcher.drain();
    const [sent] = await deliveriesOf(webhook.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, deliveryId: failed!.deliveryId });
    // Not failed any more: 409.
    expect((await resend(webhook.id, failed!.id)).statusCode).toBe(409);
  });
});

describe('exactly once', () => {
  it('queues one delivery per webhook and event: a repeat of the event adds none', async () => {
    const webhook = await newWebhook(['order.placed']);
    const order = await place();
    const again = await t.db.transaction((tx) => enqueueOrderWebhooks(tx, [order.id], 'order.placed', NOW));
    expect(again).toBe(0);
    expect(await deliveriesOf(webhook.id)).toHaveLength(1);
  });

  it('writes no delivery when the order change rolls back', async () => {
    const webhook = await newWebhook(['order.accepted']);
    const order = await place();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(orders).set({ status: 'accepted' }).where(eq(orders.id, order.id));
        await enqueueOrderWebhooks(tx, [order.id], 'order.accepted', NOW);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deliveriesOf(webhook.id)).toHaveLength(0);
  });

  it('never sends a delivery twice when several dispatchers drain at once', async () => {
    const webhook = await newWebhook(['order.accepted']);
    const placed: number[] = [];
    for (let i = 0; i < 24; i++) placed.push((await place()).id);
    // Queued directly, so that no dispatcher is at work before they all start at once.
    await t.db.transaction((tx) => enqueueOrderWebhooks(tx, placed, 'order.accepted', t.clock.now()));
    receiver.delayMs = 20;
    const dispatchers = Array.from(
      { length: 3 },
      () =>
        new WebhookDispatcher({
          db: t.db,
          clock: t.clock,
          log: t.app.log,
          auditKey: t.config.auditKey,
          policy: { allowHttp: true, allowPrivateNetworks: true },
          pollIntervalMs: 0,
        }),
    );
    try {
      // The app's own dispatcher, woken by each placement, takes part too.
      await Promise.all([
        ...dispatchers.flatMap((d) => [d.drain(), d.drain()]),
        t.app.webhookDispatcher.drain(),
      ]);
    } finally {
      receiver.delayMs = 0;
    }
    const rows = await deliveriesOf(webhook.id);
    expect(rows).toHaveLength(24);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    const received = receiver.on(webhook.path).map((r) => r.headers['webhook-id']);
    expect(received).toHaveLength(24);
    expect(new Set(received)).toEqual(new Set(rows.map((r) => r.deliveryId)));
  });
});

describe('SSRF', () => {
  const strict = { allowHttp: false, allowPrivateNetworks: false };

  it('refuses reserved addresses, IPv4-mapped IPv6 forms included, and lets public ones through', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      'not an address',
    ]) {
      expect(isReservedAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) {
      expect(isReservedAddress(address), address).toBe(false);
    }
  });

  it('refuses http, loopback and private hosts (literal or resolved) when the settings are off', async () => {
    const cases: [string, string][] = [
      ['http://93.184.216.34/hook', messages.webhookUrlHttpsRequired],
      ['https://127.0.0.1/hook', messages.webhookUrlPrivateAddress],
      ['https://localhost/hook', messages.webhookUrlPrivateAddress],
      ['https://[::1]/hook', messages.webhookUrlPrivateAddress],
      ['https://[::ffff:127.0.0.1]/hook', messages.webhookUrlPrivateAddress],
      ['https://169.254.169.254/latest/meta-data', messages.webhookUrlPrivateAddress],
      ['https://10.0.0.8/hook', messages.webhookUrlPrivateAddress],
      ['https://0x7f000001/hook', messages.webhookUrlPrivateAddress],
      ['https://2130706433/hook', messages.webhookUrlPrivateAddress],
      ['https://no-such-host.invalid/hook', messages.webhookUrlUnresolvable],
    ];
    for (const [url, message] of cases) {
      await expect(checkWebhookTarget(url, strict), url).rejects.toThrow(message);
    }
    await expect(checkWebhookTarget('https://93.184.216.34/hook', strict)).resolves.toMatchObject({
      address: '93.184.216.34',
    });
  });

  it('answers 400 on url at creation, in an app with the default (strict) settings', async () => {
    const s = await buildTestApp({ now: NOW, webhooks: { pollIntervalMs: 0 } });
    try {
      for (const [url, message] of [
        [receiver.url('/strict'), messages.webhookUrlHttpsRequired],
        [`https://127.0.0.1:${receiver.port}/strict`, messages.webhookUrlPrivateAddress],
        ['https://localhost/strict', messages.webhookUrlPrivateAddress],
      ] as const) {
        const res = await createWebhook({ url }, 'admin', s);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors).toEqual([expect.objectContaining({ parameter: 'url', message })]);
      }
    } finally {
      await s.close();
    }
  });

  it('checks the address again at each send: a webhook that now leads to a private address is not called', async () => {
    const webhook = await newWebhook(['order.accepted']);
    const order = await place();
    // The app's own dispatcher, woken by the placement, ends its run first (it looked for due rows
    // again while it ran, and once took this one: flaky in CI); nothing wakes it after.
    await t.app.webhookDispatcher.drain();
    // Queued directly: the app's own dispatcher (woken by the routes) must not take it first.
    await t.db.transaction((tx) => enqueueOrderWebhooks(tx, [order.id], 'order.accepted', t.clock.now()));
    const strictDispatcher = new WebhookDispatcher({
      db: t.db,
      clock: t.clock,
      log: t.app.log,
      auditKey: t.config.auditKey,
      policy: { allowHttp: true, allowPrivateNetworks: false },
      pollIntervalMs: 0,
    });
    await strictDispatcher.drain();
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: messages.webhookUrlPrivateAddress,
    });
    expect(receiver.on(webhook.path)).toHaveLength(0);
  });

  it('connects to the checked address only, whatever the host name resolves to now (no DNS rebinding)', async () => {
    const url = new URL(`http://rebinding.invalid:${receiver.port}/pinned`);
    const answer = await postWebhook({ url, address: '127.0.0.1', family: 4 }, {}, '{}');
    expect(answer.status).toBe(200);
    const [got] = receiver.on('/pinned');
    expect(got!.headers.host).toBe(`rebinding.invalid:${receiver.port}`);
  });

  it('refuses WEBHOOK_ALLOW_HTTP=1 in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        AUDIT_KEY: 'y'.repeat(40),
        WEBHOOK_ALLOW_HTTP: '1',
      }),
    ).toThrow(/WEBHOOK_ALLOW_HTTP/);
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      AUDIT_KEY: 'y'.repeat(40),
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
    });
    expect(config).toMatchObject({ webhookAllowHttp: false, webhookAllowPrivateNetworks: true });
  });
});
