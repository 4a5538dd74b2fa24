import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDbMigrate } from '../src/cli/db-migrate-command.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'dosechain-migrate-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = async (argv: string[], env: NodeJS.ProcessEnv) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runDbMigrate(argv, { env, out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join(''), err: err.join('') };
};

describe('npm run db:migrate', () => {
  it('migrates an empty embedded database, then finds nothing to do', async () => {
    const first = await run([], { DATA_DIR: dataDir });
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(/Migrations applied/);
    expect((await run([], { DATA_DIR: dataDir })).code).toBe(0);
  });

  it('needs no secrets, even in production', async () => {
    expect((await run([], { DATA_DIR: dataDir, NODE_ENV: 'production' })).code).toBe(0);
  });

  it('answers --help, and refuses an unknown argument or a bad configuration', async () => {
    expect((await run(['--help'], {})).out).toMatch(/Usage: npm run db:migrate/);
    expect(await run(['--now'], {})).toMatchObject({
      code: 1,
      err: expect.stringMatching(/Unexpected argument/),
    });
    const bad = await run([], { DATA_DIR: dataDir, DATABASE_POOL_MAX: '0' });
    expect(bad).toMatchObject({ code: 1, err: expect.stringMatching(/DATABASE_POOL_MAX/) });
  });
});
