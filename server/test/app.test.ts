import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(() => t.close());

describe('the HTTP shell', () => {
  it('answers unknown API paths with the contract error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found', errors: [] });
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    expect(Object.keys(doc.json().paths)).toContain('/api/v1/app-config');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('refuses a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(t.config.bodyLimitBytes), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: [] });
  });

  it('rejects malformed JSON with 400 and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers a malformed or overlong path parameter with 400 and the contract error body', async () => {
    for (const url of [`/api/v1/drugs/${'9'.repeat(101)}`, '/api/v1/drugs/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'The address is not valid',
        errors: [],
      });
    }
  });
});

describe('access declarations', () => {
  it('refuse to register an API route that declares no access requirement', async () => {
    const Fastify = (await import('fastify')).default;
    const { registerAccessControl } = await import('../src/kernel/http/access.ts');
    const bare = Fastify();
    const { createMetrics } = await import('../src/kernel/metrics/instruments.ts');
    const deps = {
      db: t.db,
      config: t.config,
      clock: t.clock,
      mailer: { wake() {} },
      webhooks: { wake() {} },
      metrics: createMetrics(t.db),
      auditChainEnd: t.app.auditChainEnd,
    };
    registerAccessControl(bare, deps);
    expect(() => bare.get('/api/v1/undeclared', () => 'x')).toThrow(/declares no access requirement/);
    await bare.close();
  });
});
