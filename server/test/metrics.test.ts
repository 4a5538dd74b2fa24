import { limits } from '@dosechain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_METRICS_TOKEN, type TestApp } from './helpers.ts';
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
    const failures = limits.failedLoginsBeforeLock;
    expect(text).toContain(`dosechain_login_failures_total{reason="INVALID_CREDENTIALS"} ${failures}\n`);
    expect(text).toMatch(/dosechain_account_lockouts_total 1\n/);
    expect(text).toMatch(/dosechain_order_placements_total 1\n/);
    expect(text).toMatch(/dosechain_mail_outbox_messages\{status="pending"\} \d+\n/);
    expect(text).toMatch(/dosechain_mail_outbox_messages\{status="failed"\} 0\n/);
    // The pool gauges exist on PostgreSQL only.
    if (t.database.driver === 'pg')
      expect(text).toMatch(/dosechain_db_pool_connections\{state="total"\} \d+/);
    else expect(text).not.toContain('dosechain_db_pool_connections');
  });
});
