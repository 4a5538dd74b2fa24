import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.ts';
import { logDestination } from '../src/kernel/log-output.ts';
import { startBanner } from '../src/start-banner.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { memoryLog } from './part11/fixture.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'dosechain-web-'));
const log = memoryLog();
let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>DoseChain</title>');
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log(1)');
  t = await buildTestApp({
    seed: false,
    config: { webDist: dist },
    logger: loggerOptions('info', log.stream),
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the log a person reads', () => {
  it("logs API requests, not the UI's files (two lines each, dozens per page)", async () => {
    for (const url of ['/assets/index-abc123.js', '/login', '/index.html']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    const requests = log.lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string }; reqId?: string })
      .filter((entry) => entry.msg === 'incoming request');
    expect(requests.map((entry) => entry.req?.url)).toEqual(['/api/v1/health']);
  });

  it('is JSON lines unless asked for readable ones or written to a terminal', async () => {
    expect(await logDestination(undefined, false)).toBeUndefined();
    expect(await logDestination('json', true)).toBeUndefined();
    expect(await logDestination(undefined, true)).toBeDefined();
    expect(await logDestination('pretty', false)).toBeDefined();
  });

  it('starts with a banner: where to go, which database, and the demo accounts when there are any', () => {
    const seeded = startBanner({
      url: 'http://localhost:3000',
      database: 'embedded PGlite in ./data',
      demo: 'seeded',
    });
    expect(seeded).toContain('DoseChain is running at http://localhost:3000');
    expect(seeded).toContain('embedded PGlite in ./data');
    expect(seeded).toMatch(/admin, staff, cmo, site, imaging, multi/);
    expect(seeded).toContain('password Demo1234');
    const production = startBanner({ url: 'https://dose.example', database: 'PostgreSQL', demo: 'off' });
    expect(production).not.toContain('Demo1234');
    expect(production.split('\n')).toHaveLength(3);
  });
});
