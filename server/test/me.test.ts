import { messages } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, roles, userGroups, users } from '../src/kernel/db/schema.ts';
import { addRolelessUser } from './company-users.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
const switchRole = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/users/me/role', headers, payload });
const roleIdsOf = async (username: string) => {
  const [u] = await t.db.select().from(users).where(eq(users.username, username));
  return (await t.db.select().from(roles).where(eq(roles.userId, u!.id)))
    .map((r) => r.id)
    .sort((a, b) => a - b);
};
const roleNotAllowed = {
  code: 'ROLE_NOT_ALLOWED',
  message: 'The selected role is not one of your roles',
  errors: [],
};

describe('GET /users/me', () => {
  it('answers the user with roles, groups, permissions and the current role, never the hash', async () => {
    const s = await t.loginAs('cmo');
    const res = await me(s.headers());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      username: 'cmo',
      isStaff: false,
      isAdmin: false,
      active: true,
      lockedOut: false,
      groups: [{ name: 'CMO Users' }],
    });
    expect(body.roles).toHaveLength(1);
    expect(body.currentRole).toEqual(body.roles[0]);
    expect(body.currentRole).toMatchObject({ type: 'cmo', name: 'CMO', companyName: expect.any(String) });
    expect(Object.keys(body.permissions.order).sort()).toEqual(['create', 'delete', 'read', 'update']);
    expect(JSON.stringify(body)).not.toMatch(/password|\$argon2/i);
  });

  it('needs a login', async () => {
    expect((await me({})).statusCode).toBe(401);
  });

  it('reflects a group change on the very next request', async () => {
    const s = await t.loginAs('site');
    expect((await me(s.headers())).json().permissions.order.create).toBe(true);
    const [u] = await t.db.select().from(users).where(eq(users.username, 'site'));
    const memberships = await t.db.select().from(userGroups).where(eq(userGroups.userId, u!.id));
    await t.db.delete(userGroups).where(eq(userGroups.userId, u!.id));
    const without = (await me(s.headers())).json();
    expect(without.permissions.order.create).toBe(false);
    expect(without.groups).toEqual([]);
    await t.db.insert(userGroups).values(memberships);
    expect((await me(s.headers())).json().permissions.order.create).toBe(true);
    const [group] = await t.db.select().from(groups).where(eq(groups.name, 'Site Users'));
    await t.db.update(groups).set({ active: false }).where(eq(groups.id, group!.id));
    expect((await me(s.headers())).json().permissions.order.create).toBe(false);
    await t.db.update(groups).set({ active: true }).where(eq(groups.id, group!.id));
  });
});

describe('Role-Id', () => {
  it('[AUT-014] chooses the current role of a user with two; none means the first', async () => {
    const s = await t.loginAs('multi');
    const [cmoRoleId, siteRoleId] = await roleIdsOf('multi');
    const first = (await me(s.headers())).json();
    expect(first.roles.map((r: { id: number }) => r.id)).toEqual([cmoRoleId, siteRoleId]);
    expect(first.currentRole.id).toBe(cmoRoleId);
    const asCmo = (await me(s.headers(cmoRoleId))).json();
    expect(asCmo.currentRole).toMatchObject({
      id: cmoRoleId,
      type: 'cmo',
      companyName: 'Pacific Radiopharma',
    });
    const asSite = (await me(s.headers(siteRoleId))).json();
    expect(asSite.currentRole).toMatchObject({
      id: siteRoleId,
      type: 'clinical_site',
      companyTimezone: 'America/Denver',
    });
    expect(asSite.roles).toEqual(asCmo.roles);
  });

  it('[AUT-015] refuses another user’s role with 403 ROLE_NOT_ALLOWED', async () => {
    const s = await t.loginAs('site');
    const [othersRole] = await roleIdsOf('cmo');
    const res = await me(s.headers(othersRole));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(roleNotAllowed);
    expect((await me({ ...s.headers(), 'role-id': 'abc' })).statusCode).toBe(403);
  });

  it('[AUT-014] gives a user without roles the synthetic role, and refuses any Role-Id', async () => {
    const admin = await t.loginAs('admin');
    expect((await me(admin.headers())).json().currentRole).toEqual({
      id: null,
      name: 'Admin',
      type: 'admin',
      companyId: null,
      companyName: null,
      companyTimezone: null,
    });
    const [someRole] = await roleIdsOf('cmo');
    const res = await me(admin.headers(someRole));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(roleNotAllowed);
    const staff = await t.loginAs('staff');
    expect((await me(staff.headers())).json().currentRole).toMatchObject({ id: null, type: 'staff' });
  });
});

describe('PUT /users/me/role', () => {
  it('[AUT-013] answers the user in the chosen role, switching back and forth', async () => {
    const s = await t.loginAs('multi');
    const [cmoRoleId, siteRoleId] = await roleIdsOf('multi');
    const toSite = await switchRole(s.headers(cmoRoleId), { roleId: siteRoleId });
    expect(toSite.statusCode).toBe(200);
    expect(toSite.json().currentRole).toMatchObject({ id: siteRoleId, type: 'clinical_site' });
    expect(toSite.json()).toEqual((await me(s.headers(siteRoleId))).json());
    const toCmo = await switchRole(s.headers(siteRoleId), { roleId: cmoRoleId });
    expect(toCmo.json().currentRole).toMatchObject({ id: cmoRoleId, type: 'cmo' });
  });

  it('refuses a role that is not the user’s, and a bad body', async () => {
    const s = await t.loginAs('site');
    const [othersRole] = await roleIdsOf('cmo');
    const res = await switchRole(s.headers(), { roleId: othersRole });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(roleNotAllowed);
    const admin = await t.loginAs('admin');
    expect((await switchRole(admin.headers(), { roleId: othersRole })).statusCode).toBe(403);
    expect((await switchRole(s.headers(), { roleId: 'x' })).statusCode).toBe(400);
    expect((await switchRole(s.headers(), { roleId: 1, extra: 1 })).statusCode).toBe(400);
    expect((await switchRole({}, { roleId: othersRole })).statusCode).toBe(401);
  });
});

describe('a user without roles (issue 16)', () => {
  it('is staff or admin only when flagged; otherwise has no role, no permissions, and is told so', async () => {
    const id = await addRolelessUser(t.db, { username: 'roleless', groupNames: ['Administrators'] });
    const s = await t.loginAs('roleless');
    const answer = (await me(s.headers())).json();
    expect(answer.roles).toEqual([]);
    expect(answer.currentRole).toBeNull();
    expect(Object.values(answer.permissions).every((p) => !Object.values(p as object).some(Boolean))).toBe(
      true,
    );
    for (const url of [
      '/api/v1/orders',
      '/api/v1/users',
      '/api/v1/groups',
      '/api/v1/audit-logs/changeset/users/1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: s.headers() });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'NO_ROLE', message: messages.noRoleAssigned });
    }
    // Flagged as staff, the same user acts as staff with the group's permissions.
    await t.db.update(users).set({ isStaff: true }).where(eq(users.id, id));
    const staff = (await me(s.headers())).json();
    expect(staff.currentRole).toMatchObject({ id: null, type: 'staff', companyId: null });
    expect(staff.permissions.userManagement.read).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: s.headers() })).statusCode,
    ).toBe(200);
  });
});
