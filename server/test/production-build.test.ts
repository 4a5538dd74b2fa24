import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, packageOf, runtimePackages, strayImports } from '../scripts/build.ts';
import { killAllServers, startServer } from './faults/server-process.ts';
import { DEMO_PASSWORD } from './helpers.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

describe("the production build's dependency check", () => {
  const allowed = runtimePackages();
  const bundleImporting = (...paths: string[]): Metafile => ({
    inputs: {},
    outputs: {
      'main.js': {
        bytes: 1,
        inputs: {},
        exports: [],
        imports: paths.map((p) => ({ path: p, kind: 'import-statement' as const, external: true })),
      },
    },
  });

  it('names an import of a package that is not a runtime dependency', () => {
    expect(allowed.has('fastify')).toBe(true);
    expect(allowed.has('vitest')).toBe(false);
    expect(
      strayImports(bundleImporting('vitest', 'tsx/esm', 'node:fs', 'fs', 'drizzle-orm/pglite'), allowed),
    ).toEqual(['tsx/esm', 'vitest']);
  });

  it('reads the package of a deep or scoped import', () => {
    expect(packageOf('drizzle-orm/node-postgres/migrator')).toBe('drizzle-orm');
    expect(packageOf('@node-rs/argon2')).toBe('@node-rs/argon2');
    expect(packageOf('@fastify/swagger-ui/static')).toBe('@fastify/swagger-ui');
  });
});

// One compiled start is enough: on PostgreSQL the same bundle runs the same code.
describe.skipIf(process.env.TEST_DB === 'pg')('the production build', () => {
  // Inside the server package, so the bundle finds its packages in node_modules as dist/ does.
  const outdir = path.join(serverDir, 'node_modules/.cache', `build-test-${randomBytes(4).toString('hex')}`);
  afterAll(async () => {
    await killAllServers();
    rmSync(outdir, { recursive: true, force: true });
  });

  it('runs on plain node, without tsx: migrates, seeds and logs in', async () => {
    await buildServer(outdir);
    const main = readFileSync(path.join(outdir, 'main.js'), 'utf8');
    expect(main).not.toMatch(/from ["']tsx/);
    expect(main).not.toMatch(/from ["']@dosechain\/contract/);
    const server = await startServer(
      { SEED_DEMO: '1' },
      { args: [path.join(outdir, 'main.js')], timeoutMs: 110_000 },
    );
    const res = await fetch(`${server.api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    expect(res.status, server.output()).toBe(200);
    const { accessToken } = (await res.json()) as { accessToken: string };
    expect(accessToken).toBeTruthy();
    // The configuration entities' modules are found by their registry keys, in the bundle too.
    const timepoints = await fetch(`${server.api}/timepoints`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(timepoints.status, await timepoints.clone().text()).toBe(200);
    expect(((await timepoints.json()) as { total: number }).total).toBeGreaterThan(0);
    // Readiness reads the migrations' journal and the server's version from beside the code.
    // (The version is told to staff and admin: the admin's token asks.)
    const ready = await fetch(`${server.api}/ready`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(ready.status, await ready.clone().text()).toBe(200);
    expect(await ready.json()).toMatchObject({
      ready: true,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    await server.kill();
  });
});
