/**
 * Issue 31: what holds personal data is private on disk. DATA_DIR (the embedded database, mail
 * kept as files, generated secrets) and everything the server creates in it are its user's alone
 * (folders 0700, files 0600): at first start, and when a start finds looser modes it tightens
 * them and says so in the log.
 */
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePrivate } from '../src/kernel/data-dir.ts';
import { killAllServers, startServer } from './faults/server-process.ts';

const work = mkdtempSync(path.join(tmpdir(), 'dosechain-data-dir-'));
afterAll(async () => {
  await killAllServers();
  rmSync(work, { recursive: true, force: true });
});

const modeOf = (p: string) => lstatSync(p).mode & 0o777;

/** Every folder and file under `dir` (itself included) whose mode lets group or others in. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const pending = [dir];
  for (let seen = 0; pending.length > 0 && seen < 100_000; seen++) {
    const current = pending.pop()!;
    const stat = lstatSync(current);
    if (stat.isSymbolicLink()) continue;
    if ((stat.mode & 0o077) !== 0)
      open.push(`${path.relative(dir, current) || '.'} ${modeOf(current).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(current)) pending.push(path.join(current, name));
  }
  return open;
}

/** A data directory as an older version (or a careless copy) left it: open to others. */
function looseDataDir(name: string): string {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, 'mail'), { recursive: true });
  writeFileSync(path.join(dir, 'mail', 'recovery.eml'), 'Subject: Reset your password\n');
  writeFileSync(path.join(dir, 'initial-admin-password'), 'Old-Password-1\n');
  // Set outright: mkdirSync and writeFileSync honour the test process's umask.
  chmodSync(dir, 0o755);
  chmodSync(path.join(dir, 'mail'), 0o755);
  chmodSync(path.join(dir, 'mail', 'recovery.eml'), 0o644);
  chmodSync(path.join(dir, 'initial-admin-password'), 0o640);
  return dir;
}

describe('makePrivate', () => {
  it('creates a missing folder 0700, or leaves it missing when told not to create it', () => {
    const fresh = path.join(work, 'fresh', 'data');
    expect(makePrivate(fresh, { create: true })).toEqual([]);
    expect(modeOf(fresh)).toBe(0o700);
    const absent = path.join(work, 'absent');
    expect(makePrivate(absent, { create: false })).toEqual([]);
    expect(() => lstatSync(absent)).toThrow();
  });

  it('tightens looser folders to 0700 and files to 0600, says which, and follows no link', () => {
    const dir = looseDataDir('loose');
    // Already private: left as it is (a read-only secret stays read-only).
    writeFileSync(path.join(dir, 'audit-key'), 'k', { mode: 0o400 });
    chmodSync(path.join(dir, 'audit-key'), 0o400);
    // A link out of DATA_DIR: its target is not DATA_DIR's to change.
    const outside = path.join(work, 'outside.txt');
    writeFileSync(outside, 'not ours');
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(dir, 'link'));

    const tightened = makePrivate(dir, { create: true }).map((p) => path.relative(dir, p) || '.');
    expect(tightened.sort()).toEqual(['.', 'initial-admin-password', 'mail', 'mail/recovery.eml']);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, 'mail'))).toBe(0o700);
    expect(modeOf(path.join(dir, 'mail', 'recovery.eml'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'initial-admin-password'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'audit-key'))).toBe(0o400);
    expect(modeOf(outside)).toBe(0o644);
    expect(openToOthers(dir)).toEqual([]);
    // A second pass finds nothing to do.
    expect(makePrivate(dir, { create: true })).toEqual([]);
  });
});

// The embedded database's start: one real server process (PGlite), whatever the run's database.
describe.skipIf(process.env.TEST_DB === 'pg')('the server on the embedded database', () => {
  it('keeps DATA_DIR private: what it finds loose is tightened with a warning, what it creates is 0700/0600', async () => {
    const dir = looseDataDir('server');
    // The test process's own umask (022 as a rule) would leave what the server creates readable:
    // the server sets its own.
    const server = await startServer({ DATA_DIR: dir }, { timeoutMs: 180_000 });
    try {
      // The embedded database and the generated secrets were created by the server.
      expect(readdirSync(dir)).toEqual(expect.arrayContaining(['pglite', 'mail']));
      expect(openToOthers(dir)).toEqual([]);
      const warning = server
        .lines()
        .map((line) => {
          try {
            return JSON.parse(line) as {
              event?: string;
              level?: number;
              count?: number;
              examples?: string[];
            };
          } catch {
            return {};
          }
        })
        .find((line) => line.event === 'data_dir.tightened');
      expect(warning, server.output()).toMatchObject({ level: 40, count: 4 });
      expect(warning?.examples).toEqual(
        expect.arrayContaining(['.', 'mail', 'mail/recovery.eml', 'initial-admin-password']),
      );
      // A login writes (sessions, the audit trail): still nothing readable by others.
      const login = await fetch(`${server.api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'not-the-password' }),
      });
      expect(login.status).toBe(401);
      expect(openToOthers(dir)).toEqual([]);
    } finally {
      await server.kill();
    }
    // What PGlite leaves open inside its own private folder (its files take its in-memory modes)
    // is tightened at the next start without a warning: no news to the operator.
    chmodSync(path.join(dir, 'pglite', 'postgresql.conf'), 0o666);
    const again = await startServer({ DATA_DIR: dir }, { timeoutMs: 180_000 });
    try {
      expect(openToOthers(dir)).toEqual([]);
      expect(again.lines().some((line) => line.includes('data_dir.tightened'))).toBe(false);
    } finally {
      await again.kill();
    }
  }, 400_000);
});
