/**
 * Issue 16: locks end by themselves (LOCKOUT_MINUTES), and the automatic lock never locks out the
 * last user manager: that account is paced to one password attempt a minute instead.
 * Issue 31: failed logins are paced per source address, so one address's failures never refuse
 * the right password from another; a lock by failed logins refuses new logins only, while one by
 * wrong e-signatures still ends the user's sessions.
 */
import { Writable } from 'node:stream';
import { formatInstant, limits, messages } from '@dosechain/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFailedPassword } from '../src/kernel/auth/credentials.ts';
import { auditLog, loginFailures, refreshTokens, userGroups, users } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { groupId, userId } from './user-management-helpers.ts';

const MINUTE = 60_000;
/** A lock set at `at` ends 30 minutes later, shown on `zone`'s clock to the minute (the seconds rounded up). */
const lockEndAt = (at: Date, zone: string) =>
  formatInstant(new Date(Math.ceil((at.getTime() + 30 * MINUTE) / MINUTE) * MINUTE).toISOString(), zone);
const WRONG = 'Wrong-Guess-1';
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    now: new Date('2026-11-25T10:00:00.000Z'),
    logger: {
      level: 'warn',
      stream: new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    },
  });
});
afterAll(() => t.close());

/** The address tests log in from unless they say (Fastify inject's default peer). */
const HOME = '127.0.0.1';
const ATTACKER = '203.0.113.66';
const OFFICE = '198.51.100.20';
const login = (username: string, password = DEMO_PASSWORD, from = HOME) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
    remoteAddress: from,
  });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });
const userRow = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0]!;
const setUser = (username: string, values: Partial<typeof users.$inferInsert>) =>
  t.db.update(users).set(values).where(eq(users.username, username));
const trailOf = async (username: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, await userId(t, username))))
    .orderBy(auditLog.id);
/** `n` wrong passwords: each refused as such, the last with `last` (USER_LOCKED when it locks). */
const failTimes = async (username: string, n: number, from = HOME, last = 'INVALID_CREDENTIALS') => {
  for (let i = 0; i < n; i++)
    expect((await login(username, WRONG, from)).json().code).toBe(i === n - 1 ? last : 'INVALID_CREDENTIALS');
};
/** Forgets every address's failed logins (tests that reset an account by hand start it afresh). */
const forgetAddresses = () => t.db.delete(loginFailures);
const events = (name: string) =>
  lines
    .map((l) => JSON.parse(l) as { event?: string; userId?: number; level: number })
    .filter((l) => l.event === name);
/** A call as `as`, logged in afresh: the clock moves in these tests, past cached access tokens. */
const call = async (
  as: string,
  options: { method: 'GET' | 'PUT' | 'POST'; url: string; payload?: object },
) => {
  const session = await t.loginAs(as);
  return t.app.inject({ ...options, headers: session.headers() });
};
/** What a user manager (`viewer`) sees of a user: the detail's lockedOut, and the locked filter. */
const managerView = async (username: string, viewer = 'admin') => {
  const id = await userId(t, username);
  const detail = await call(viewer, { method: 'GET', url: `/api/v1/users/${id}` });
  const filter = encodeURIComponent(JSON.stringify({ field: 'locked_out', op: 'eq', value: true }));
  const list = await call(viewer, { method: 'GET', url: `/api/v1/users?filter=${filter}&size=100` });
  return {
    lockedOut: detail.json().lockedOut as boolean,
    listedAsLocked: (list.json().items as { username: string }[]).some((u) => u.username === username),
  };
};
const unlock = async (username: string) =>
  call('admin', {
    method: 'PUT',
    url: `/api/v1/users/${await userId(t, username)}/unlock`,
    payload: { reasonForChange: 'Phone call', electronicSignature: DEMO_PASSWORD },
  });
/** A second administrator in Administrators (made as admin through the API), who logs in with Demo1234. */
const addAdmin = async (username: string) => {
  const res = await call('admin', {
    method: 'POST',
    url: '/api/v1/users',
    payload: {
      username,
      firstName: username,
      lastName: 'Tester',
      email: `${username}@dosechain.test`,
      password: DEMO_PASSWORD,
      isAdmin: true,
      groupIds: [await groupId(t, 'Administrators')],
      electronicSignature: DEMO_PASSWORD,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  await setUser(username, { passwordChangedAt: t.clock.now() });
};
/** Puts `username` into Administrators: a second user who can manage users. */
async function makeManager(username: string) {
  await t.db
    .insert(userGroups)
    .values({ userId: await userId(t, username), groupId: await groupId(t, 'Administrators') })
    .onConflictDoNothing();
}
async function unmakeManager(username: string) {
  await t.db
    .delete(userGroups)
    .where(
      and(
        eq(userGroups.userId, await userId(t, username)),
        eq(userGroups.groupId, await groupId(t, 'Administrators')),
      ),
    );
}

describe('a lock ends LOCKOUT_MINUTES after it was set', () => {
  it('[P11-027] issue 16 repro: five wrong passwords for admin (with a second manager), and 30 minutes later the right one logs in', async () => {
    await makeManager('staff');
    try {
      const before = await t.loginAs('admin');
      await failTimes('admin', limits.failedLoginsBeforeLock, HOME, 'USER_LOCKED');
      const lockedAt = t.clock.now();
      const until = new Date(lockedAt.getTime() + 30 * MINUTE);
      expect(await userRow('admin')).toMatchObject({
        lockedOut: true,
        lockedUntil: until,
        failedLoginCount: 5,
        lastFailedLoginAt: lockedAt,
      });
      // A lock by failed logins refuses new logins only: the open session goes on (issue 31).
      expect((await refresh(before.refreshToken)).statusCode).toBe(200);
      const live = await t.db
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, await userId(t, 'admin')), isNull(refreshTokens.revokedAt)));
      expect(live).not.toEqual([]);
      expect((await trailOf('admin')).at(-1)).toMatchObject({
        changeset: { lockedOut: [false, true], lockedUntil: [null, until.toISOString()] },
        reason: 'Locked after 5 failed logins',
        actorUsername: 'admin',
      });

      // Every attempt names the lock and its end (in UTC: admin works for no company), from any
      // address, the right password or a wrong one, unchecked and not counted (issue 33).
      const locked = {
        code: 'USER_LOCKED',
        message:
          "Your account is locked until Nov 25, 2026, 10:30 UTC after too many failed attempts. Try again then, reset your password with “Can't log in?”, or ask a user manager to unlock it.",
        errors: [],
      };
      expect((await login('admin')).json()).toEqual(locked);
      const right = await login('admin', DEMO_PASSWORD, OFFICE);
      expect(right.statusCode).toBe(401);
      expect(right.json()).toEqual(locked);
      expect((await login('admin', WRONG, OFFICE)).json()).toEqual(locked);
      expect((await userRow('admin')).failedLoginCount).toBe(5);
      expect(await managerView('admin', 'staff')).toEqual({ lockedOut: true, listedAsLocked: true });

      t.clock.advance(30 * MINUTE - 1000);
      expect((await login('admin')).json().code).toBe('USER_LOCKED');
      t.clock.advance(1000);
      // The lock has ended: shown as not locked, and the right password logs in and clears it.
      expect(await managerView('admin', 'staff')).toEqual({ lockedOut: false, listedAsLocked: false });
      const back = await login('admin');
      expect(back.statusCode).toBe(200);
      expect(await userRow('admin')).toMatchObject({
        lockedOut: false,
        lockedUntil: null,
        failedLoginCount: 0,
      });
    } finally {
      await setUser('admin', { lockedOut: false, lockedUntil: null, failedLoginCount: 0 });
      await forgetAddresses();
      await unmakeManager('staff');
    }
  });

  it('[P11-027] an ended lock counts the next failure from 1, is listed as not locked and cannot be unlocked', async () => {
    await failTimes('site', limits.failedLoginsBeforeLock, HOME, 'USER_LOCKED');
    expect(await managerView('site')).toEqual({ lockedOut: true, listedAsLocked: true });
    t.clock.advance(31 * MINUTE);
    expect(await managerView('site')).toEqual({ lockedOut: false, listedAsLocked: false });
    const ended = await unlock('site');
    expect(ended.statusCode).toBe(409);
    expect(ended.json().code).toBe('USER_NOT_LOCKED');

    // From an address that has not failed for it (this one is still paced after its five).
    await failTimes('site', 1, OFFICE);
    expect(await userRow('site')).toMatchObject({ lockedOut: false, lockedUntil: null, failedLoginCount: 1 });
    await failTimes('site', 3, OFFICE);
    expect((await userRow('site')).lockedOut).toBe(false);
    await failTimes('site', 1, OFFICE, 'USER_LOCKED');
    expect((await userRow('site')).lockedOut).toBe(true);
    // A user manager still unlocks a current lock, its end cleared too.
    const unlocked = await unlock('site');
    expect(unlocked.statusCode).toBe(200);
    expect(await userRow('site')).toMatchObject({ lockedOut: false, lockedUntil: null, failedLoginCount: 0 });
    expect((await trailOf('site')).at(-1)).toMatchObject({
      changeset: { lockedOut: [true, false], lockedUntil: [expect.any(String), null] },
      reason: 'Phone call',
    });
    expect((await login('site')).statusCode).toBe(200);
  });

  it('[P11-023] refresh refuses a session only while wrong e-signatures hold its user locked', async () => {
    const s = await t.loginAs('imaging');
    const limit = limits.failedLoginsBeforeLock;
    const soon = new Date(t.clock.now().getTime() + MINUTE);
    // Locked by failed logins: the session goes on.
    await setUser('imaging', { lockedOut: true, lockedUntil: soon, failedLoginCount: limit });
    const kept = await refresh(s.refreshToken);
    expect(kept.statusCode).toBe(200);
    // Locked by wrong signatures (a lock that also revoked the sessions when it was set): refused.
    await setUser('imaging', { failedSignatureCount: limit });
    expect((await refresh(kept.json().refreshToken)).statusCode).toBe(401);
    await setUser('imaging', { lockedUntil: new Date(t.clock.now().getTime() - 1000) });
    // That lock has ended: a session opened since is not refused.
    const after = await t.loginAs('imaging');
    expect((await refresh(after.refreshToken)).statusCode).toBe(200);
    await setUser('imaging', {
      lockedOut: false,
      lockedUntil: null,
      failedLoginCount: 0,
      failedSignatureCount: 0,
    });
  });

  it('[P11-027] LOCKOUT_MINUTES=0 locks until a user manager unlocks, with the message that says so', async () => {
    const other = await buildTestApp({ config: { lockoutMinutes: 0 } });
    try {
      for (let i = 0; i < limits.failedLoginsBeforeLock; i++) {
        await other.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: 'cmo', password: WRONG },
        });
      }
      const [row] = await other.db.select().from(users).where(eq(users.username, 'cmo'));
      expect(row).toMatchObject({ lockedOut: true, lockedUntil: null });
      other.clock.advance(365 * 24 * 60 * MINUTE);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'cmo', password: DEMO_PASSWORD },
      });
      expect(res.json()).toMatchObject({
        code: 'USER_LOCKED',
        message: 'Your account is locked, please contact an administrator',
      });
    } finally {
      await other.close();
    }
  });

  it('[P11-027] recordFailedPassword says what a failure did: failures left, then the lock and its end', async () => {
    const user = await userRow('multi');
    const ctx = { db: t.db, clock: t.clock, config: t.config, log: t.app.log };
    const seen = [];
    for (let i = 0; i < limits.failedLoginsBeforeLock + 1; i++)
      seen.push(await recordFailedPassword(ctx, user, 'login'));
    const until = new Date(t.clock.now().getTime() + 30 * MINUTE);
    expect(seen).toEqual([
      { locked: false, lockedUntil: null, remaining: 4 },
      { locked: false, lockedUntil: null, remaining: 3 },
      { locked: false, lockedUntil: null, remaining: 2 },
      { locked: false, lockedUntil: null, remaining: 1 },
      { locked: true, lockedUntil: until, remaining: 0 },
      // Already locked: not counted again.
      { locked: true, lockedUntil: until, remaining: 0 },
    ]);
    expect((await userRow('multi')).failedLoginCount).toBe(5);
    await setUser('multi', { lockedOut: false, lockedUntil: null, failedLoginCount: 0 });
  });

  it('[P11-025] the expired-password screen counts failures and names the lock with its end', async () => {
    const change = (currentPassword: string, from = HOME) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/password-change',
        payload: { username: 'expired', currentPassword, password: 'Chosen-123' },
        remoteAddress: from,
      });
    for (let i = 0; i < limits.failedLoginsBeforeLock - 1; i++)
      expect((await change(WRONG)).statusCode).toBe(400);
    // The failure that locks names the lock at once, and so does every attempt after it, from
    // anywhere; on the user's clock (expired works for a New York site).
    const lockedNow = await change(WRONG);
    expect(lockedNow.statusCode).toBe(401);
    expect(lockedNow.json().message).toMatch(
      /^Your account is locked until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d EST /,
    );
    expect((await change(DEMO_PASSWORD)).json()).toEqual(lockedNow.json());
    const res = await change(DEMO_PASSWORD, OFFICE);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(lockedNow.json());
    await setUser('expired', { lockedOut: false, lockedUntil: null, failedLoginCount: 0 });
    await forgetAddresses();
  });
});

describe('the last user manager is never locked: paced instead (issue 16)', () => {
  it('[P11-028] five wrong passwords leave admin unlocked, audited and logged once; then one attempt a minute', async () => {
    const session = await t.loginAs('admin');
    const mark = (await trailOf('admin')).length;
    await failTimes('admin', limits.failedLoginsBeforeLock);
    const at = t.clock.now();
    expect(await userRow('admin')).toMatchObject({
      lockedOut: false,
      lockedUntil: null,
      failedLoginCount: 5,
      lastFailedLoginAt: at,
    });
    const rows = (await trailOf('admin')).slice(mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      eventType: 'update',
      changeset: { failedLoginCount: [4, 5] },
      reason: 'Not locked after 5 failed logins: the last user manager. One attempt a minute instead',
      actorUsername: 'admin',
    });
    const refused = events('user.lock_refused').filter((e) => e.userId === rows[0]!.entityId);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.level).toBe(40);
    // Not locked: the session goes on.
    expect((await refresh(session.refreshToken)).statusCode).toBe(200);

    // Within the minute, even the right password is not checked.
    t.clock.advance(59 * 1000);
    const paced = await login('admin');
    expect(paced.statusCode).toBe(429);
    expect(paced.headers['retry-after']).toBe('60');
    expect(paced.json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many failed attempts, please wait a minute before trying again',
      errors: [],
    });
    // A minute after the last attempt: one guess, wrong, counted; then the pause again.
    t.clock.advance(1000);
    expect((await login('admin', WRONG)).json().code).toBe('INVALID_CREDENTIALS');
    expect(await userRow('admin')).toMatchObject({ lockedOut: false, failedLoginCount: 6 });
    expect((await login('admin')).statusCode).toBe(429);
    expect((await trailOf('admin')).slice(mark)).toHaveLength(1);
    expect(events('user.lock_refused').filter((e) => e.userId === rows[0]!.entityId)).toHaveLength(2);

    // The expired-password screen is paced alike; the own-password change in the open session is
    // not (failed logins never pace a session): a wrong current password there is checked and counted
    // apart, towards the lock that ends sessions.
    const expiredForm = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password-change',
      payload: { username: 'admin', currentPassword: DEMO_PASSWORD, password: 'Chosen-123' },
    });
    expect(expiredForm.json().code).toBe('TOO_MANY_ATTEMPTS');
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/password',
      headers: session.headers(),
      payload: { currentPassword: WRONG, password: 'Chosen-123', passwordConfirmation: 'Chosen-123' },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('INVALID_CREDENTIALS');
    expect(await userRow('admin')).toMatchObject({ failedLoginCount: 6, failedSignatureCount: 1 });

    // The right password after the pause logs in and starts the count again.
    t.clock.advance(MINUTE);
    expect((await login('admin')).statusCode).toBe(200);
    expect(await userRow('admin')).toMatchObject({
      lockedOut: false,
      failedLoginCount: 0,
      failedSignatureCount: 0,
    });
    expect((await login('admin')).statusCode).toBe(200);
  });

  it('[P11-028] a paced account whose password expired reaches the expired-password screen unpaced', async () => {
    await setUser('admin', { passwordChangedAt: new Date(0) });
    try {
      await failTimes('admin', limits.failedLoginsBeforeLock);
      t.clock.advance(MINUTE);
      expect((await login('admin')).json().code).toBe('PASSWORD_EXPIRED');
      expect((await userRow('admin')).failedLoginCount).toBe(0);
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/password-change',
        payload: { username: 'admin', currentPassword: DEMO_PASSWORD, password: 'Chosen-123' },
      });
      expect(changed.statusCode).toBe(204);
      expect((await login('admin', 'Chosen-123')).statusCode).toBe(200);
    } finally {
      // Back to the demo password (as chosen now), for the tests after this one.
      const back = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/password-change',
        payload: { username: 'admin', currentPassword: 'Chosen-123', password: DEMO_PASSWORD },
      });
      expect(back.statusCode).toBe(204);
    }
  });

  it('[P11-028] of concurrent attempts in one pause, only one has its password checked', async () => {
    await failTimes('admin', limits.failedLoginsBeforeLock);
    t.clock.advance(MINUTE);
    const codes = await Promise.all(Array.from({ length: 4 }, () => login('admin', WRONG)));
    expect(codes.map((r) => r.json().code).sort()).toEqual([
      'INVALID_CREDENTIALS',
      'TOO_MANY_ATTEMPTS',
      'TOO_MANY_ATTEMPTS',
      'TOO_MANY_ATTEMPTS',
    ]);
    expect((await userRow('admin')).failedLoginCount).toBe(6);
    t.clock.advance(MINUTE);
    expect((await login('admin')).statusCode).toBe(200);
  });

  it('[P11-028] a locked manager does not count: with two managers one may be locked, the other then not', async () => {
    await addAdmin('admin2');
    await failTimes('admin2', limits.failedLoginsBeforeLock, HOME, 'USER_LOCKED');
    expect((await userRow('admin2')).lockedOut).toBe(true);
    await failTimes('admin', limits.failedLoginsBeforeLock);
    expect(await userRow('admin')).toMatchObject({ lockedOut: false, failedLoginCount: 5 });
    t.clock.advance(MINUTE);
    expect((await login('admin')).statusCode).toBe(200);
    // Once admin2's lock has ended it counts again, and admin can be locked.
    t.clock.advance(30 * MINUTE);
    await failTimes('admin', limits.failedLoginsBeforeLock, HOME, 'USER_LOCKED');
    expect((await userRow('admin')).lockedOut).toBe(true);
    await setUser('admin', { lockedOut: false, lockedUntil: null, failedLoginCount: 0 });
    await forgetAddresses();
    await setUser('admin2', { active: false });
  });

  it('[P11-028] of two managers reaching the limit at the same moment, exactly one is locked', async () => {
    await addAdmin('admin3');
    // A race: several rounds, so that a missing serialization would show.
    for (let round = 0; round < 4; round++) {
      await forgetAddresses();
      for (const name of ['admin', 'admin3']) {
        await setUser(name, {
          lockedOut: false,
          lockedUntil: null,
          failedLoginCount: limits.failedLoginsBeforeLock - 1,
          lastFailedLoginAt: null,
        });
      }
      const results = await Promise.all([login('admin', WRONG), login('admin3', WRONG)]);
      // The one locked is told so; the other, paced instead, that the password was wrong.
      expect(results.map((r) => r.json().code).sort()).toEqual(['INVALID_CREDENTIALS', 'USER_LOCKED']);
      const locked = [await userRow('admin'), await userRow('admin3')].map((u) => u.lockedOut);
      expect(locked.filter(Boolean)).toHaveLength(1);
    }
    await setUser('admin', { lockedOut: false, lockedUntil: null, failedLoginCount: 0 });
    await setUser('admin3', { active: false });
  });
});

describe('failed logins are paced per source address (issue 31)', () => {
  const signProfile = (session: { headers: () => Record<string, string> }, electronicSignature: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me',
      headers: session.headers(),
      payload: { firstName: 'Signed', reasonForChange: 'Typo', electronicSignature },
    });
  const me = (session: { headers: () => Record<string, string> }) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: session.headers() });

  it("[P11-029] repro: an attacker's failures from one address never refuse admin's right password from another", async () => {
    await forgetAddresses();
    // Five anonymous wrong passwords for the only manager, then one a minute, for ten minutes.
    await failTimes('admin', limits.failedLoginsBeforeLock, ATTACKER);
    for (let minute = 0; minute < 10; minute++) {
      t.clock.advance(MINUTE);
      expect((await login('admin', WRONG, ATTACKER)).json().code).toBe('INVALID_CREDENTIALS');
      // Within the attacker's pause, from the attacker's address: refused unchecked.
      expect((await login('admin', DEMO_PASSWORD, ATTACKER)).json().code).toBe('TOO_MANY_ATTEMPTS');
      // From the office, the right password logs in at once, every time.
      const office = await login('admin', DEMO_PASSWORD, OFFICE);
      expect(office.statusCode, office.body).toBe(200);
    }
    // Never locked, and the office's logins did not free the attacker's address.
    expect((await userRow('admin')).lockedOut).toBe(false);
    t.clock.advance(MINUTE);
    expect((await login('admin', WRONG, ATTACKER)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await login('admin', WRONG, ATTACKER)).json().code).toBe('TOO_MANY_ATTEMPTS');
    await forgetAddresses();
    await setUser('admin', { failedLoginCount: 0 });
  });

  it('[P11-030] answers a name that does not exist exactly as one that does, through its lock (issue 33)', async () => {
    // From three addresses, as an attacker would spread guesses: the count is the name's.
    const plan = [ATTACKER, ATTACKER, OFFICE, OFFICE, ATTACKER, OFFICE, HOME];
    const answers = async (username: string) => {
      const bodies = [];
      for (const from of plan) bodies.push((await login(username, WRONG, from)).json());
      return bodies;
    };
    // staff works for no company: its lock is written in UTC, as a name that is no account's.
    const lockEnd = lockEndAt(t.clock.now(), 'UTC');
    const known = await answers('staff');
    const unknown = await answers('nobody-by-this-name');
    expect(unknown).toEqual(known);
    const plain = { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password', errors: [] };
    const locked = {
      code: 'USER_LOCKED',
      message: `Your account is locked until ${lockEnd} after too many failed attempts. Try again then, reset your password with “Can't log in?”, or ask a user manager to unlock it.`,
      errors: [],
    };
    expect(known).toEqual([
      plain,
      plain,
      plain,
      {
        code: 'INVALID_CREDENTIALS',
        message:
          'Invalid username or password. 1 attempt left: one more failed attempt locks the account for 30 minutes.',
        errors: [],
      },
      locked,
      locked,
      locked,
    ]);
    // The right password during the lock: the same answer for the real account.
    expect((await login('staff', DEMO_PASSWORD, OFFICE)).json()).toEqual(locked);
    // After the lock both count from 1 again; a quiet day forgets a run of both alike.
    t.clock.advance(30 * MINUTE);
    const again = async (username: string) => {
      const bodies = [];
      for (const from of [OFFICE, OFFICE, OFFICE]) bodies.push((await login(username, WRONG, from)).json());
      t.clock.advance(25 * 60 * MINUTE);
      for (const from of [OFFICE, OFFICE, OFFICE, OFFICE])
        bodies.push((await login(username, WRONG, from)).json());
      t.clock.advance(-25 * 60 * MINUTE);
      return bodies;
    };
    const knownAgain = await again('staff');
    const unknownAgain = await again('nobody-by-this-name');
    expect(unknownAgain).toEqual(knownAgain);
    expect(knownAgain.map((b) => b.message)).toEqual([
      plain.message,
      plain.message,
      plain.message,
      plain.message,
      plain.message,
      plain.message,
      known[3].message,
    ]);
    await setUser('staff', {
      lockedOut: false,
      lockedUntil: null,
      failedLoginCount: 0,
      lastFailedLoginAt: null,
    });
    await forgetAddresses();
  });

  it("[P11-027] names a lock's end on the user's clock: the zone of their first role's company", async () => {
    const lockEnd = lockEndAt(t.clock.now(), 'America/Chicago');
    expect(lockEnd).toMatch(/ CST$/);
    await failTimes('imaging', limits.failedLoginsBeforeLock, ATTACKER, 'USER_LOCKED');
    // imaging works for Windy City Imaging, in Chicago.
    expect((await login('imaging', DEMO_PASSWORD, OFFICE)).json().message).toBe(
      messages.userLockedUntil(lockEnd),
    );
    await setUser('imaging', { lockedOut: false, lockedUntil: null, failedLoginCount: 0 });
    await forgetAddresses();
  });

  it('[P11-023, P11-025] repro: five anonymous failures for a CMO lock new logins but do not end its open session; wrong e-signatures still do', async () => {
    const session = await t.loginAs('cmo');
    await failTimes('cmo', limits.failedLoginsBeforeLock, ATTACKER, 'USER_LOCKED');
    expect(await userRow('cmo')).toMatchObject({
      lockedOut: true,
      failedLoginCount: 5,
      failedSignatureCount: 0,
    });
    expect((await trailOf('cmo')).at(-1)).toMatchObject({ reason: 'Locked after 5 failed logins' });
    // New logins are refused, from any address, with the lock named...
    expect((await login('cmo', DEMO_PASSWORD, OFFICE)).json().code).toBe('USER_LOCKED');
    // ...while the open session goes on: it reads, refreshes, and signs with the right password.
    expect((await me(session)).statusCode).toBe(200);
    const rotated = await refresh(session.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const signed = await signProfile(session, DEMO_PASSWORD);
    expect(signed.statusCode, signed.body).toBe(200);
    // The person's own wrong signatures count apart from the stranger's failures: four are warnings...
    for (let i = 0; i < limits.failedLoginsBeforeLock - 1; i++) {
      const res = await signProfile(session, WRONG);
      expect(res.json().code).toBe('ESIGN_FAILED');
      expect((await me(session)).statusCode).toBe(200);
    }
    // ...the fifth locks and ends every session of the user at once.
    const fifth = await signProfile(session, WRONG);
    expect(fifth.statusCode).toBe(400);
    expect(await userRow('cmo')).toMatchObject({ lockedOut: true, failedSignatureCount: 5 });
    expect((await me(session)).statusCode).toBe(401);
    expect((await refresh(rotated.json().refreshToken)).statusCode).toBe(401);
    const live = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, await userId(t, 'cmo')), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
    expect((await trailOf('cmo')).at(-1)).toMatchObject({
      reason: 'Locked after 5 wrong e-signatures or passwords in a session; the sessions ended',
    });
    const cmoId = await userId(t, 'cmo');
    expect(events('user.locked').filter((e) => e.userId === cmoId)).toHaveLength(2);
    await unlock('cmo');
    expect(await userRow('cmo')).toMatchObject({
      lockedOut: false,
      failedLoginCount: 0,
      failedSignatureCount: 0,
    });
    // The unlock forgot the addresses' failures too: the attacker's address is not paced for cmo now.
    expect((await login('cmo', DEMO_PASSWORD, ATTACKER)).statusCode).toBe(200);
  });
});

describe('the source address under TRUST_PROXY', () => {
  it('[P11-029] is the forwarded client a trusted proxy names, so clients behind one proxy are paced apart', async () => {
    const proxied = await buildTestApp({ config: { trustProxy: ['127.0.0.1'] } });
    const loginVia = (forwardedFor: string, password: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'admin', password },
        headers: { 'x-forwarded-for': forwardedFor },
      });
    try {
      for (let i = 0; i < limits.failedLoginsBeforeLock; i++)
        expect((await loginVia(ATTACKER, WRONG)).json().code).toBe('INVALID_CREDENTIALS');
      expect((await loginVia(ATTACKER, DEMO_PASSWORD)).json().code).toBe('TOO_MANY_ATTEMPTS');
      // Another client through the same proxy (the same peer, 127.0.0.1) is not slowed.
      expect((await loginVia(OFFICE, DEMO_PASSWORD)).statusCode).toBe(200);
      const rows = await proxied.db.select().from(loginFailures);
      expect(rows.map((r) => [r.username, r.source, r.failures])).toEqual([['admin', ATTACKER, 5]]);
    } finally {
      await proxied.close();
    }
  });
});
