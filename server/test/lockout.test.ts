/**
 * Issue 16: locks end by themselves (LOCKOUT_MINUTES), and the automatic lock never locks out the
 * last user manager: that account is paced to one password attempt a minute instead.
 */
import { Writable } from 'node:stream';
import { limits } from '@dosechain/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refreshTokens, userGroups, users } from '../src/db/schema.ts';
import { recordFailedPassword } from '../src/modules/auth/service.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { groupId, userId } from './user-management-helpers.ts';

const MINUTE = 60_000;
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

const login = (username: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
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
const failTimes = async (username: string, n: number) => {
  for (let i = 0; i < n; i++) expect((await login(username, WRONG)).json().code).toBe('INVALID_CREDENTIALS');
};
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
  it('issue 16 repro: five wrong passwords for admin (with a second manager), and 30 minutes later the right one logs in', async () => {
    await makeManager('staff');
    try {
      const before = await t.loginAs('admin');
      await failTimes('admin', limits.failedLoginsBeforeLock);
      const lockedAt = t.clock.now();
      const until = new Date(lockedAt.getTime() + 30 * MINUTE);
      expect(await userRow('admin')).toMatchObject({
        lockedOut: true,
        lockedUntil: until,
        failedLoginCount: 5,
        lastFailedLoginAt: lockedAt,
      });
      // Every session ended with the lock.
      expect((await refresh(before.refreshToken)).statusCode).toBe(401);
      const live = await t.db
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, await userId(t, 'admin')), isNull(refreshTokens.revokedAt)));
      expect(live).toEqual([]);
      expect((await trailOf('admin')).at(-1)).toMatchObject({
        changeset: { lockedOut: [false, true], lockedUntil: [null, until.toISOString()] },
        reason: 'Locked after 5 failed logins',
        actorUsername: 'admin',
      });

      // The right password names the lock and its end (in UTC); a wrong one does not and is not counted.
      const right = await login('admin');
      expect(right.statusCode).toBe(401);
      expect(right.json()).toEqual({
        code: 'USER_LOCKED',
        message:
          "Your account is locked until Nov 25, 2026, 10:30 UTC after too many failed attempts. Try again then, reset your password with “Can't log in?”, or ask a user manager to unlock it.",
        errors: [],
      });
      expect((await login('admin', WRONG)).json().code).toBe('INVALID_CREDENTIALS');
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
      await unmakeManager('staff');
    }
  });

  it('an ended lock counts the next failure from 1, is listed as not locked and cannot be unlocked', async () => {
    await failTimes('site', limits.failedLoginsBeforeLock);
    expect(await managerView('site')).toEqual({ lockedOut: true, listedAsLocked: true });
    t.clock.advance(31 * MINUTE);
    expect(await managerView('site')).toEqual({ lockedOut: false, listedAsLocked: false });
    const ended = await unlock('site');
    expect(ended.statusCode).toBe(409);
    expect(ended.json().code).toBe('USER_NOT_LOCKED');

    await failTimes('site', 1);
    expect(await userRow('site')).toMatchObject({ lockedOut: false, lockedUntil: null, failedLoginCount: 1 });
    await failTimes('site', 3);
    expect((await userRow('site')).lockedOut).toBe(false);
    await failTimes('site', 1);
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

  it('refresh refuses a session only while its user is locked now', async () => {
    const s = await t.loginAs('imaging');
    await setUser('imaging', { lockedOut: true, lockedUntil: new Date(t.clock.now().getTime() - 1000) });
    const rotated = await refresh(s.refreshToken);
    expect(rotated.statusCode).toBe(200);
    await setUser('imaging', { lockedOut: true, lockedUntil: new Date(t.clock.now().getTime() + MINUTE) });
    expect((await refresh(rotated.json().refreshToken)).statusCode).toBe(401);
    await setUser('imaging', { lockedOut: false, lockedUntil: null });
  });

  it('LOCKOUT_MINUTES=0 locks until a user manager unlocks, with the message that says so', async () => {
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

  it('recordFailedPassword says what a failure did: failures left, then the lock and its end', async () => {
    const user = await userRow('multi');
    const ctx = { db: t.db, clock: t.clock, config: t.config, log: t.app.log };
    const seen = [];
    for (let i = 0; i < limits.failedLoginsBeforeLock + 1; i++)
      seen.push(await recordFailedPassword(ctx, user));
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

  it('the expired-password screen counts failures and names the lock with its end', async () => {
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/password-change',
        payload: { username: 'expired', currentPassword, password: 'Chosen-123' },
      });
    for (let i = 0; i < limits.failedLoginsBeforeLock; i++)
      expect((await change(WRONG)).statusCode).toBe(400);
    const res = await change(DEMO_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(
      /^Your account is locked until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d UTC /,
    );
    await setUser('expired', { lockedOut: false, lockedUntil: null, failedLoginCount: 0 });
  });
});

describe('the last user manager is never locked: paced instead (issue 16)', () => {
  it('five wrong passwords leave admin unlocked, audited and logged once; then one attempt a minute', async () => {
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

    // The expired-password screen and the own-password change are paced alike.
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
      payload: { currentPassword: DEMO_PASSWORD, password: 'Chosen-123', passwordConfirmation: 'Chosen-123' },
    });
    expect(own.statusCode).toBe(429);
    expect(own.json().code).toBe('TOO_MANY_ATTEMPTS');

    // The right password after the pause logs in and starts the count again.
    t.clock.advance(MINUTE);
    expect((await login('admin')).statusCode).toBe(200);
    expect(await userRow('admin')).toMatchObject({ lockedOut: false, failedLoginCount: 0 });
    expect((await login('admin')).statusCode).toBe(200);
  });

  it('a paced account whose password expired reaches the expired-password screen unpaced', async () => {
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

  it('of concurrent attempts in one pause, only one has its password checked', async () => {
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

  it('a locked manager does not count: with two managers one may be locked, the other then not', async () => {
    await addAdmin('admin2');
    await failTimes('admin2', limits.failedLoginsBeforeLock);
    expect((await userRow('admin2')).lockedOut).toBe(true);
    await failTimes('admin', limits.failedLoginsBeforeLock);
    expect(await userRow('admin')).toMatchObject({ lockedOut: false, failedLoginCount: 5 });
    t.clock.advance(MINUTE);
    expect((await login('admin')).statusCode).toBe(200);
    // Once admin2's lock has ended it counts again, and admin can be locked.
    t.clock.advance(30 * MINUTE);
    await failTimes('admin', limits.failedLoginsBeforeLock);
    expect((await userRow('admin')).lockedOut).toBe(true);
    await setUser('admin', { lockedOut: false, lockedUntil: null, failedLoginCount: 0 });
    await setUser('admin2', { active: false });
  });

  it('of two managers reaching the limit at the same moment, exactly one is locked', async () => {
    await addAdmin('admin3');
    // A race: several rounds, so that a missing serialization would show.
    for (let round = 0; round < 4; round++) {
      for (const name of ['admin', 'admin3']) {
        await setUser(name, {
          lockedOut: false,
          lockedUntil: null,
          failedLoginCount: limits.failedLoginsBeforeLock - 1,
          lastFailedLoginAt: null,
        });
      }
      const results = await Promise.all([login('admin', WRONG), login('admin3', WRONG)]);
      expect(results.map((r) => r.json().code)).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS']);
      const locked = [await userRow('admin'), await userRow('admin3')].map((u) => u.lockedOut);
      expect(locked.filter(Boolean)).toHaveLength(1);
    }
    await setUser('admin', { lockedOut: false, lockedUntil: null, failedLoginCount: 0 });
    await setUser('admin3', { active: false });
  });
});
