/**
 * Issue 16, break-glass: `npm run admin -- unlock|reset-password <username> --reason "…"`.
 * The commands' effects through their functions, then the real command on a database of its own.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { meetsPasswordPolicy } from '@dosechain/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type AdminIo, parseAdminArgs, runAdmin } from '../src/cli/admin-command.ts';
import {
  oneTimePassword,
  operatorActor,
  operatorResetPassword,
  operatorUnlock,
  UnknownUserError,
} from '../src/cli/operator-commands.ts';
import { systemClock } from '../src/kernel/clock.ts';
import { openDatabase, pgliteDir } from '../src/kernel/db/client.ts';
import { auditLog, refreshTokens, users } from '../src/kernel/db/schema.ts';
import { seedDemo } from '../src/seed/demo.ts';
import {
  buildTestApp,
  createPgDatabase,
  DEMO_PASSWORD,
  TEST_AUDIT_KEY,
  type TestApp,
  testConfig,
} from './helpers.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ctx = () => ({ db: t.db, clock: t.clock });
const userRow = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0]!;
const login = (username: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
const lastAuditOf = async (id: number) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id)).at(-1);

describe('operator commands', () => {
  it('unlock lifts a current lock, audited as the system with the reason; nothing to do otherwise', async () => {
    const locked = await userRow('locked');
    expect((await login('locked')).json().code).toBe('USER_LOCKED');
    expect(await operatorUnlock(ctx(), ' LOCKED ', 'Ticket 17: caller identified')).toEqual({
      kind: 'unlocked',
      username: 'locked',
    });
    expect(await userRow('locked')).toMatchObject({
      lockedOut: false,
      lockedUntil: null,
      failedLoginCount: 0,
    });
    expect(await lastAuditOf(locked.id)).toMatchObject({
      entityType: 'users',
      eventType: 'update',
      changeset: { lockedOut: [true, false] },
      reason: 'Ticket 17: caller identified',
      actorUserId: null,
      actorUsername: 'system',
      actorFullName: 'System (operator command line)',
      actorRoleType: null,
      signed: false,
    });
    expect((await login('locked')).statusCode).toBe(200);

    const rows = (await t.db.select().from(auditLog)).length;
    expect(await operatorUnlock(ctx(), 'locked', 'Again')).toEqual({
      kind: 'not-locked',
      username: 'locked',
    });
    expect((await t.db.select().from(auditLog)).length).toBe(rows);
    await expect(operatorUnlock(ctx(), 'nobody', 'x')).rejects.toBeInstanceOf(UnknownUserError);
  });

  it('reset-password sets a one-time password that counts as expired, ends sessions and lifts a lock', async () => {
    const session = await t.loginAs('admin');
    await t.db
      .update(users)
      .set({ lockedOut: true, lockedUntil: new Date(t.clock.now().getTime() + 60_000), failedLoginCount: 5 })
      .where(eq(users.username, 'admin'));
    const admin = await userRow('admin');
    const done = await operatorResetPassword(ctx(), 'admin', 'Ticket 18: only manager forgot password');
    expect(done).toMatchObject({ kind: 'reset', username: 'admin', unlocked: true });
    expect(done.password).toHaveLength(16);
    expect(meetsPasswordPolicy(done.password)).toBe(true);
    expect(await userRow('admin')).toMatchObject({
      lockedOut: false,
      lockedUntil: null,
      failedLoginCount: 0,
      passwordChangedAt: new Date(0),
    });
    const live = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, admin.id), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/refresh',
          payload: { refreshToken: session.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    const row = await lastAuditOf(admin.id);
    expect(row).toMatchObject({
      changeset: {
        password: ['[changed]', '[changed]'],
        lockedOut: [true, false],
        lockedUntil: [admin.lockedUntil!.toISOString(), null],
      },
      reason: 'Ticket 18: only manager forgot password',
      actorUserId: null,
      actorUsername: 'system',
    });
    expect(JSON.stringify(row)).not.toContain(done.password);

    // The old password is gone; the new one leads to the expired-password screen, once.
    expect((await login('admin')).json().code).toBe('INVALID_CREDENTIALS');
    expect((await login('admin', done.password)).json().code).toBe('PASSWORD_EXPIRED');
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password-change',
      payload: {
        username: 'admin',
        currentPassword: done.password,
        password: DEMO_PASSWORD.replace('1', '9'),
      },
    });
    expect(chosen.statusCode).toBe(204);
    expect((await login('admin', DEMO_PASSWORD.replace('1', '9'))).statusCode).toBe(200);
  });

  it('one-time passwords meet the policy and differ', () => {
    const many = Array.from({ length: 200 }, oneTimePassword);
    expect(many.every((p) => p.length === 16 && meetsPasswordPolicy(p))).toBe(true);
    expect(new Set(many).size).toBe(200);
  });
});

/** An AdminIo that keeps what a command writes. */
const captured = () => {
  const out: string[] = [];
  const err: string[] = [];
  const io: AdminIo = { env: {}, out: (s) => out.push(s), err: (s) => err.push(s) };
  return { io, out, err };
};

describe('the command line', () => {
  it('refuses wrong usage with exit code 2 before opening any database', async () => {
    for (const argv of [
      [],
      ['unlock'],
      ['unlock', 'admin'],
      ['unlock', 'admin', '--reason', '   '],
      ['unlock', 'admin', '--reason'],
      ['lock', 'admin', '--reason', 'x'],
      ['unlock', 'admin', 'extra', '--reason', 'x'],
      ['unlock', 'admin', '--reason', 'x', '--bogus'],
      ['unlock', 'admin', '--reason', 'x'.repeat(141)],
    ]) {
      const { io, out, err } = captured();
      // An env that would fail if a database were opened: no DATA_DIR with a database in it.
      io.env = { DATA_DIR: '/nonexistent/dosechain' };
      expect(await runAdmin(argv, io), argv.join(' ')).toBe(2);
      expect(out).toEqual([]);
      expect(err.join('')).toContain('npm run admin -- --help');
    }
    expect(parseAdminArgs(['reset-password', ' admin ', '--reason=Ticket 1'])).toEqual({
      kind: 'run',
      command: 'reset-password',
      username: 'admin',
      reason: 'Ticket 1',
      force: false,
    });
  });

  it('--help explains both commands, the reason, the database and the exit codes', async () => {
    const { io, out } = captured();
    expect(await runAdmin(['--help'], io)).toBe(0);
    const help = out.join('');
    for (const text of [
      'unlock <username>',
      'reset-password <username>',
      '--reason',
      'DATABASE_URL',
      'stop the server',
    ]) {
      expect(help).toContain(text);
    }
  });

  it('says so when there is no database where configured (exit 1), creating nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dosechain-admin-'));
    try {
      const { io, err } = captured();
      io.env = { DATA_DIR: dir };
      expect(await runAdmin(['unlock', 'admin', '--reason', 'x'], io)).toBe(1);
      expect(err.join('')).toContain('No database in');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Runs `npm run admin -- …` from the repository root, as an operator types it. */
function npmAdmin(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  // Only what the test sets decides the database, whatever the shell running the tests has.
  const {
    DATABASE_URL: _url,
    DATA_DIR: _dir,
    JWT_SECRET: _secret,
    AUDIT_KEY: _key,
    ...inherited
  } = process.env;
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'admin', '--', ...args],
      { cwd: repoRoot, env: { ...inherited, ...env }, timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('npm run admin, the real command', () => {
  it('resets a password on the database npm start uses; the printed password logs in as expired', async () => {
    // The database the server would open: PostgreSQL in the server-pg run, else PGlite in DATA_DIR.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dosechain-admin-'));
    const pgBase = process.env.TEST_DB === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
    const pg = pgBase ? await createPgDatabase(pgBase) : undefined;
    // The key the server would chain audit rows with (the test app's, which seeded them).
    const env: NodeJS.ProcessEnv = {
      ...(pg ? { DATABASE_URL: pg.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir }),
      AUDIT_KEY: TEST_AUDIT_KEY,
    };
    const open = () => openDatabase(pg ? { url: pg.url } : { dataDir: pgliteDir(dataDir) });
    try {
      let database = await open();
      await database.migrate();
      await seedDemo(database.db, systemClock.now());
      // Each spawned command costs npm, tsx and a database start (seconds on the 2-core CI
      // machine): two are typed as an operator would (a failure's exit 1 and its message, a
      // success's exit 0 and its output); the others run the same function the script runs
      // (src/cli/admin.ts: its exit code is runAdmin's answer), on the same database and env.
      const { io, out, err } = captured();
      io.env = env;
      if (!pg) {
        // While the database is open (as by a running server), the embedded one is refused.
        expect(await runAdmin(['unlock', 'locked', '--reason', 'Busy'], io)).toBe(1);
        expect(err.join('')).toContain('stop the server first');
      }
      await database.close();

      const unknown = await npmAdmin(['unlock', 'nobody', '--reason', 'Ticket 19'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No user "nobody"');
      expect(await runAdmin(['reset-password', 'admin'], io)).toBe(2);

      expect(await runAdmin(['unlock', 'locked', '--reason', 'Ticket 20'], io), err.join('')).toBe(0);
      expect(out.join('')).toContain('Unlocked "locked"');

      const reset = await npmAdmin(['reset-password', 'admin', '--reason', 'Ticket 21'], env);
      expect(reset.code, reset.stderr).toBe(0);
      const password = /^ {4}(\S{16})$/m.exec(reset.stdout)?.[1];
      if (!password) throw new Error(`no password in:\n${reset.stdout}`);

      database = await open();
      const app = await buildApp({ db: database.db, clock: systemClock, config: testConfig() });
      try {
        const attempt = (username: string, pw: string) =>
          app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password: pw } });
        expect((await attempt('admin', password)).json().code).toBe('PASSWORD_EXPIRED');
        expect((await attempt('admin', DEMO_PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
        expect((await attempt('locked', DEMO_PASSWORD)).statusCode).toBe(200);
        const trail = await database.db
          .select()
          .from(auditLog)
          // The operator's rows (the demo data's are the system's too, as "System (demo data)").
          .where(eq(auditLog.actorFullName, operatorActor.fullName))
          .orderBy(auditLog.id);
        expect(trail.map((r) => r.reason)).toEqual(['Ticket 20', 'Ticket 21']);
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses with a crash-left postmaster.pid unless --force', async () => {
    if (process.env.TEST_DB === 'pg') return; // the check is the embedded database's
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dosechain-admin-'));
    try {
      const database = await openDatabase({ dataDir: pgliteDir(dataDir) });
      await database.migrate();
      await seedDemo(database.db, systemClock.now());
      await database.close();
      writeFileSync(path.join(pgliteDir(dataDir), 'postmaster.pid'), '-42\n');
      const io = { env: { DATA_DIR: dataDir, AUDIT_KEY: TEST_AUDIT_KEY }, out: () => {}, err: () => {} };
      expect(await runAdmin(['unlock', 'locked', '--reason', 'x'], io)).toBe(1);
      expect(await runAdmin(['unlock', 'locked', '--reason', 'x', '--force'], io)).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
