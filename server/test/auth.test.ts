import { Writable } from 'node:stream';
import { messages } from '@dosechain/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { verifyPassword } from '../src/kernel/auth/password.ts';
import { auditLog, refreshTokens, users } from '../src/kernel/db/schema.ts';
import { seedDemo } from '../src/seed/demo.ts';
import {
  buildTestApp,
  DEMO_PASSWORD,
  freshDatabase,
  type TestApp,
  TestClock,
  testConfig,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

const login = (username: string, password = DEMO_PASSWORD, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/login${query}`, payload: { username, password } });

const userRow = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0]!;

const setUser = (username: string, values: Partial<typeof users.$inferInsert>) =>
  t.db.update(users).set(values).where(eq(users.username, username));

const lockRowsOf = async (userId: number) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.entityId, userId))).filter(
    (a) => a.entityType === 'users' && a.eventType === 'update' && a.changeset.lockedOut,
  );

describe('login', () => {
  it('answers the token pair, and the user too with includeUser=true', async () => {
    const plain = await login('site');
    expect(plain.statusCode).toBe(200);
    expect(Object.keys(plain.json()).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(Object.keys((await login('site', DEMO_PASSWORD, '?includeUser=false')).json()).sort()).toEqual([
      'accessToken',
      'refreshToken',
    ]);

    const withUser = await login('site', DEMO_PASSWORD, '?includeUser=true');
    expect(withUser.statusCode).toBe(200);
    const { user, accessToken } = withUser.json();
    expect(user).toMatchObject({ username: 'site', fullName: 'Sid Coordinator', siteCoordinator: true });
    expect(user.currentRole).toMatchObject({
      type: 'clinical_site',
      companyName: 'Lakeside Clinical Research',
    });
    expect(user.permissions.order).toEqual({ create: true, update: false, read: true, delete: false });
    expect(user).not.toHaveProperty('passwordHash');
    // The same builder as GET /users/me.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.json()).toEqual(user);
  });

  it('[P11-024] matches the username ignoring case and surrounding spaces', async () => {
    expect((await login('  ADMIN ')).statusCode).toBe(200);
    expect((await login('Multi')).statusCode).toBe(200);
  });

  it('[P11-030] answers the same INVALID_CREDENTIALS for a wrong password and an unknown user', async () => {
    const wrong = await login('staff', 'Wrong1234');
    const unknown = await login('nobody', 'Wrong1234');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid username or password',
      errors: [],
    });
    expect(unknown.json()).toEqual(wrong.json());
    await setUser('staff', { failedLoginCount: 0 });
  });

  it('[P11-025] names a lock to every attempt, the right password or a wrong one, and counts nothing past it', async () => {
    const right = await login('locked');
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({
      code: 'USER_LOCKED',
      message: 'Your account is locked, please contact an administrator',
    });
    const wrong = await login('locked', 'Wrong1234');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(right.json());
    expect(await userRow('locked')).toMatchObject({ lockedOut: true, failedLoginCount: 5 });
    expect(
      await t.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, (await userRow('locked')).id)),
    ).toEqual([]);
  });

  it('[P11-036] refuses an inactive user with USER_INACTIVE', async () => {
    await setUser('imaging', { active: false });
    try {
      const res = await login('imaging');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'USER_INACTIVE',
        message: 'Your account is inactive, please contact an administrator',
      });
    } finally {
      await setUser('imaging', { active: true });
    }
  });

  it('[P11-033, AUT-006] answers PASSWORD_EXPIRED past PASSWORD_MAX_AGE_DAYS, on the clock', async () => {
    const res = await login('expired');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'PASSWORD_EXPIRED',
      message: 'Your password has expired, please choose a new one',
    });
    await setUser('cmo', { passwordChangedAt: new Date(t.clock.now().getTime() - 89 * DAY) });
    expect((await login('cmo')).statusCode).toBe(200);
    t.clock.advance(2 * DAY);
    expect((await login('cmo')).json().code).toBe('PASSWORD_EXPIRED');
    await setUser('cmo', { passwordChangedAt: t.clock.now() });
  });

  it('rejects a body with unknown fields or missing values', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'admin', password: DEMO_PASSWORD, extra: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ parameter: 'extra' }));
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
  });

  it('[FRM-004] refuses a username longer than the 32 characters a username can have, on its field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'a'.repeat(33), password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ parameter: 'username', message: 'Longer than maximum length 32' }),
    ]);
  });
});

describe('lockout', () => {
  it('[P11-025, P11-026] locks at exactly the fifth consecutive failure, audits and logs it once, and then refuses the right password', async () => {
    // Its own app, to read the security log.
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await freshDatabase();
    const clock = new TestClock(new Date('2026-11-25T10:00:00.000Z'));
    await seedDemo(database.db, clock.now());
    const app = await buildApp({
      db: database.db,
      clock,
      config: testConfig(),
      logger: { level: 'warn', stream },
    });
    const attempt = (password: string, remoteAddress = '127.0.0.1') =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'cmo', password },
        remoteAddress,
      });
    const cmo = async () => (await database.db.select().from(users).where(eq(users.username, 'cmo')))[0]!;
    try {
      for (let i = 1; i <= 4; i++) {
        const res = await attempt('Wrong1234');
        expect(res.json().code).toBe('INVALID_CREDENTIALS');
        // The attempt before the last says so (issue 33), as the e-signature does.
        expect(res.json().message).toBe(
          i === 4 ? messages.invalidCredentialsLastAttempt(30) : messages.invalidCredentials,
        );
        expect(await cmo()).toMatchObject({ failedLoginCount: i, lockedOut: false });
      }
      // The failure that locks says so at once, with the end on the CMO's clock (Boston).
      const fifth = await attempt('Wrong1234');
      expect(fifth.statusCode).toBe(401);
      expect(fifth.json()).toEqual({
        code: 'USER_LOCKED',
        message: messages.userLockedUntil('Nov 25, 2026, 05:30 EST'),
        errors: [],
      });
      const locked = await cmo();
      expect(locked).toMatchObject({ lockedOut: true, failedLoginCount: 5 });
      // Every attempt after it, from any address, with any password, answers the same.
      const sixth = await attempt(DEMO_PASSWORD, '198.51.100.20');
      expect(sixth.statusCode).toBe(401);
      expect(sixth.json()).toEqual(fifth.json());
      expect((await attempt('Wrong1234', '198.51.100.20')).json()).toEqual(fifth.json());
      expect((await attempt(DEMO_PASSWORD)).json()).toEqual(fifth.json());
      expect((await cmo()).failedLoginCount).toBe(5);

      const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, locked.id));
      const lockRows = audit.filter(
        (a) => a.entityType === 'users' && a.eventType === 'update' && a.changeset.lockedOut,
      );
      expect(lockRows).toHaveLength(1);
      expect(lockRows[0]).toMatchObject({
        eventType: 'update',
        changeset: { lockedOut: [false, true] },
        reason: 'Locked after 5 failed logins',
        actorUserId: locked.id,
        actorUsername: 'cmo',
      });

      const events = lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'user.locked');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ level: 40, userId: locked.id });
      expect(lines.join('')).not.toContain('Wrong1234');
      expect(lines.join('')).not.toContain(DEMO_PASSWORD);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('[P11-025] counts concurrent failures without losing any, and locks once', async () => {
    await Promise.all(Array.from({ length: 3 }, () => login('multi', 'Wrong1234')));
    expect((await userRow('multi')).failedLoginCount).toBe(3);
    await setUser('multi', { failedLoginCount: 0 });

    await Promise.all(Array.from({ length: 8 }, () => login('imaging', 'Wrong1234')));
    const imaging = await userRow('imaging');
    expect(imaging).toMatchObject({ lockedOut: true, failedLoginCount: 5 });
    expect(await lockRowsOf(imaging.id)).toHaveLength(1);
    await setUser('imaging', { lockedOut: false, failedLoginCount: 0 });
  });

  it('[P11-025] resets the count after a successful login', async () => {
    for (let i = 0; i < 4; i++) await login('staff', 'Wrong1234');
    expect((await userRow('staff')).failedLoginCount).toBe(4);
    expect((await login('staff')).statusCode).toBe(200);
    expect((await userRow('staff')).failedLoginCount).toBe(0);
    // The count is of consecutive failures: four more do not lock.
    for (let i = 0; i < 4; i++) await login('staff', 'Wrong1234');
    expect((await userRow('staff')).lockedOut).toBe(false);
    await setUser('staff', { failedLoginCount: 0 });
  });
});

describe('configuration', () => {
  it('[P11-029, P11-033] answers 429 RATE_LIMITED past AUTH_RATE_LIMIT_PER_MINUTE, and lets expired passwords in when PASSWORD_MAX_AGE_DAYS is 0', async () => {
    const other = await buildTestApp({ config: { authRateLimitPerMinute: 3, passwordMaxAgeDays: 0 } });
    try {
      const post = (url: string, payload: object) => other.app.inject({ method: 'POST', url, payload });
      expect(
        (await post('/api/v1/auth/login', { username: 'expired', password: DEMO_PASSWORD })).statusCode,
      ).toBe(200);
      expect((await post('/api/v1/auth/login', { username: 'x', password: 'y' })).statusCode).toBe(401);
      expect((await post('/api/v1/auth/login', { username: 'x', password: 'y' })).statusCode).toBe(401);
      const limited = await post('/api/v1/auth/login', { username: 'x', password: 'y' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many requests, please try again later',
        errors: [],
      });
      // Each auth call has its own budget per IP; a minute later it is back.
      expect((await post('/api/v1/auth/refresh', { refreshToken: 'x' })).statusCode).toBe(401);
      for (let i = 0; i < 2; i++) await post('/api/v1/auth/refresh', { refreshToken: 'x' });
      expect((await post('/api/v1/auth/refresh', { refreshToken: 'x' })).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('password change by username (expired-password screen)', () => {
  const change = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/users/password-change', payload });

  it('[AUT-008] answers 400 INVALID_CREDENTIALS on a wrong current password or an unknown user', async () => {
    const wrong = await change({ username: 'expired', currentPassword: 'Nope1234', password: 'Fresh1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid username or password',
      errors: [],
    });
    const unknown = await change({ username: 'nobody', currentPassword: 'Nope1234', password: 'Fresh1234' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
    await setUser('expired', { failedLoginCount: 0 });
  });

  it('[P11-032, USR-002] checks the policy, and that the new password differs', async () => {
    const weak = await change({ username: 'expired', currentPassword: DEMO_PASSWORD, password: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('VALIDATION_FAILED');
    expect(weak.json().errors).toContainEqual(
      expect.objectContaining({
        parameter: 'password',
        message: 'Password must be at least 8 characters long, contain an uppercase letter and a number',
      }),
    );
    const same = await change({
      username: 'expired',
      currentPassword: DEMO_PASSWORD,
      password: DEMO_PASSWORD,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ parameter: 'password', message: 'The new password must differ from the current one' }],
    });
    const tooLong = await change({
      username: 'expired',
      currentPassword: DEMO_PASSWORD,
      password: `A1${'a'.repeat(127)}`,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses a locked or inactive user with their codes', async () => {
    const locked = await change({
      username: 'locked',
      currentPassword: DEMO_PASSWORD,
      password: 'Fresh1234',
    });
    expect(locked.statusCode).toBe(401);
    expect(locked.json().code).toBe('USER_LOCKED');
    await setUser('site', { active: false });
    try {
      const inactive = await change({
        username: 'site',
        currentPassword: DEMO_PASSWORD,
        password: 'Fresh1234',
      });
      expect(inactive.statusCode).toBe(401);
      expect(inactive.json().code).toBe('USER_INACTIVE');
    } finally {
      await setUser('site', { active: true });
    }
    expect(await verifyPassword((await userRow('site')).passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it('answers the recovery-token form 400 on token until password recovery exists', async () => {
    const res = await change({ token: 'whatever', password: 'Fresh1234' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ parameter: 'token', message: 'The recovery link is invalid or has expired' }],
    });
  });

  it('[P11-013] sets the new password, ends every session and audits without the hash', async () => {
    const before = await userRow('expired');
    // A session from before the password expired.
    await setUser('expired', { passwordChangedAt: t.clock.now() });
    const old = await t.loginAs('expired');
    await setUser('expired', { passwordChangedAt: before.passwordChangedAt, failedLoginCount: 2 });
    expect((await login('expired')).json().code).toBe('PASSWORD_EXPIRED');

    const res = await change({
      username: ' EXPIRED ',
      currentPassword: DEMO_PASSWORD,
      password: 'Fresh1234',
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const after = await userRow('expired');
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.passwordChangedAt).toEqual(t.clock.now());
    expect(after.failedLoginCount).toBe(0);
    const live = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, after.id), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: old.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);

    expect((await login('expired', 'Fresh1234')).statusCode).toBe(200);
    expect((await login('expired')).json().code).toBe('INVALID_CREDENTIALS');

    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, after.id));
    const changed = rows.filter((r) => r.entityType === 'users' && r.reason === 'Password changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      eventType: 'update',
      changeset: { password: ['[changed]', '[changed]'] },
      actorUserId: after.id,
      actorUsername: 'expired',
    });
    const trail = JSON.stringify(rows);
    expect(trail).not.toContain(after.passwordHash);
    expect(trail).not.toContain('Fresh1234');
  });
});
