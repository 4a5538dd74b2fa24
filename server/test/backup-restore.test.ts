/**
 * Issue 20: `npm run backup` and `npm run restore` on the database kind of this project (PGlite,
 * or PostgreSQL in server-pg): a database with orders, backed up and restored into a fresh one,
 * has the same rows in every table and an intact audit chain.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminIo } from '../src/cli/admin-command.ts';
import { libpqEnv, runBackupCommand, tableCounts } from '../src/cli/backup-command.ts';
import { useAuditKey } from '../src/kernel/audit/chain.ts';
import { type Database, openDatabase, pgliteDir } from '../src/kernel/db/client.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { createPgDatabase, TEST_AUDIT_KEY } from './helpers.ts';

const onPg = process.env.TEST_DB === 'pg' && !!process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), 'dosechain-backup-'));
const drops: (() => Promise<void>)[] = [];

/** A new empty store of this run's kind: its environment for the commands, and how to open it. */
async function newStore(name: string): Promise<{ env: NodeJS.ProcessEnv; open: () => Promise<Database> }> {
  const dataDir = path.join(work, name);
  if (onPg) {
    const created = await createPgDatabase(process.env.TEST_DATABASE_URL!);
    drops.push(created.drop);
    return {
      env: { DATABASE_URL: created.url, DATA_DIR: dataDir, AUDIT_KEY: TEST_AUDIT_KEY },
      open: () => openDatabase({ url: created.url }),
    };
  }
  return {
    env: { DATA_DIR: dataDir, AUDIT_KEY: TEST_AUDIT_KEY },
    open: () => openDatabase({ dataDir: pgliteDir(dataDir) }),
  };
}

function captured(env: NodeJS.ProcessEnv): AdminIo & { text: () => string } {
  let text = '';
  return {
    env: { ...env, INIT_CWD: work },
    out: (t) => {
      text += t;
    },
    err: (t) => {
      text += t;
    },
    text: () => text,
  };
}

async function countsOf(database: Database) {
  return tableCounts(async (text) => {
    const result = await database.db.execute(sql.raw(text));
    return { rows: Array.isArray(result) ? result : (result as { rows: unknown[] }).rows };
  });
}

let source: Awaited<ReturnType<typeof newStore>>;
let sourceCounts: Record<string, number>;
const backupFile = path.join(work, 'dosechain.backup');

beforeAll(async () => {
  source = await newStore('source');
  const database = await source.open();
  await database.migrate();
  useAuditKey(TEST_AUDIT_KEY);
  await seedDemo(database.db, new Date());
  sourceCounts = await countsOf(database);
  await database.close();
}, 400_000);
afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(work, { recursive: true, force: true });
});

// Each embedded step opens a PGlite of its own (a new one runs initdb): minutes on a loaded machine.
describe(`backup and restore (${onPg ? 'PostgreSQL' : 'embedded PGlite'})`, { timeout: 400_000 }, () => {
  it('[P11-017] restores every row into a fresh database, with the audit chain intact', async () => {
    expect(sourceCounts.orders).toBeGreaterThan(0);
    expect(sourceCounts.audit_log).toBeGreaterThan(0);
    const io = captured(source.env);
    expect(await runBackupCommand('backup', ['dosechain.backup'], io), io.text()).toBe(0);
    // Password hashes and personal data: the backup is its owner's alone (issue 31), although
    // this test process's umask (022 as a rule) would let pg_dump or a plain write make it 0644.
    expect((statSync(backupFile).mode & 0o777).toString(8)).toBe('600');

    const target = await newStore('target');
    const restoreIo = captured(target.env);
    expect(await runBackupCommand('restore', [backupFile], restoreIo), restoreIo.text()).toBe(0);
    expect(restoreIo.text()).toMatch(/Audit chain intact: \d+ entries verified/);
    const restored = await target.open();
    try {
      expect(await countsOf(restored)).toEqual(sourceCounts);
    } finally {
      await restored.close();
    }
  });

  it('[P11-017] refuses to overwrite a file, to restore into a database that holds data, or another kind of file', async () => {
    const again = captured(source.env);
    expect(await runBackupCommand('backup', [backupFile], again)).toBe(1);
    expect(again.text()).toContain('exists already');

    const intoSource = captured(source.env);
    expect(await runBackupCommand('restore', [backupFile], intoSource)).toBe(1);
    expect(intoSource.text()).toMatch(/not empty|holds a database already/);

    const stranger = path.join(work, 'not-a-backup.txt');
    writeFileSync(stranger, 'hello');
    const target = await newStore('stranger-target');
    const wrongKind = captured(target.env);
    expect(await runBackupCommand('restore', [stranger], wrongKind)).toBe(1);
    expect(wrongKind.text()).toMatch(/is not a (PostgreSQL backup|backup of the embedded database)/);
  });

  it('answers wrong usage with exit code 2', async () => {
    const io = captured(source.env);
    expect(await runBackupCommand('backup', [], io)).toBe(2);
    expect(await runBackupCommand('restore', ['a', 'b'], io)).toBe(2);
    expect(await runBackupCommand('backup', ['--bogus', 'x'], io)).toBe(2);
  });
});

describe('libpq environment of a database URL', () => {
  it('carries host, port, user, password, database and sslmode, decoded', () => {
    expect(libpqEnv('postgres://app:p%40ss@db.example:6543/dose%20chain?sslmode=require')).toEqual({
      PGHOST: 'db.example',
      PGPORT: '6543',
      PGUSER: 'app',
      PGPASSWORD: 'p@ss',
      PGDATABASE: 'dose chain',
      PGSSLMODE: 'require',
    });
  });
});
