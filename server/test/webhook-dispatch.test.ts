import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/kernel/db/client.ts';
import { webhookDeliveries, webhooks } from '../src/kernel/db/schema.ts';
import { circuitPauseMs, DEFAULT_CIRCUIT } from '../src/kernel/webhooks/circuit.ts';
import { WebhookDispatcher, type WebhookDispatcherOptions } from '../src/kernel/webhooks/dispatcher.ts';
import { enqueueOrderWebhooks } from '../src/modules/order-records/order-webhooks.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { loadOrderIds, NOW, type OrderIds, orderPlacer } from './order-fixtures.ts';
import { WebhookReceiver } from './webhook-receiver.ts';

/**
 * Issue 31 §2 (decision 034): one endpoint that hangs or fails never holds back another's
 * deliveries — several dispatchers (on PostgreSQL each with its own pool, as separate instances
 * are), many deliveries at once, at most two per endpoint and dispatcher, a circuit breaker per
 * endpoint, and the delivery log's errors in words.
 */
let t: TestApp;
let ids: OrderIds;
let place: ReturnType<typeof orderPlacer>;
const slow = new WebhookReceiver();
const healthy = new WebhookReceiver();
/** The second instances' databases (PostgreSQL only; PGlite has one connection, shared). */
const pools: Database[] = [];
const TIMEOUT_MS = 3000;

beforeAll(async () => {
  await slow.listen();
  await healthy.listen();
  t = await buildTestApp({
    now: NOW,
    config: { webhookAllowHttp: true, webhookAllowPrivateNetworks: true },
    webhooks: { pollIntervalMs: 0, timeoutMs: TIMEOUT_MS, connectTimeoutMs: 1000 },
  });
  ids = await loadOrderIds(t);
  place = orderPlacer(t, ids);
});
afterAll(async () => {
  await t.close();
  for (const pool of pools) await pool.close();
  await slow.close();
  await healthy.close();
});

/** A new webhook of the study (the earlier tests' ones disabled first unless `keep`). */
async function newWebhook(url: string, keep = false) {
  if (!keep) await t.db.update(webhooks).set({ disabledAt: NOW });
  const res = await t.request('staff', {
    method: 'POST',
    url: `/api/v1/studies/${ids.study}/webhooks`,
    // Accepted only: the placements of the tests queue nothing (and wake no send early).
    payload: { url, events: ['order.accepted'], electronicSignature: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

/** Queues `order.accepted` of `count` new orders to the study's active webhooks (no dispatcher woken). */
async function queue(count: number): Promise<void> {
  const orderIds: number[] = [];
  for (let i = 0; i < count; i++) orderIds.push((await place()).id);
  await t.db.transaction((tx) => enqueueOrderWebhooks(tx, orderIds, 'order.accepted', t.clock.now()));
}

/** A dispatcher as another instance runs it: on PostgreSQL with a pool of its own. */
async function instance(over: Partial<WebhookDispatcherOptions> = {}): Promise<WebhookDispatcher> {
  let db = t.db;
  if (t.database.url) {
    const own = await openDatabase({ url: t.database.url, pg: { poolMax: 4 } });
    pools.push(own);
    db = own.db;
  }
  return new WebhookDispatcher({
    db,
    clock: t.clock,
    log: t.app.log,
    auditKey: t.config.auditKey,
    policy: { allowHttp: true, allowPrivateNetworks: true },
    pollIntervalMs: 0,
    timeoutMs: TIMEOUT_MS,
    connectTimeoutMs: 1000,
    ...over,
  });
}

const deliveriesOf = (webhookId: number) =>
  t.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(webhookDeliveries.id);

describe('a receiver that accepts and never answers', () => {
  it('does not delay another endpoint’s deliveries, with four dispatchers at once', async () => {
    const hanging = await newWebhook(slow.url('/hang'));
    slow.hang = true;
    // Twelve deliveries to the hanging endpoint, queued first (the oldest), then one to each.
    await queue(12);
    const good = await newWebhook(healthy.url('/good'), true);
    await queue(1);
    const dispatchers = [t.app.webhookDispatcher, await instance(), await instance(), await instance()];
    const began = Date.now();
    const drains = dispatchers.map((d) => d.drain());
    try {
      await expect.poll(() => healthy.on('/good').length, { timeout: 2000, interval: 20 }).toBe(1);
      expect(healthy.on('/good')[0]!.at - began).toBeLessThan(2000);
      // While every dispatcher holds its two hanging attempts, a new order's delivery still goes out.
      await expect.poll(() => slow.hanging, { timeout: 2000, interval: 20 }).toBe(8);
      await queue(1);
      const queuedAt = Date.now();
      t.app.webhookDispatcher.wake();
      await expect.poll(() => healthy.on('/good').length, { timeout: 2000, interval: 20 }).toBe(2);
      expect(healthy.on('/good')[1]!.at - queuedAt).toBeLessThan(2000);
      await Promise.all(drains);
    } finally {
      slow.hang = false;
    }
    // Two at once per endpoint and dispatcher, never more; no delivery twice.
    expect(slow.mostHanging).toBe(8);
    const got = slow.on('/hang').map((r) => r.headers['webhook-id']);
    expect(new Set(got).size).toBe(got.length);
    const rows = await deliveriesOf(hanging.id);
    expect(rows).toHaveLength(14);
    const tried = rows.filter((r) => r.attempts > 0);
    expect(new Set(tried.map((r) => r.deliveryId))).toEqual(new Set(got));
    for (const row of tried)
      expect(row).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastHttpStatus: null,
        lastError: 'timed out waiting for the answer',
      });
    // Failures in a row pause the endpoint: 30 s after five, doubled for each further one (the
    // attempts that ended before it opened took one more delivery each). Its other deliveries
    // wait, their attempts untouched, while the healthy endpoint's are sent.
    expect(tried.length).toBeGreaterThanOrEqual(8);
    expect(tried.length).toBeLessThan(14);
    const [paused] = await t.db.select().from(webhooks).where(eq(webhooks.id, hanging.id));
    expect(paused!.consecutiveFailures).toBe(tried.length);
    expect(paused!.pausedUntil!.getTime()).toBe(
      t.clock.now().getTime() + circuitPauseMs(tried.length, DEFAULT_CIRCUIT),
    );
    // The study's webhook list says so, for the Integrations section to show.
    const listed = await t.request('staff', { method: 'GET', url: `/api/v1/studies/${ids.study}/webhooks` });
    expect(listed.json().items.find((w: { id: number }) => w.id === hanging.id)).toMatchObject({
      consecutiveFailures: tried.length,
      pausedUntil: paused!.pausedUntil!.toISOString(),
    });
    expect((await deliveriesOf(good.id)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('probes the endpoint when its pause ends; a 2xx closes the circuit and the rest go out', async () => {
    const [hook] = await t.db
      .select()
      .from(webhooks)
      .where(eq(webhooks.url, slow.url('/hang')));
    const before = slow.on('/hang').length;
    // Not yet: the pause (at least 4 min) holds though the deliveries' own back-off (30 s) is over.
    t.clock.advance(60_000);
    await t.app.webhookDispatcher.drain();
    expect(slow.on('/hang')).toHaveLength(before);
    t.clock.advance(DEFAULT_CIRCUIT.maxPauseMs);
    const dispatchers = [t.app.webhookDispatcher, await instance()];
    await Promise.all(dispatchers.map((d) => d.drain()));
    // A dispatcher that looked while the other's probe was still in flight found the endpoint
    // paused and ended its pass (CI saw two rows left so on PostgreSQL); its next pass sends them.
    await t.app.webhookDispatcher.drain();
    const rows = await deliveriesOf(hook!.id);
    expect(rows.map((r) => r.status)).toEqual(Array(14).fill('sent'));
    const [closed] = await t.db.select().from(webhooks).where(eq(webhooks.id, hook!.id));
    expect(closed).toMatchObject({ consecutiveFailures: 0, pausedUntil: null });
    // Each of the fourteen once more, by one dispatcher.
    const after = slow.on('/hang').slice(before);
    expect(after).toHaveLength(14);
    expect(new Set(after.map((r) => r.headers['webhook-id'])).size).toBe(14);
  });
});

describe('the delivery log says what happened in words', () => {
  const expectLastError = async (url: string, lastError: string) => {
    const hook = await newWebhook(url);
    await queue(1);
    await t.app.webhookDispatcher.drain();
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError });
    // No address or port in it.
    expect(row!.lastError).not.toMatch(/127\.0\.0\.1|:\d{2,5}/);
  };

  it('connection refused', async () => {
    const closed = new WebhookReceiver();
    await closed.listen();
    const url = closed.url('/gone');
    await closed.close();
    await expectLastError(url, 'connection refused');
  });

  it('HTTP 500', async () => {
    healthy.status = 500;
    try {
      await expectLastError(healthy.url('/err'), 'HTTP 500');
    } finally {
      healthy.status = 200;
    }
  });

  it('TLS handshake failed (https to a plain HTTP receiver)', async () => {
    await expectLastError(`https://127.0.0.1:${healthy.port}/plain`, 'TLS handshake failed');
  });

  describe('with a self-signed certificate', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dosechain-tls-'));
    let server: HttpsServer;
    beforeAll(async () => {
      // A throwaway certificate for 127.0.0.1 (openssl, as every CI image has it).
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '2',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      server = createHttpsServer(
        { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
        (_request, response) => response.end('ok'),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    });

    it('TLS certificate rejected', async () => {
      const { port } = server.address() as AddressInfo;
      await expectLastError(`https://127.0.0.1:${port}/tls`, 'TLS certificate rejected (self-signed)');
    });
  });
});
