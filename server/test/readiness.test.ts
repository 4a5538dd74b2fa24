import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainAndClose } from '../src/kernel/http/shutdown.ts';
import { buildTestApp, TEST_METRICS_TOKEN, type TestApp } from './helpers.ts';

const version = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
    version: string;
  }
).version;
const allPass = { database: true, migrations: true, mailDispatcher: true, shutdown: true };

describe('readiness and liveness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, config: { commit: '0123abc' } });
  });
  afterAll(async () => {
    await t.app.close();
    // The tests below close the database themselves.
    await t.database.close().catch(() => undefined);
  });

  it('answers 200 with the check names, and the version and commit to the metrics token only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true, checks: allPass, failed: [] });
    const scraper = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ready',
      headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
    });
    expect(scraper.json()).toEqual({ ready: true, version, commit: '0123abc', checks: allPass, failed: [] });
    // A wrong token is an anonymous probe: answered, never refused (a load balancer sends none).
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ready',
      headers: { authorization: 'Bearer not-the-metrics-token-at-all' },
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ ready: true, checks: allPass, failed: [] });
  });

  it('answers 503 naming migrations when the newest migration is not applied', async () => {
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ ready: false, failed: ['migrations'] });
  });

  it('answers 503 naming the database once it is gone, while /health stays 200 (liveness only)', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      ready: false,
      checks: { database: false, migrations: false, mailDispatcher: true, shutdown: true },
      failed: ['database', 'migrations'],
    });
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
  });

  it('answers 503 naming the mail dispatcher once it has stopped', async () => {
    await t.app.mailDispatcher.stop();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().failed).toContain('mailDispatcher');
  });
});

describe('who reads the build on /ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { commit: '0123abc' } });
  });
  afterAll(() => t.close());

  const ready = (username: string) => t.request(username, { method: 'GET', url: '/api/v1/ready' });

  it('answers staff and admin the version and commit, a company user the checks only', async () => {
    for (const username of ['admin', 'staff']) {
      expect((await ready(username)).json(), username).toMatchObject({ version, commit: '0123abc' });
    }
    for (const username of ['cmo', 'site', 'imaging']) {
      const res = await ready(username);
      expect(res.statusCode, username).toBe(200);
      expect(res.json(), username).toEqual({ ready: true, checks: allPass, failed: [] });
    }
  });

  it('says nothing of the build to an ended session', async () => {
    const session = await t.loginAs('staff');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refreshToken: session.refreshToken },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ready', headers: session.headers() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('version');
    expect(res.json()).not.toHaveProperty('commit');
  });
});

/** A request sent over a real connection whose body is held back: it stays in flight until `finish`. */
function heldRequest(port: number) {
  const body = JSON.stringify({ username: 'nobody', password: 'not-the-password' });
  let answer: (res: { status: number }) => void;
  const answered = new Promise<{ status: number }>((resolve) => {
    answer = resolve;
  });
  const req = httpRequest(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    },
    (res) => {
      res.resume();
      res.on('end', () => answer({ status: res.statusCode ?? 0 }));
    },
  );
  req.write(body.slice(0, 5));
  return {
    answered,
    finish: () => req.end(body.slice(5)),
  };
}

describe('a graceful shutdown', () => {
  it('answers 503 on /ready first, lets a request in flight finish, then closes', async () => {
    const t = await buildTestApp({ seed: false });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const api = `http://127.0.0.1:${port}/api/v1`;
      expect((await fetch(`${api}/ready`)).status).toBe(200);

      const inFlight = heldRequest(port);
      // Let the server take the request in before the shutdown begins.
      await new Promise((resolve) => setTimeout(resolve, 100));
      let closed = false;
      const closing = drainAndClose(t.app, 400).then(() => {
        closed = true;
      });
      const ready = await fetch(`${api}/ready`, { headers: { connection: 'close' } });
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { failed: string[] }).failed).toEqual(['shutdown']);
      expect(closed).toBe(false);

      // The delay is over: the server stops listening but waits for the request in flight.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(closed).toBe(false);
      inFlight.finish();
      expect((await inFlight.answered).status).toBe(401);
      await closing;
      expect(closed).toBe(true);
      await expect(fetch(`${api}/health`)).rejects.toThrow();
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
