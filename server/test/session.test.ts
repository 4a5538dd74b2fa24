import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, groups, refreshTokens, roles, userGroups, users } from '../src/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MIN = 60_000;
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });
const me = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

describe('refresh tokens', () => {
  it('rotate: the new pair works and the old refresh token does not', async () => {
    const s = await t.loginAs('staff');
    const first = await refresh(s.refreshToken);
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(pair.refreshToken).not.toBe(s.refreshToken);
    expect((await me(bearer(pair.accessToken))).statusCode).toBe(200);
    const [stored] = await t.db.select().from(refreshTokens).limit(1);
    expect(stored!.tokenHash).not.toBe(s.refreshToken);
  });

  it('revoke the whole session when a rotated token is presented again', async () => {
    const s = await t.loginAs('staff');
    const next = (await refresh(s.refreshToken)).json().refreshToken;
    const replay = await refresh(s.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('UNAUTHENTICATED');
    expect((await refresh(next)).statusCode).toBe(401);
  });

  it('expire after 30 minutes unused, and 12 hours after login however used', async () => {
    const idle = await t.loginAs('staff');
    t.clock.advance(31 * MIN);
    expect((await refresh(idle.refreshToken)).statusCode).toBe(401);

    const busy = await t.loginAs('staff');
    let token = busy.refreshToken;
    let elapsed = 0;
    while (elapsed + 25 * MIN < 12 * 60 * MIN) {
      t.clock.advance(25 * MIN);
      elapsed += 25 * MIN;
      const res = await refresh(token);
      expect(res.statusCode).toBe(200);
      token = res.json().refreshToken;
    }
    t.clock.advance(25 * MIN);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('stop working after logout', async () => {
    const s = await t.loginAs('staff');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refreshToken: s.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });

  it('are refused for a user who was inactivated', async () => {
    const s = await t.loginAs('imaging');
    await t.db.update(users).set({ active: false }).where(eq(users.username, 'imaging'));
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    expect((await me(s.headers())).statusCode).toBe(401);
    await t.db.update(users).set({ active: true }).where(eq(users.username, 'imaging'));
  });
});

describe('access tokens', () => {
  it('expire after 15 minutes', async () => {
    const s = await t.loginAs('staff');
    expect((await me(s.headers())).statusCode).toBe(200);
    t.clock.advance(16 * MIN);
    const res = await me(s.headers());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('are refused when missing, malformed or forged', async () => {
    expect((await me({})).statusCode).toBe(401);
    expect((await me({ authorization: 'Bearer not.a.jwt' })).statusCode).toBe(401);
    const s = await t.loginAs('staff');
    const [h, p] = s.accessToken.split('.');
    expect((await me({ authorization: `Bearer ${h}.${p}.forgedsignature` })).statusCode).toBe(401);
  });
});

describe('/users/me and roles', () => {
  const roleIdsOf = async (username: string) => {
    const [u] = await t.db.select().from(users).where(eq(users.username, username));
    return (await t.db.select().from(roles).where(eq(roles.userId, u!.id))).map((r) => r.id);
  };

  it('answers the current role chosen by Role-Id, and switching changes it', async () => {
    const s = await t.loginAs('multi');
    const [cmoRoleId, siteRoleId] = await roleIdsOf('multi');
    const asCmo = (await me(s.headers(cmoRoleId))).json();
    expect(asCmo.roles).toHaveLength(2);
    expect(asCmo.currentRole).toMatchObject({
      id: cmoRoleId,
      type: 'cmo',
      companyName: 'Pacific Radiopharma',
    });
    const asSite = (await me(s.headers(siteRoleId))).json();
    expect(asSite.currentRole).toMatchObject({ type: 'clinical_site', companyTimezone: 'America/Denver' });

    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/role',
      headers: s.headers(cmoRoleId),
      payload: { roleId: siteRoleId },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().currentRole.id).toBe(siteRoleId);
  });

  it('refuses a Role-Id that is not one of the user’s roles with 403 ROLE_NOT_ALLOWED', async () => {
    const s = await t.loginAs('site');
    const [othersRole] = await roleIdsOf('cmo');
    const res = await me(s.headers(othersRole));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ROLE_NOT_ALLOWED');
    const sw = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/role',
      headers: s.headers(),
      payload: { roleId: othersRole },
    });
    expect(sw.json().code).toBe('ROLE_NOT_ALLOWED');
  });

  it('gives a user without roles the synthetic admin role and refuses any Role-Id', async () => {
    const s = await t.loginAs('admin');
    const body = (await me(s.headers())).json();
    expect(body.currentRole).toEqual({
      id: null,
      name: 'Admin',
      type: 'admin',
      companyId: null,
      companyName: null,
      companyTimezone: null,
    });
    expect((await me(s.headers(1))).json().code).toBe('ROLE_NOT_ALLOWED');
  });

  it('reflects a group change on the next request', async () => {
    const s = await t.loginAs('site');
    expect((await me(s.headers())).json().permissions.order.create).toBe(true);
    const [u] = await t.db.select().from(users).where(eq(users.username, 'site'));
    const memberships = await t.db.select().from(userGroups).where(eq(userGroups.userId, u!.id));
    await t.db.delete(userGroups).where(eq(userGroups.userId, u!.id));
    expect((await me(s.headers())).json().permissions.order.create).toBe(false);
    await t.db.insert(userGroups).values(memberships);
    const [group] = await t.db.select().from(groups).where(eq(groups.name, 'Site Users'));
    await t.db.update(groups).set({ active: false }).where(eq(groups.id, group!.id));
    expect((await me(s.headers())).json().permissions.order.create).toBe(false);
    await t.db.update(groups).set({ active: true }).where(eq(groups.id, group!.id));
  });
});

describe('expired-password change', () => {
  const change = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/users/password-change', payload });

  it('checks the current password and the policy', async () => {
    const wrong = await change({ username: 'expired', currentPassword: 'Nope1234', password: 'Fresh1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid username or password',
    });
    const weak = await change({ username: 'expired', currentPassword: DEMO_PASSWORD, password: 'weak' });
    expect(weak.statusCode).toBe(400);
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
    expect(same.json().errors[0].parameter).toBe('password');
  });

  it('sets the new password, revokes sessions and audits without the hash', async () => {
    const res = await change({ username: 'expired', currentPassword: DEMO_PASSWORD, password: 'Fresh1234' });
    expect(res.statusCode).toBe(204);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'expired', password: 'Fresh1234' },
    });
    expect(ok.statusCode).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.username, 'expired'));
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, u!.id));
    const row = rows.find((r) => r.reason === 'Password changed');
    expect(row?.changeset).toEqual({ password: ['[set]', '[changed]'] });
    expect(JSON.stringify(rows)).not.toContain(u!.passwordHash);
  });

  it('revokes the sessions that existed before the change', async () => {
    const s = await t.loginAs('staff');
    await change({ username: 'staff', currentPassword: DEMO_PASSWORD, password: 'Changed1234' });
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });
});
