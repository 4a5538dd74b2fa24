import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (username: string, password = DEMO_PASSWORD, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/login${query}`, payload: { username, password } });

const userRow = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0]!;

describe('login', () => {
  it('answers tokens, and the user with includeUser', async () => {
    const plain = await login('site');
    expect(plain.statusCode).toBe(200);
    expect(Object.keys(plain.json()).sort()).toEqual(['accessToken', 'refreshToken']);

    const withUser = await login('site', DEMO_PASSWORD, '?includeUser=true');
    const user = withUser.json().user;
    expect(user).toMatchObject({ username: 'site', fullName: 'Sid Coordinator', siteCoordinator: true });
    expect(user.currentRole).toMatchObject({
      type: 'clinical_site',
      companyName: 'Lakeside Clinical Research',
    });
    expect(user.permissions.order).toEqual({ create: true, update: false, read: true, delete: false });
  });

  it('matches the username ignoring case and surrounding spaces', async () => {
    expect((await login('  ADMIN ')).statusCode).toBe(200);
  });

  it('answers the same INVALID_CREDENTIALS for a wrong password and an unknown user', async () => {
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
  });

  it('refuses a locked user with USER_LOCKED and an inactive one with USER_INACTIVE', async () => {
    expect((await login('locked')).json().code).toBe('USER_LOCKED');
    await t.db.update(users).set({ active: false }).where(eq(users.username, 'imaging'));
    const res = await login('imaging');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('USER_INACTIVE');
    await t.db.update(users).set({ active: true }).where(eq(users.username, 'imaging'));
  });

  it('answers PASSWORD_EXPIRED past the maximum age', async () => {
    const res = await login('expired');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'PASSWORD_EXPIRED',
      message: 'Your password has expired, please choose a new one',
    });
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
  });
});

describe('lockout', () => {
  it('locks the account at the fifth consecutive failure, audits it once, and then refuses the right password', async () => {
    for (let i = 0; i < 4; i++)
      expect((await login('cmo', 'Wrong1234')).json().code).toBe('INVALID_CREDENTIALS');
    expect((await userRow('cmo')).lockedOut).toBe(false);
    expect((await login('cmo', 'Wrong1234')).json().code).toBe('INVALID_CREDENTIALS');
    const locked = await userRow('cmo');
    expect(locked).toMatchObject({ lockedOut: true, failedLoginCount: 5 });
    expect((await login('cmo')).json().code).toBe('USER_LOCKED');
    expect((await login('cmo', 'Wrong1234')).json().code).toBe('INVALID_CREDENTIALS');

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, locked.id));
    const lockRows = audit.filter((a) => a.entityType === 'users' && a.changeset.lockedOut);
    expect(lockRows).toHaveLength(1);
    expect(lockRows[0]).toMatchObject({
      eventType: 'update',
      changeset: { lockedOut: [false, true] },
      reason: 'Locked after 5 failed logins',
      actorUsername: 'cmo',
    });
  });

  it('counts concurrent failures without losing any', async () => {
    await Promise.all(Array.from({ length: 3 }, () => login('multi', 'Wrong1234')));
    expect((await userRow('multi')).failedLoginCount).toBe(3);
  });

  it('resets the count after a successful login', async () => {
    await login('staff', 'Wrong1234');
    await login('staff', 'Wrong1234');
    expect((await userRow('staff')).failedLoginCount).toBeGreaterThan(0);
    expect((await login('staff')).statusCode).toBe(200);
    expect((await userRow('staff')).failedLoginCount).toBe(0);
  });
});

describe('rate limit', () => {
  it('answers 429 RATE_LIMITED past the per-minute budget of an IP', async () => {
    const limited = await buildTestApp({ seed: false, config: { authRateLimitPerMinute: 3 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: 'x', password: 'y' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', errors: [] });
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
