import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { limits } from '@dosechain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhooks } from '../src/kernel/db/schema.ts';
import { serverVersion } from '../src/kernel/health/readiness.ts';
import { enqueueOrderWebhooks } from '../src/modules/order-records/order-webhooks.ts';
import { buildTestApp, DEMO_PASSWORD, TEST_METRICS_TOKEN, type TestApp } from './helpers.ts';
import { loadOrderIds, NOW, orderPlacer } from './order-fixtures.ts';

/** Issue 20: GET /metrics, off without METRICS_TOKEN and behind it with one. */
describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('does not exist without METRICS_TOKEN', async () => {
    const off = await buildTestApp({ config: { metricsToken: undefined } });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/metrics' });
      const unknown = await off.app.inject({ method: 'GET', url: '/no-such-route' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
    } finally {
      await off.close();
    }
  });

  it('is left out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('answers 401 without a bearer, with a wrong one and with a user token', async () => {
    const user = (await t.loginAs('admin')).headers().authorization;
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789',
      `Basic ${TEST_METRICS_TOKEN}`,
      user,
    ]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain('dosechain_');
    }
  });

  it('reports latency by route pattern, login failures, lockouts, placements and the outbox', async () => {
    const wrong = { username: 'cmo', password: 'Wrong-password-1' };
    for (let i = 0; i < limits.failedLoginsBeforeLock; i++) {
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: wrong });
    }
    const place = orderPlacer(t, await loadOrderIds(t));
    const placed = await place();
    await t.request('site', { method: 'GET', url: `/api/v1/orders/${placed.id}` });

    const res = await scrape(`Bearer ${TEST_METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(
      /dosechain_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/orders\/:id",status_code="200"\} 1\n/,
    );
    // The raw URL (with the id) is never a label.
    expect(text).not.toContain(`/api/v1/orders/${placed.id}`);
    // Four wrong passwords, and the fifth that locked (answered USER_LOCKED, issue 33).
    const failures = limits.failedLoginsBeforeLock - 1;
    expect(text).toContain(`dosechain_login_failures_total{reason="INVALID_CREDENTIALS"} ${failures}\n`);
    expect(text).toContain(`dosechain_login_failures_total{reason="USER_LOCKED"} 1\n`);
    expect(text).toMatch(/dosechain_account_lockouts_total 1\n/);
    expect(text).toMatch(/dosechain_order_placements_total 1\n/);
    expect(text).toMatch(/dosechain_mail_outbox_messages\{status="pending"\} \d+\n/);
    expect(text).toMatch(/dosechain_mail_outbox_messages\{status="failed"\} 0\n/);
    // Webhooks: nothing queued yet, every outcome at 0.
    expect(text).toMatch(/dosechain_webhook_deliveries\{status="pending"\} 0\n/);
    expect(text).toMatch(/dosechain_webhook_delivery_attempts_total\{outcome="sent"\} 0\n/);
    expect(text).toMatch(/dosechain_webhook_endpoints_paused 0\n/);
    // The pool gauges exist on PostgreSQL only.
    if (t.database.driver === 'pg')
      expect(text).toMatch(/dosechain_db_pool_connections\{state="total"\} \d+/);
    else expect(text).not.toContain('dosechain_db_pool_connections');
  });
});

describe('GET /metrics, webhooks', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 1 on loopback refuses connections: every attempt fails at once.
    t = await buildTestApp({
      now: NOW,
      config: { webhookAllowHttp: true, webhookAllowPrivateNetworks: true },
      webhooks: { pollIntervalMs: 0, circuit: { openAfter: 2 } },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts attempts by outcome, the queue depth and the paused endpoints', async () => {
    const ids = await loadOrderIds(t);
    const place = orderPlacer(t, ids);
    const created = await t.request('staff', {
      method: 'POST',
      url: `/api/v1/studies/${ids.study}/webhooks`,
      payload: {
        url: 'http://127.0.0.1:1/hook',
        events: ['order.accepted'],
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderIds = [(await place()).id, (await place()).id];
    await t.db.transaction((tx) => enqueueOrderWebhooks(tx, orderIds, 'order.accepted', t.clock.now()));
    const scrape = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
        })
      ).body;
    expect(await scrape()).toMatch(/dosechain_webhook_deliveries\{status="pending"\} 2\n/);
    // Both at once (two per endpoint), both refused: two failures in a row pause the endpoint.
    await t.app.webhookDispatcher.drain();
    const rows = await t.db.select().from(webhookDeliveries);
    expect(rows.map((r) => [r.attempts, r.lastError])).toEqual([
      [1, 'connection refused'],
      [1, 'connection refused'],
    ]);
    const third = (await place()).id;
    await t.db.transaction((tx) => enqueueOrderWebhooks(tx, [third], 'order.accepted', t.clock.now()));
    await t.app.webhookDispatcher.drain();
    const text = await scrape();
    expect(text).toMatch(/dosechain_webhook_delivery_attempts_total\{outcome="retry"\} 2\n/);
    expect(text).toMatch(/dosechain_webhook_delivery_attempts_total\{outcome="sent"\} 0\n/);
    expect(text).toMatch(/dosechain_webhook_delivery_attempts_total\{outcome="failed"\} 0\n/);
    // The third is queued, not attempted while the endpoint is paused.
    expect(text).toMatch(/dosechain_webhook_deliveries\{status="pending"\} 3\n/);
    expect(text).toMatch(/dosechain_webhook_endpoints_paused 1\n/);
    const [hook] = await t.db.select().from(webhooks);
    expect(hook).toMatchObject({ consecutiveFailures: 2 });
    expect(hook!.pausedUntil!.getTime()).toBe(t.clock.now().getTime() + 30_000);
  });
});

describe('GET /metrics, process and build', () => {
  it('has the default process metrics and the build, in every app of one process', async () => {
    // Two apps in one process: the default metrics are the process's, registered once.
    const first = await buildTestApp({ seed: false, config: { commit: 'first00' } });
    const second = await buildTestApp({ seed: false });
    try {
      for (const [app, commit] of [
        [first, 'first00'],
        [second, 'unknown'],
      ] as const) {
        const res = await app.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
        });
        expect(res.statusCode).toBe(200);
        expect(res.body).toMatch(/\nprocess_resident_memory_bytes \d+/);
        expect(res.body).toMatch(/\nnodejs_heap_size_used_bytes \d+/);
        expect(res.body).toMatch(/\nnodejs_eventloop_lag_seconds /);
        expect(res.body).toContain(
          `\ndosechain_build_info{version="${serverVersion}",commit="${commit}"} 1\n`,
        );
        // Each series once: no name is declared twice in one scrape.
        const declared = res.body.split('\n').filter((line) => line.startsWith('# TYPE '));
        expect(new Set(declared).size).toBe(declared.length);
      }
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('GET /metrics, the web app’s files', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'dosechain-web-'));
  let w: TestApp;
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>DoseChain</title>');
    writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log(1)');
    w = await buildTestApp({ seed: false, config: { webDist: dist } });
  });
  afterAll(async () => {
    await w.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('counts assets and the UI’s pages as route "static", unknown API paths as "unmatched"', async () => {
    for (const url of ['/assets/index-abc123.js', '/orders', '/login', '/']) {
      expect((await w.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect((await w.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' })).statusCode).toBe(404);
    const res = await w.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
    });
    expect(res.body).toMatch(
      /dosechain_http_request_duration_seconds_count\{method="GET",route="static",status_code="200"\} 4\n/,
    );
    expect(res.body).toMatch(
      /dosechain_http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1\n/,
    );
    expect(res.body).not.toContain('index-abc123');
  });
});
