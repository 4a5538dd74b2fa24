/**
 * Part 11 / Annex 11 controls, each a test (issue 8): every mutating route writes an audit row
 * (who, server UTC time, record, changed fields old → new, reason); a change that needs a reason
 * and lacks it writes nothing; audit rows cannot be changed or removed, even in SQL; a signature
 * records the signer's printed name, time and meaning; account and role changes are audited; a
 * lockout is a security event; the audit rows are chained, so a rewrite in the database with the
 * triggers off is detected; no password or token reaches the logs. The whole suite logs at
 * level trace into memory, and its last test scans those lines for every secret it used.
 */
import { limits } from '@dosechain/contract';
import { eq, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.ts';
import { operatorResetPassword, operatorUnlock } from '../src/cli/operator-commands.ts';
import { fullName } from '../src/kernel/auth/principal.ts';
import { auditLog, users } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import {
  type ExpectedStamp,
  expectAuditRows,
  issuedAtType,
  memoryLog,
  Part11,
  Secrets,
} from './part11/fixture.ts';
import { moreMutationCases, mutatingRoutes, unauditedRoutes } from './part11/mutating-routes.ts';
import { reasonCases } from './part11/reason-cases.ts';
import { createUser, NOW, orderBody, roleTypeOf, signed } from './part11/records.ts';
import { chainLinks, tamperings, verifiedAfter } from './part11/tampering.ts';
import { SmtpSink, unfoldQuotedPrintable } from './smtp-sink.ts';

const log = memoryLog();
const secrets = new Secrets();
secrets.remember(DEMO_PASSWORD);
/** `METHOD /path` of every mutating route the app registers. */
const mutating = new Set<string>();
let t: TestApp;
let p: Part11;
let sink: SmtpSink;

beforeAll(async () => {
  sink = new SmtpSink();
  await sink.listen();
  t = await buildTestApp({
    now: NOW,
    logger: { ...(loggerOptions('trace') as object), stream: log.stream },
    config: { smtpUrl: sink.url, publicUrl: 'https://dosechain.test' },
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) mutating.add(`${method} ${route.url}`);
      }
    },
  });
  // The suite's webhook points at a public address (creating it needs one): nothing may be sent
  // there from a test machine, so its deliveries stay queued.
  await t.app.webhookDispatcher.stop();
  p = new Part11(t, secrets);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** Who the rows of a call by `username` name, with the reason and meaning they carry. */
async function stampOf(username: string, reason: string, meaning: string | null): Promise<ExpectedStamp> {
  const user = await p.user(username);
  return {
    actor: {
      id: user.id,
      username: user.username,
      fullName: fullName(user),
      // An account event is the account owner acting for themselves, in no role.
      roleType: meaning === null ? null : roleTypeOf[username]!,
    },
    reason,
    meaning,
  };
}

describe('every mutating route writes its audit rows', () => {
  it('[P11-001] collects the mutating routes from the app itself', () => {
    // A floor: the hook saw the whole route table, not an empty or partial one.
    expect(mutating.size).toBeGreaterThan(30);
    expect(mutating.has('PUT /api/v1/orders/:id/status')).toBe(true);
  });

  it('[P11-001] has one entry per mutating route, and none for a route that does not exist', () => {
    const listed = new Set([...Object.keys(mutatingRoutes), ...Object.keys(unauditedRoutes)]);
    const missing = [...mutating].filter((route) => !listed.has(route));
    expect(missing, `add these to server/test/part11/mutating-routes.ts: ${missing.join(', ')}`).toEqual([]);
    const stale = [...listed].filter((route) => !mutating.has(route));
    expect(stale, `entries for routes the app does not register: ${stale.join(', ')}`).toEqual([]);
  });

  it('[P11-002] stores the time as an instant (timestamptz): the database server’s clock, in UTC', async () => {
    expect(await issuedAtType(t.db)).toBe('timestamp with time zone');
  });

  it('[P11-001] has its further cases on routes that exist', () => {
    const unknown = Object.keys(moreMutationCases).filter((label) => !mutating.has(label.split(': ')[0]!));
    expect(unknown, `cases of routes the app does not register: ${unknown.join(', ')}`).toEqual([]);
  });

  for (const [route, c] of [...Object.entries(mutatingRoutes), ...Object.entries(moreMutationCases)]) {
    it(`[P11-001] ${route}: who, when, which record, old → new, why`, async () => {
      const method = route.split(' ')[0] as 'POST' | 'PUT' | 'DELETE';
      const prepared = await c.prepare(p);
      if (c.as) await p.send(c.as, 'GET', '/users/me'); // log in before the mark
      const mark = await p.auditMark();
      const startedAt = Date.now();
      const res = await p.send(c.as, method, prepared.url, prepared.payload);
      expect(res.statusCode, res.body).toBe(c.status);
      const reason = c.reason ?? (prepared.payload?.reasonForChange as string);
      expect(reason).toBeTruthy();
      const stamp = await stampOf(c.actor ?? c.as!, reason, c.meaning);
      expectAuditRows(await p.auditSince(mark), prepared.audit(res), stamp, startedAt);
      if (c.meaning === null && c.as) p.forget(c.as); // a password change ends the sessions
    });
  }

  for (const [route, r] of Object.entries(unauditedRoutes)) {
    it(`[P11-003] ${route} changes no record and writes no row (${r.why})`, async () => {
      const method = route.split(' ')[0] as 'POST' | 'PUT';
      const { url, payload } = await r.prepare(p);
      if (r.as) await p.send(r.as, 'GET', '/users/me');
      const mark = await p.auditMark();
      const res = await p.send(r.as, method, url, payload);
      expect(res.statusCode, res.body).toBe(r.status);
      if (res.statusCode === 200 && url.startsWith('/auth/')) {
        const tokens = res.json() as { accessToken: string; refreshToken: string };
        secrets.remember(tokens.accessToken, tokens.refreshToken);
      }
      expect(await p.auditSince(mark)).toEqual([]);
    });
  }
});

describe('a change that needs a reason and lacks it writes nothing', () => {
  for (const [label, c] of Object.entries(reasonCases)) {
    it(`[P11-004] ${label}: 400 without the reason and not one row changed; with it, the reason is recorded`, async () => {
      const { method, url, payload, audit } = await c.prepare(p);
      await p.send(c.as, 'GET', '/users/me');
      const before = await p.fingerprint();
      const { [c.field]: reason, ...withoutReason } = payload;
      for (const body of [withoutReason, { ...payload, [c.field]: '   ' }]) {
        const res = await p.send(c.as, method, url, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors.map((e: { parameter: string }) => e.parameter)).toContain(c.field);
      }
      expect(await p.fingerprint()).toEqual(before);

      const mark = await p.auditMark();
      const startedAt = Date.now();
      const res = await p.send(c.as, method, url, payload);
      expect(res.statusCode, res.body).toBeLessThan(300);
      const stamp = await stampOf(c.as, reason as string, c.meaning);
      expectAuditRows(await p.auditSince(mark), audit, stamp, startedAt);
    });
  }
});

describe('the audit table is append-only', () => {
  it('[P11-005] refuses UPDATE, DELETE and TRUNCATE, even in raw SQL', async () => {
    const before = await t.db.select().from(auditLog).orderBy(auditLog.id);
    expect(before.length).toBeGreaterThan(20);
    const { id } = before[0]!;
    await expect(
      t.db.execute(sql`update audit_log set reason = 'tampered' where id = ${id}`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`update audit_log set issued_at = now() - interval '1 day'`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log where id = ${id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    await expect(t.db.update(auditLog).set({ signed: false }).where(eq(auditLog.id, id))).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, id))).rejects.toThrow();
    expect(await t.db.select().from(auditLog).orderBy(auditLog.id)).toEqual(before);
  });
});

describe('the e-signature', () => {
  it('[P11-020, P11-021] records the signer’s printed name, the time and the meaning, kept as signed', async () => {
    const mark = await p.auditMark();
    const startedAt = Date.now();
    const res = await p.send('staff', 'POST', '/drugs', { name: 'P11 Signed Drug', ...signed });
    expect(res.statusCode).toBe(201);
    const [row] = await p.auditSince(mark);
    expect(row).toMatchObject({
      actorFullName: 'Sam Staff',
      actorUsername: 'staff',
      signed: true,
      signatureMeaning: 'Created Drug',
    });
    expect(row!.issuedAt.getTime()).toBeGreaterThanOrEqual(startedAt - 2000);
    expect(row!.issuedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2000);

    // The manifestation (11.50): the history answers the signed entry with its meaning, the
    // signer's printed name and the time; the seeded record's entry is the system's, unsigned.
    const history = await p.send('staff', 'GET', `/audit-logs/changeset/drugs/${res.json().id}`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual([
      {
        eventType: 'new',
        changeset: { name: [null, 'P11 Signed Drug'], active: [null, true] },
        issuedAt: row!.issuedAt.toISOString(),
        issuedBy: { fullName: 'Sam Staff', username: 'staff' },
        reason: null,
        signed: true,
        signatureMeaning: 'Created Drug',
      },
    ]);
    const seeded = await p.send(
      'staff',
      'GET',
      `/audit-logs/changeset/drugs/${await p.drug('Florbetapir F18')}`,
    );
    expect(seeded.json()).toEqual([
      expect.objectContaining({
        eventType: 'new',
        issuedBy: { fullName: 'System (demo data)', username: 'system' },
        signed: false,
        signatureMeaning: null,
      }),
    ]);

    // The printed name is the one at signing: renaming the signer later does not rewrite it.
    const staff = await p.user('staff');
    const renamed = await p.send('admin', 'PUT', `/users/${staff.id}`, {
      lastName: 'Staffordshire',
      reasonForChange: 'Other: name change',
      ...signed,
    });
    expect(renamed.statusCode).toBe(200);
    const [again] = await t.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(again!.actorFullName).toBe('Sam Staff');
  });

  it('[P11-019] a wrong or missing signature is 400 ESIGN_FAILED and writes nothing but the failure count', async () => {
    const wrong = 'Wrong-Guess-987';
    secrets.remember(wrong);
    await p.send('staff', 'GET', '/users/me');
    const { users: _usersBefore, ...before } = await p.fingerprint();
    const failuresBefore = (await p.user('staff')).failedSignatureCount;
    for (const signature of [{ electronicSignature: wrong }, {}]) {
      const res = await p.send('staff', 'POST', '/drugs', { name: 'P11 Unsigned Drug', ...signature });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('ESIGN_FAILED');
    }
    const { users: _usersAfter, ...after } = await p.fingerprint();
    expect(after).toEqual(before);
    // A wrong signature counts toward the lock (no oracle: apart from failed logins, decision 010);
    // none is no guess.
    expect((await p.user('staff')).failedSignatureCount).toBe(failuresBefore + 1);
    expect(
      (await p.send('staff', 'POST', '/drugs', { name: 'P11 Signed Again', ...signed })).statusCode,
    ).toBe(201);
    expect((await p.user('staff')).failedSignatureCount).toBe(0);
  });
});

describe('account and role changes are audited', () => {
  it('[P11-013] covers creating a user, changing roles and groups, inactivating, unlocking and password changes', () => {
    // Each is a row of the tables above, checked there field by field.
    for (const route of [
      'POST /api/v1/users',
      'PUT /api/v1/users/:id',
      'PUT /api/v1/users/:id/unlock',
      'POST /api/v1/groups',
      'PUT /api/v1/users/me/password',
      'PUT /api/v1/users/password-change',
    ]) {
      expect(mutatingRoutes).toHaveProperty([route]);
    }
    expect(reasonCases).toHaveProperty(['inactivate a user']);
    expect(reasonCases).toHaveProperty(['unlock a user']);
  });

  it('[P11-013] a password reset by recovery link is audited on the account, as its owner, without the password', async () => {
    const id = await createUser(p, 'p11reset');
    const asked = await p.send(null, 'POST', '/users/password-recovery', {
      email: 'p11reset@dosechain.test',
    });
    expect(asked.statusCode).toBe(202);
    const mail = await sink.waitFor((m) => m.to.includes('p11reset@dosechain.test'));
    const token = /password-reset\?token=([A-Za-z0-9_-]+)/.exec(unfoldQuotedPrintable(mail.raw))?.[1];
    if (!token) throw new Error(`no recovery link in:\n${mail.raw}`);
    const password = 'Recovered-Secret-55';
    secrets.remember(token, password);
    // The person opens the link: a page whose address carries the token. The UI's pages are not
    // logged at all (API requests are, their query values cut: safe-request.test.ts).
    const page = await t.app.inject({ method: 'GET', url: `/password-reset?token=${token}` });
    expect(page.statusCode).toBeLessThan(500);
    expect(log.lines.some((line) => line.includes('/password-reset'))).toBe(false);
    const mark = await p.auditMark();
    const startedAt = Date.now();
    const reset = await p.send(null, 'PUT', '/users/password-change', { token, password });
    expect(reset.statusCode).toBe(204);
    const stamp = await stampOf('p11reset', 'Password reset with a recovery link', null);
    expectAuditRows(
      await p.auditSince(mark),
      [
        {
          entityType: 'users',
          entityId: id,
          eventType: 'update',
          changeset: { password: ['[changed]', '[changed]'] },
        },
      ],
      stamp,
      startedAt,
    );
  });
});

describe('lifting a lock is audited, whoever lifts it', () => {
  it('[P11-031] a recovery-link reset of a locked account records the lock lifted with the password change', async () => {
    const id = await createUser(p, 'p11lockedreset');
    await t.db.update(users).set({ lockedOut: true, failedLoginCount: 5 }).where(eq(users.id, id));
    const asked = await p.send(null, 'POST', '/users/password-recovery', {
      email: 'p11lockedreset@dosechain.test',
    });
    expect(asked.statusCode).toBe(202);
    const mail = await sink.waitFor((m) => m.to.includes('p11lockedreset@dosechain.test'));
    const token = /password-reset\?token=([A-Za-z0-9_-]+)/.exec(unfoldQuotedPrintable(mail.raw))?.[1];
    if (!token) throw new Error(`no recovery link in:\n${mail.raw}`);
    const password = 'Recovered-Secret-66';
    secrets.remember(token, password);
    const mark = await p.auditMark();
    const startedAt = Date.now();
    expect((await p.send(null, 'PUT', '/users/password-change', { token, password })).statusCode).toBe(204);
    expectAuditRows(
      await p.auditSince(mark),
      [
        {
          entityType: 'users',
          entityId: id,
          eventType: 'update',
          changeset: { password: ['[changed]', '[changed]'], lockedOut: [true, false] },
        },
      ],
      await stampOf('p11lockedreset', 'Password reset with a recovery link, which lifted the lock', null),
      startedAt,
    );
  });

  it("[P11-031] the operator's break-glass commands are the system's rows, with the operator's reason", async () => {
    const id = await createUser(p, 'p11operator');
    await t.db.update(users).set({ lockedOut: true, failedLoginCount: 5 }).where(eq(users.id, id));
    const ctx = { db: t.db, clock: t.clock };
    const system = {
      actor: { id: null, username: 'system', fullName: 'System (operator command line)', roleType: null },
      meaning: null,
    };
    let mark = await p.auditMark();
    let startedAt = Date.now();
    expect(await operatorUnlock(ctx, 'p11operator', 'Ticket 4711: identity checked')).toEqual({
      kind: 'unlocked',
      username: 'p11operator',
    });
    expectAuditRows(
      await p.auditSince(mark),
      [{ entityType: 'users', entityId: id, eventType: 'update', changeset: { lockedOut: [true, false] } }],
      { ...system, reason: 'Ticket 4711: identity checked' },
      startedAt,
    );
    mark = await p.auditMark();
    startedAt = Date.now();
    const reset = await operatorResetPassword(ctx, 'p11operator', 'Ticket 4712: forgot password');
    secrets.remember(reset.password);
    expectAuditRows(
      await p.auditSince(mark),
      [
        {
          entityType: 'users',
          entityId: id,
          eventType: 'update',
          changeset: { password: ['[changed]', '[changed]'] },
        },
      ],
      { ...system, reason: 'Ticket 4712: forgot password' },
      startedAt,
    );
  });
});

describe('lockout', () => {
  it('[P11-026] is a security event: an audit row on the account and a warning in the security log', async () => {
    const id = await createUser(p, 'p11guesser');
    const guess = 'Not-The-Password-1';
    secrets.remember(guess);
    const login = (password: string) =>
      p.send(null, 'POST', '/auth/login', { username: 'p11guesser', password });
    const mark = await p.auditMark();
    for (let i = 1; i < limits.failedLoginsBeforeLock; i++) {
      expect((await login(guess)).json().code).toBe('INVALID_CREDENTIALS');
    }
    // Failed logins before the lock are counted, not audited.
    expect(await p.auditSince(mark)).toEqual([]);
    const startedAt = Date.now();
    expect((await login(guess)).statusCode).toBe(401);
    const stamp = await stampOf(
      'p11guesser',
      `Locked after ${limits.failedLoginsBeforeLock} failed logins`,
      null,
    );
    // The lock ends LOCKOUT_MINUTES (30 here) after it was set; the row says when.
    const until = new Date(t.clock.now().getTime() + 30 * 60_000).toISOString();
    expectAuditRows(
      await p.auditSince(mark),
      [
        {
          entityType: 'users',
          entityId: id,
          eventType: 'update',
          changeset: { lockedOut: [false, true], lockedUntil: [null, until] },
        },
      ],
      stamp,
      startedAt,
    );
    const events = log.lines
      .map((line) => JSON.parse(line) as { level: number; event?: string; userId?: number })
      .filter((line) => line.event === 'user.locked' && line.userId === id);
    expect(events).toHaveLength(1);
    expect(events[0]!.level).toBe(40); // warn

    // A locked account stays locked, even for the right password, and writes no more rows.
    // (Each a minute apart: the address that failed five times is paced, decision 010.)
    const lockedMark = await p.auditMark();
    t.clock.advance(60_000);
    expect((await login(guess)).statusCode).toBe(401);
    t.clock.advance(60_000);
    expect((await login(DEMO_PASSWORD)).json().code).toBe('USER_LOCKED');
    expect(await p.auditSince(lockedMark)).toEqual([]);
  });

  it('[P11-026, P11-028] refused on the last user manager, it is a security event too: an audit row and a warning', async () => {
    const admin = await p.user('admin');
    const guess = 'Not-The-Password-2';
    secrets.remember(guess);
    const login = (password: string) => p.send(null, 'POST', '/auth/login', { username: 'admin', password });
    const mark = await p.auditMark();
    for (let i = 1; i < limits.failedLoginsBeforeLock; i++) {
      expect((await login(guess)).json().code).toBe('INVALID_CREDENTIALS');
    }
    expect(await p.auditSince(mark)).toEqual([]);
    const startedAt = Date.now();
    expect((await login(guess)).json().code).toBe('INVALID_CREDENTIALS');
    const stamp = await stampOf(
      'admin',
      `Not locked after ${limits.failedLoginsBeforeLock} failed logins: the last user manager. One attempt a minute instead`,
      null,
    );
    expectAuditRows(
      await p.auditSince(mark),
      [
        {
          entityType: 'users',
          entityId: admin.id,
          eventType: 'update',
          changeset: { failedLoginCount: [4, 5] },
        },
      ],
      stamp,
      startedAt,
    );
    const events = log.lines
      .map((line) => JSON.parse(line) as { level: number; event?: string; userId?: number })
      .filter((line) => line.event === 'user.lock_refused' && line.userId === admin.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.level).toBe(40);
    // Paced, not locked: a minute later the right password logs in.
    expect((await login(DEMO_PASSWORD)).json().code).toBe('TOO_MANY_ATTEMPTS');
    t.clock.advance(60_000);
    expect((await login(DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a write the database refuses', () => {
  it('[P11-018] is logged by its code, constraint and table: no parameter, hash or signature of it', async () => {
    // Check constraints added for the test make the database refuse these rows, as a 500.
    await t.db.execute(
      sql`alter table users add constraint p11_users_refused check (username <> 'p11refused')`,
    );
    await t.db.execute(
      sql`alter table orders add constraint p11_orders_refused check (subject_id <> 'P11-REFUSED-SUBJECT')`,
    );
    const password = 'Refused-Secret-77';
    // Parameters of the refused statements: none may reach a log line.
    const parameters = ['p11-refused-param@dosechain.test', 'Refusedlastname', 'P11-REFUSED-SUBJECT'];
    secrets.remember(password, ...parameters);
    const linesBefore = log.lines.length;
    try {
      const user = await p.send('admin', 'POST', '/users', {
        username: 'p11refused',
        firstName: 'Pat',
        lastName: 'Refusedlastname',
        email: 'p11-refused-param@dosechain.test',
        password,
        ...signed,
      });
      expect(user.statusCode, user.body).toBe(500);
      const order = await p.send('site', 'POST', '/orders', {
        ...(await orderBody(p, 'P11-REFUSED-SUBJECT')),
        ...signed,
      });
      expect(order.statusCode, order.body).toBe(500);
      expect(order.json()).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'An unexpected error occurred.',
        errors: [],
      });
    } finally {
      await t.db.execute(sql`alter table users drop constraint p11_users_refused`);
      await t.db.execute(sql`alter table orders drop constraint p11_orders_refused`);
    }
    // Each failure is logged once, at error, naming what refused it.
    const failures = log.lines
      .slice(linesBefore)
      .map((line) => JSON.parse(line) as { level: number; err?: { cause?: Record<string, unknown> } })
      .filter((line) => line.level === 50);
    expect(failures.map((f) => f.err?.cause)).toEqual([
      expect.objectContaining({ code: '23514', constraint: 'p11_users_refused', table: 'users' }),
      expect.objectContaining({ code: '23514', constraint: 'p11_orders_refused', table: 'orders' }),
    ]);
    // The statements' other parameters: the argon2 hash of the password and the e-signature.
    const logged = log.lines.slice(linesBefore).join('\n');
    expect(logged).not.toContain('$argon2');
    for (const value of [password, DEMO_PASSWORD, ...parameters]) expect(logged).not.toContain(value);
  });
});

describe('the audit trail is chained (issue 17): a rewrite in the database is detected', () => {
  const verified = async () => {
    const res = await p.send('admin', 'GET', '/audit-logs/verify');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('[P11-006, P11-007] after every change of this suite, GET /audit-logs/verify finds every row intact', async () => {
    const rows = (await t.db.select({ id: auditLog.id }).from(auditLog)).length;
    expect(rows).toBeGreaterThan(50);
    expect(await verified()).toEqual({
      ok: true,
      checked: rows,
      firstBrokenId: null,
      broken: 0,
      unchained: 0,
      headMatches: true,
      endMovedBack: null,
      checkpoint: null,
    });
  });

  for (const [name, tampering] of Object.entries(tamperings)) {
    it(`[P11-007, P11-021] ${name}: verification names the first row that no longer matches`, async () => {
      const links = await chainLinks(t.db);
      const k = Math.floor(links.length / 2);
      let forgedId: number | undefined;
      const result = await verifiedAfter(t.db, t.config.auditKey, async (tx) => {
        const inserted = await tampering.tamper(tx, links, k);
        forgedId = typeof inserted === 'number' ? inserted : undefined;
      });
      expect(result).toEqual({
        ...tampering.expected(links, k, forgedId),
        checked: links.length + tampering.rowsAdded,
        unchained: 0,
      });
    });
  }

  it('[P11-007] each tampering was rolled back: the trail verifies intact again', async () => {
    expect((await verified()).ok).toBe(true);
  });
});

describe('logs at level trace', () => {
  it('[P11-018] hold no password, token or Authorization value from the whole suite', async () => {
    // A rotated refresh token presented again is a security event, logged with the token left out.
    const first = await p.login('imaging');
    const refreshed = await p.send(null, 'POST', '/auth/refresh', { refreshToken: first.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    secrets.remember(refreshed.json().accessToken, refreshed.json().refreshToken);
    expect(
      (await p.send(null, 'POST', '/auth/refresh', { refreshToken: first.refreshToken })).statusCode,
    ).toBe(401);
    expect(log.lines.some((line) => line.includes('refresh_token.reused'))).toBe(true);

    // The scan only means something if the requests were logged in detail, and secrets were used.
    const messages = log.lines.map((line) => (JSON.parse(line) as { msg?: string }).msg);
    expect(messages.filter((m) => m === 'incoming request').length).toBeGreaterThanOrEqual(100);
    expect(secrets.values.size).toBeGreaterThanOrEqual(40);
    const leaks = log.lines.flatMap((line) =>
      [...secrets.values].filter((secret) => line.includes(secret)).map((secret) => ({ secret, line })),
    );
    expect(leaks).toEqual([]);
    // Nor any password hash, whoever's (the server makes them; the suite cannot know them).
    expect(log.lines.filter((line) => line.includes('$argon2'))).toEqual([]);
  });
});
