import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

// Over plain http (an evaluation VM reached by its host name) `upgrade-insecure-requests` sent
// every asset to https and the UI stayed a blank "Loading…" page; only https public addresses
// ask the browser to upgrade.
describe('security headers follow the public address', () => {
  let http: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    http = await buildTestApp({ seed: false, config: { publicUrl: 'http://dosechain.test:3000' } });
    https = await buildTestApp({ seed: false, config: { publicUrl: 'https://dosechain.example' } });
  });
  afterAll(async () => {
    await http?.close();
    await https?.close();
  });

  it('over http: no upgrade of requests and no HSTS', async () => {
    const res = await http.app.inject({ method: 'GET', url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('behind https: requests upgraded and HSTS for a year', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
