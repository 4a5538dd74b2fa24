/**
 * Issue 16: someone can always manage users. Only *usable* managers count (active, not locked
 * now, acting in a staff or admin role, with user-management read and update), every change that
 * could leave none is refused, and a user manager grants only what it holds itself.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, userGroups, users } from '../src/kernel/db/schema.ts';
import { updateUser } from '../src/modules/users/service.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { actingAs, createLoginUser, groupId, outcomes, userId } from './user-management-helpers.ts';

let t: TestApp;
let adminsId: number;
let adminId: number;
let cmoCompany: number;
beforeAll(async () => {
  t = await buildTestApp();
  adminsId = await groupId(t, 'Administrators');
  adminId = await userId(t, 'admin');
  cmoCompany = (await t.db.select().from(companies).where(eq(companies.name, 'Isotope Labs Boston')))[0]!.id;
});
afterAll(() => t.close());

const signed = { electronicSignature: DEMO_PASSWORD };
const putUser = (id: number, payload: object, as = 'admin') =>
  t.request(as, { method: 'PUT', url: `/api/v1/users/${id}`, payload: { ...signed, ...payload } });
const postUser = (payload: object, as = 'admin') =>
  t.request(as, { method: 'POST', url: '/api/v1/users', payload: { ...signed, ...payload } });
const putGroup = (id: number, payload: object, as = 'admin') =>
  t.request(as, { method: 'PUT', url: `/api/v1/groups/${id}`, payload: { ...signed, ...payload } });
const postGroup = (payload: object, as = 'admin') =>
  t.request(as, { method: 'POST', url: '/api/v1/groups', payload: { ...signed, ...payload } });
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const cmoRole = () => ({ type: 'cmo' as const, companyId: cmoCompany });
const person = (username: string) => ({
  username,
  firstName: 'Pat',
  lastName: 'Person',
  email: `${username}@dosechain.test`,
  password: 'Welcome123',
});
const join = async (username: string, group: string) =>
  t.db
    .insert(userGroups)
    .values({ userId: await userId(t, username), groupId: await groupId(t, group) })
    .onConflictDoNothing();
const leave = async (username: string, group: string) =>
  t.db
    .delete(userGroups)
    .where(
      and(eq(userGroups.userId, await userId(t, username)), eq(userGroups.groupId, await groupId(t, group))),
    );
/** Whether admin, the demo's only user manager, can be taken out of Administrators now (then put back). */
async function adminIsDispensable(): Promise<boolean> {
  const res = await putUser(adminId, { groupIds: [] });
  if (res.statusCode !== 200) {
    expect(res.json().code).toBe('USER_MANAGEMENT_INVALID_GROUP_ASSIGNMENT');
    return false;
  }
  await t.db.insert(userGroups).values({ userId: adminId, groupId: adminsId });
  return true;
}

describe('the last usable manager keeps its role (issue 16)', () => {
  it('cannot be given only a CMO role: USER_MANAGEMENT_INVALID_ROLE_ASSIGNMENT on roles', async () => {
    const res = await putUser(adminId, { roles: [cmoRole()] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'USER_MANAGEMENT_INVALID_ROLE_ASSIGNMENT',
      message: "You can't leave this user without a staff or admin role: nobody else could manage users",
      errors: [
        {
          code: 'USER_MANAGEMENT_INVALID_ROLE_ASSIGNMENT',
          message: "You can't leave this user without a staff or admin role: nobody else could manage users",
          parameter: 'roles',
        },
      ],
    });
    expect(
      (await t.request('admin', { method: 'GET', url: `/api/v1/users/${adminId}` })).json().roles,
    ).toEqual([]);
    // An admin role beside it keeps admin able to manage users, so that is allowed.
    const both = await putUser(adminId, { roles: [{ type: 'admin' }, cmoRole()] });
    expect(both.statusCode).toBe(200);
    expect((await putUser(adminId, { roles: [] })).statusCode).toBe(200);
  });

  it('cannot lose the flag that is its role when it has no roles', async () => {
    const res = await putUser(adminId, { isAdmin: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('USER_MANAGEMENT_INVALID_ROLE_ASSIGNMENT');
    expect(res.json().errors[0].parameter).toBe('isAdmin');
    // isStaff keeps a synthetic (staff) role: allowed.
    expect((await putUser(adminId, { isAdmin: false, isStaff: true })).statusCode).toBe(200);
    const asStaff = await putUser(adminId, { isStaff: false });
    expect(asStaff.statusCode).toBe(409);
    expect(asStaff.json().errors[0].parameter).toBe('isStaff');
    // Back as it was (no longer an administrator, admin could not set the flag itself).
    await t.db.update(users).set({ isAdmin: true, isStaff: false }).where(eq(users.id, adminId));
  });

  it('counts only usable managers: not locked now, not company roles only, not without a role', async () => {
    expect(await adminIsDispensable()).toBe(false);

    // staff (synthetic staff role) in Administrators is a second manager...
    await join('staff', 'Administrators');
    expect(await adminIsDispensable()).toBe(true);
    // ...unless locked now; a lock that has ended does not count.
    await t.db
      .update(users)
      .set({ lockedOut: true, lockedUntil: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(users.username, 'staff'));
    expect(await adminIsDispensable()).toBe(false);
    await t.db
      .update(users)
      .set({ lockedUntil: new Date(t.clock.now().getTime() - 1) })
      .where(eq(users.username, 'staff'));
    expect(await adminIsDispensable()).toBe(true);
    await t.db.update(users).set({ lockedOut: false, lockedUntil: null }).where(eq(users.username, 'staff'));
    await leave('staff', 'Administrators');

    // A member acting only in company roles: their ceiling leaves user management out.
    await join('cmo', 'Administrators');
    expect(await adminIsDispensable()).toBe(false);
    await leave('cmo', 'Administrators');
    // A member without roles who is neither staff nor admin has no role at all.
    await createLoginUser(t, 'rolelessmember', { groupIds: [adminsId] });
    expect(await adminIsDispensable()).toBe(false);
  });

  it('counts read and update that come from two groups', async () => {
    // The demo Staff group reads user management; a second group gives staff update.
    const editors = await postGroup({
      name: 'UM Editors',
      permissions: { userManagement: { update: true } },
    });
    expect(editors.statusCode).toBe(201);
    const editorsId = editors.json().id as number;
    await join('staff', 'UM Editors');
    expect(await adminIsDispensable()).toBe(true);
    // With admin out, taking update away from that group would leave nobody: refused on permissions.
    expect((await putUser(adminId, { groupIds: [] })).statusCode).toBe(200);
    const lose = await putGroup(editorsId, { permissions: { userManagement: { update: false } } }, 'staff');
    expect(lose.statusCode).toBe(409);
    expect(lose.json().code).toBe('USER_MANAGEMENT_INVALID_PERMISSION_ASSIGNMENT');
    // staff, no administrator, cannot put admin back into Administrators: it grants more than staff holds.
    expect((await putUser(adminId, { groupIds: [adminsId] }, 'staff')).statusCode).toBe(403);
    await t.db.insert(userGroups).values({ userId: adminId, groupId: adminsId }).onConflictDoNothing();
    await leave('staff', 'UM Editors');
  });

  it('of two managers giving each other a CMO role at once, exactly one succeeds', async () => {
    const second = await createLoginUser(t, 'admin2', { isAdmin: true, groupIds: [adminsId] });
    const asAdmin = await actingAs(t, 'admin');
    const asSecond = await actingAs(t, 'admin2');
    for (let round = 0; round < 3; round++) {
      const results = await outcomes([
        updateUser(asAdmin, second, { roles: [cmoRole()] }),
        updateUser(asSecond, adminId, { roles: [cmoRole()] }),
      ]);
      expect(results.filter((r) => r === 'ok')).toHaveLength(1);
      expect(results).toContain('USER_MANAGEMENT_INVALID_ROLE_ASSIGNMENT');
      // Put back whoever lost its role, as the one still able to manage users.
      if (results[0] === 'ok') await updateUser(asAdmin, second, { roles: [] });
      else await updateUser(asSecond, adminId, { roles: [] });
    }
    // The same with each taking the other out of Administrators.
    const demoted = await outcomes([
      updateUser(asAdmin, second, { groupIds: [] }),
      updateUser(asSecond, adminId, { groupIds: [] }),
    ]);
    expect(demoted.filter((r) => r === 'ok')).toHaveLength(1);
    if (demoted[0] === 'ok') await updateUser(asAdmin, second, { groupIds: [adminsId] });
    else await updateUser(asSecond, adminId, { groupIds: [adminsId] });
    await updateUser(asAdmin, second, { active: false, reasonForChange: 'Done' });
    expect((await userRow(adminId)).active).toBe(true);
  });
});

describe('a user manager grants only what it holds (issue 16)', () => {
  let managersId: number;
  let managerId: number;
  beforeAll(async () => {
    const group = await postGroup({
      name: 'User Managers',
      permissions: { userManagement: { create: true, read: true, update: true }, config: { read: true } },
    });
    managersId = group.json().id as number;
    managerId = await createLoginUser(t, 'manager', { isStaff: true, groupIds: [managersId] });
  });

  it('cannot put anyone, itself included, into a group granting more', async () => {
    const res = await postUser({ ...person('newhire'), groupIds: [adminsId] }, 'manager');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: "You can't add users to Administrators: it grants permissions you don't have yourself",
      errors: [{ parameter: 'groupIds', code: 'beyond_own_permissions' }],
    });
    const self = await putUser(managerId, { groupIds: [managersId, adminsId] }, 'manager');
    expect(self.statusCode).toBe(403);
    expect(self.json().errors[0].parameter).toBe('groupIds');
    const viaGroup = await putGroup(adminsId, { userIds: [adminId, managerId] }, 'manager');
    expect(viaGroup.statusCode).toBe(403);
    expect(viaGroup.json().errors[0]).toMatchObject({
      parameter: 'userIds',
      message: "You can't add users to Administrators: it grants permissions you don't have yourself",
    });
    expect(
      (await t.db.select().from(userGroups).where(eq(userGroups.userId, managerId))).map((g) => g.groupId),
    ).toEqual([managersId]);

    // Within its own permissions it may.
    const hired = await postUser({ ...person('newhire'), groupIds: [managersId] }, 'manager');
    expect(hired.statusCode).toBe(201);
    // Taking someone out of a group it could not grant is no grant.
    const siteUsers = await groupId(t, 'Site Users');
    const members = (await t.request('admin', { method: 'GET', url: `/api/v1/groups/${siteUsers}` })).json()
      .users as { id: number; username: string }[];
    const without = members.filter((m) => m.username !== 'locked').map((m) => m.id);
    expect((await putGroup(siteUsers, { userIds: without }, 'manager')).statusCode).toBe(200);
    const back = await putGroup(siteUsers, { userIds: members.map((m) => m.id) }, 'manager');
    expect(back.statusCode).toBe(403);
    expect((await putGroup(siteUsers, { userIds: members.map((m) => m.id) })).statusCode).toBe(200);
  });

  it('cannot give a group permissions it does not hold; what a group had is not a new grant', async () => {
    const res = await postGroup({ name: 'Auditors', permissions: { auditTrail: { read: true } } }, 'manager');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: "You can't give a group permissions you don't have yourself: Audit trail: Viewer",
      errors: [{ parameter: 'permissions' }],
    });
    const own = { userManagement: { create: true, read: true, update: true }, config: { read: true } };
    const more = await putGroup(managersId, { permissions: { ...own, reports: { read: true } } }, 'manager');
    expect(more.statusCode).toBe(403);
    expect(more.json().errors[0].parameter).toBe('permissions');
    // Renaming Administrators with its matrix sent back unchanged grants nothing new.
    const admins = (await t.request('admin', { method: 'GET', url: `/api/v1/groups/${adminsId}` })).json();
    const renamed = await putGroup(
      adminsId,
      { name: 'Administrators (all)', permissions: admins.permissions },
      'manager',
    );
    expect(renamed.statusCode).toBe(200);
    expect((await putGroup(adminsId, { name: 'Administrators' })).statusCode).toBe(200);
    // Within its own: allowed.
    expect(
      (await postGroup({ name: 'Config Readers', permissions: { config: { read: true } } }, 'manager'))
        .statusCode,
    ).toBe(201);
  });

  it('cannot change the Admin flag; an administrator acting in an admin role can', async () => {
    const res = await postUser({ ...person('wannabe'), isAdmin: true }, 'manager');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'Only an administrator can change the Admin flag',
      errors: [{ parameter: 'isAdmin' }],
    });
    const staffId = await userId(t, 'staff');
    expect((await putUser(staffId, { isAdmin: true }, 'manager')).statusCode).toBe(403);
    expect((await putUser(adminId, { isAdmin: false, isStaff: true }, 'manager')).statusCode).toBe(403);
    // The flag sent unchanged (a form sends every field) is no change.
    expect((await putUser(staffId, { isAdmin: false, commonName: 'Sammy' }, 'manager')).statusCode).toBe(200);

    // Flagged admin but acting in a staff role: not an administrator for this.
    await createLoginUser(t, 'halfadmin', {
      isAdmin: true,
      roles: [{ type: 'staff' }],
      groupIds: [adminsId],
    });
    expect((await putUser(staffId, { isAdmin: true }, 'halfadmin')).statusCode).toBe(403);
    const byAdmin = await putUser(staffId, { isAdmin: true });
    expect(byAdmin.statusCode).toBe(200);
    expect((await putUser(staffId, { isAdmin: false })).statusCode).toBe(200);
    expect((await postUser({ ...person('realadmin'), isAdmin: true, groupIds: [adminsId] })).statusCode).toBe(
      201,
    );
  });
});
