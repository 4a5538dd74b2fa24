import { allPermissions, emptyPermissions, type Group } from '@dosechain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, groups } from '../src/kernel/db/schema.ts';
import { updateGroup } from '../src/modules/groups/service.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { actingAs, createLoginUser, groupId, outcomes, userId } from './user-management-helpers.ts';

let t: TestApp;
let adminsId: number;
let adminId: number;
beforeAll(async () => {
  t = await buildTestApp();
  adminsId = await groupId(t, 'Administrators');
  adminId = await userId(t, 'admin');
});
afterAll(() => t.close());

const signed = { electronicSignature: DEMO_PASSWORD };
const create = (payload: object, as = 'admin') =>
  t.request(as, { method: 'POST', url: '/api/v1/groups', payload: { ...signed, ...payload } });
const put = (id: number, payload: object, as = 'admin') =>
  t.request(as, { method: 'PUT', url: `/api/v1/groups/${id}`, payload: { ...signed, ...payload } });
const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'groups'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);

const umReadUpdate = { userManagement: { read: true, update: true } };

describe('groups: list and read', () => {
  it('lists the seeded groups with their permission matrix and members, searchable', async () => {
    const res = await t.request('admin', { method: 'GET', url: '/api/v1/groups?search=admin' });
    expect(res.statusCode).toBe(200);
    const [admins] = res.json().items as Group[];
    expect(admins).toMatchObject({ name: 'Administrators', active: true, permissions: allPermissions() });
    expect(admins!.users.map((u) => u.username)).toEqual(['admin']);
    const one = await t.request('admin', { method: 'GET', url: `/api/v1/groups/${adminsId}` });
    expect(one.json()).toEqual(admins);
  });

  it('filters by active and sorts by name', async () => {
    const filter = encodeURIComponent(JSON.stringify([{ field: 'active', op: 'eq', value: true }]));
    const res = await t.request('admin', {
      method: 'GET',
      url: `/api/v1/groups?filter=${filter}&sort=-name`,
    });
    const names = (res.json().items as Group[]).map((g) => g.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    expect(names).toContain('Staff');
  });
});

describe('groups: create and update', () => {
  it('[USR-001] creates a group with a permission matrix and members, audited with names', async () => {
    const siteUser = await userId(t, 'site');
    const res = await create({
      name: 'Order Reviewers',
      permissions: { order: { read: true }, reports: { read: true }, config: { read: true, update: false } },
      userIds: [siteUser],
      reasonForChange: 'Initial entry',
    });
    expect(res.statusCode).toBe(201);
    const group = res.json() as Group;
    expect(group).toMatchObject({ name: 'Order Reviewers', active: true });
    expect(group.permissions.order).toEqual({ create: false, update: false, read: true, delete: false });
    expect(group.permissions.userManagement.read).toBe(false);
    expect(group.users.map((u) => u.username)).toEqual(['site']);
    const [row] = await auditOf(group.id);
    expect(row).toMatchObject({
      eventType: 'new',
      reason: 'Initial entry',
      signed: true,
      signatureMeaning: 'Created Group',
      changeset: {
        name: [null, 'Order Reviewers'],
        active: [null, true],
        permissions: [null, ['Orders: Viewer', 'Configuration: Viewer', 'Reports: Viewer']],
        users: [null, ['site']],
      },
    });
    // The member's own history records it too.
    const [added] = (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, siteUser)))
    ).slice(-1);
    expect(added).toMatchObject({
      eventType: 'added',
      changeset: { groups: [null, 'Order Reviewers'] },
      reason: 'Initial entry',
    });
  });

  it('[FRM-001, FRM-005] validates with the spec messages: required, spaces, length, uniqueness, actions, users', async () => {
    const cases: [object, string, string][] = [
      [{ name: '' }, 'name', 'Required'],
      [{ name: '   ' }, 'name', "Can't contain only spaces"],
      [{ name: 'x'.repeat(51) }, 'name', 'Longer than maximum length 50'],
      [{ name: ' administrators ' }, 'name', 'This value is already used'],
      [
        { name: 'Bad', permissions: { order: { update: true } } },
        'permissions.order.update',
        'This area has no such permission',
      ],
      [{ name: 'Bad', userIds: [999_999] }, 'userIds', 'User not found'],
      // Past the database's integer range: refused as invalid, never sent to a query (was a 500).
      [{ name: 'Bad', userIds: [2 ** 40] }, 'userIds.0', 'invalidValue'],
    ];
    for (const [payload, parameter, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ parameter, message }));
    }
    const unknownArea = await create({ name: 'Bad', permissions: { everything: { read: true } } });
    expect(unknownArea.statusCode).toBe(400);
  });

  it('renames, replaces the matrix and the members; the trail reads old and new', async () => {
    const { id } = (
      await create({ name: 'Temp Group', permissions: { order: { read: true } } })
    ).json() as Group;
    const staffId = await userId(t, 'staff');
    const res = await put(id, {
      name: 'Temporary Group',
      permissions: { auditTrail: { read: true } },
      userIds: [staffId],
      reasonForChange: 'Data entry error',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions.order.read).toBe(false);
    expect(res.json().permissions.auditTrail.read).toBe(true);
    const trail = await auditOf(id);
    expect(trail[1]).toMatchObject({
      eventType: 'update',
      reason: 'Data entry error',
      signatureMeaning: 'Updated Group',
      changeset: {
        name: ['Temp Group', 'Temporary Group'],
        permissions: [['Orders: Viewer'], ['Audit trail: Viewer']],
        users: [[], ['staff']],
      },
    });
    const same = await put(id, { name: 'Temporary Group' });
    expect(same.statusCode).toBe(200);
    expect(await auditOf(id)).toHaveLength(2);
  });

  it('inactivation needs a reason; activation does not; both audited with their meaning', async () => {
    const { id } = (await create({ name: 'Toggle Group' })).json() as Group;
    const noReason = await put(id, { active: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ parameter: 'reasonForChange', message: 'Required' });
    expect((await put(id, { active: false, reasonForChange: 'No longer needed' })).json().active).toBe(false);
    expect((await put(id, { active: true })).json().active).toBe(true);
    const trail = (await auditOf(id)).slice(1);
    expect(trail.map((a) => [a.changeset, a.reason, a.signatureMeaning])).toEqual([
      [{ active: [true, false] }, 'No longer needed', 'Inactivated Group'],
      [{ active: [false, true] }, null, 'Activated Group'],
    ]);
  });

  it('needs a correct e-signature', async () => {
    const res = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/groups',
      payload: { name: 'Unsigned', electronicSignature: 'wrong' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ESIGN_FAILED' });
  });
});

describe('groups: someone can always manage users', () => {
  it('[USR-004] refuses to take user management away from the last group that has it', async () => {
    const res = await put(adminsId, { permissions: { ...allPermissions(), userManagement: { read: true } } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'USER_MANAGEMENT_INVALID_PERMISSION_ASSIGNMENT',
      message: "Can't leave this group without user management permission",
    });
  });

  it('[USR-005] refuses to leave the last such group without active users', async () => {
    const empty = await put(adminsId, { userIds: [] });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({
      code: 'USER_MANAGEMENT_INVALID_USERS_ASSIGNMENT',
      message: "Can't leave this group without active users",
    });
    // Only an inactive member is no better.
    const { id: inactiveUser } = (
      await t.request('admin', {
        method: 'POST',
        url: '/api/v1/users',
        payload: {
          ...signed,
          username: 'dormant',
          firstName: 'Dora',
          lastName: 'Dormant',
          email: 'dormant@dosechain.test',
          password: 'Dormant123',
        },
      })
    ).json();
    await t.request('admin', {
      method: 'PUT',
      url: `/api/v1/users/${inactiveUser}`,
      payload: { ...signed, active: false, reasonForChange: 'On leave' },
    });
    const onlyInactive = await put(adminsId, { userIds: [inactiveUser] });
    expect(onlyInactive.json().code).toBe('USER_MANAGEMENT_INVALID_USERS_ASSIGNMENT');
  });

  it('[USR-006] refuses to inactivate the last such group', async () => {
    const res = await put(adminsId, { active: false, reasonForChange: 'Cleanup' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'USER_MANAGEMENT_INVALID_DEACTIVATION',
      message: "Can't inactivate this group/user because it's the last one with user management permissions",
    });
    const [row] = await t.db.select().from(groups).where(eq(groups.id, adminsId));
    expect(row!.active).toBe(true);
  });

  it('allows it while another active group with user management and an active user remains', async () => {
    const backup = (
      await create({ name: 'Backup Admins', permissions: umReadUpdate, userIds: [adminId] })
    ).json() as Group;
    const res = await put(adminsId, { permissions: { ...allPermissions(), userManagement: { read: true } } });
    expect(res.statusCode).toBe(200);
    // Now the backup group is the last one.
    expect((await put(backup.id, { active: false, reasonForChange: 'x' })).json().code).toBe(
      'USER_MANAGEMENT_INVALID_DEACTIVATION',
    );
    expect((await put(adminsId, { permissions: allPermissions() })).statusCode).toBe(200);
    expect((await put(backup.id, { active: false, reasonForChange: 'Not needed' })).statusCode).toBe(200);
  });

  it('of two concurrent changes that would each leave no such group, exactly one succeeds', async () => {
    const backup = (
      await create({ name: 'Second Admins', permissions: umReadUpdate, userIds: [adminId] })
    ).json() as Group;
    const ctx = await actingAs(t, 'admin');
    const off = { active: false, reasonForChange: 'Race', ...signed };
    const results = await outcomes([updateGroup(ctx, adminsId, off), updateGroup(ctx, backup.id, off)]);
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results).toContain('USER_MANAGEMENT_INVALID_DEACTIVATION');
    const active = await t.db.select().from(groups).where(eq(groups.active, true));
    expect(active.some((g) => g.id === adminsId || g.id === backup.id)).toBe(true);
    // Put things back: Administrators active, the backup group gone.
    if (results[0] === 'ok') {
      await updateGroup(ctx, adminsId, { active: true, ...signed });
      await updateGroup(ctx, backup.id, off);
    }
  });

  it('the same race over members and permissions: exactly one succeeds', async () => {
    const backup = (
      await create({ name: 'Third Admins', permissions: umReadUpdate, userIds: [adminId] })
    ).json() as Group;
    const ctx = await actingAs(t, 'admin');
    const results = await outcomes([
      updateGroup(ctx, adminsId, { userIds: [], ...signed }),
      updateGroup(ctx, backup.id, { permissions: emptyPermissions(), ...signed }),
    ]);
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    if (results[0] === 'ok') await updateGroup(ctx, adminsId, { userIds: [adminId], ...signed });
    await updateGroup(ctx, backup.id, { active: false, reasonForChange: 'Done', ...signed });
    const admins = (await t.request('admin', { method: 'GET', url: `/api/v1/groups/${adminsId}` })).json();
    expect(admins.users.map((u: { username: string }) => u.username)).toEqual(['admin']);
  });
});

describe('groups: access', () => {
  it('[USR-009] needs staff/admin with userManagement.read/create/update', async () => {
    // The demo staff group reads everything, user management included, but changes nothing there.
    expect((await t.request('staff', { method: 'GET', url: '/api/v1/groups' })).statusCode).toBe(200);
    await createLoginUser(t, 'norights', { isStaff: true });
    expect((await t.request('norights', { method: 'GET', url: '/api/v1/groups' })).statusCode).toBe(403);
    expect(
      (await t.request('norights', { method: 'GET', url: `/api/v1/groups/${adminsId}` })).statusCode,
    ).toBe(403);
    expect((await create({ name: 'By staff' }, 'staff')).statusCode).toBe(403);
    expect((await put(adminsId, { name: 'Hijack' }, 'staff')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/groups' })).statusCode).toBe(401);
  });

  it('[USR-009] refuses company roles even when their groups grant user management', async () => {
    await put(adminsId, { userIds: [adminId, await userId(t, 'cmo')] });
    expect((await t.request('cmo', { method: 'GET', url: '/api/v1/groups' })).statusCode).toBe(403);
    await put(adminsId, { userIds: [adminId] });
  });

  it('[USR-013] a user removed from a group loses its permissions on the next request', async () => {
    const readerId = await createLoginUser(t, 'reader', { isStaff: true });
    const staff = await t.loginAs('reader');
    const readers = (
      await create({
        name: 'User Readers',
        permissions: { userManagement: { read: true } },
        userIds: [readerId],
      })
    ).json() as Group;
    const list = () => t.app.inject({ method: 'GET', url: '/api/v1/groups', headers: staff.headers() });
    expect((await list()).statusCode).toBe(200);
    // Read-only: creating still needs userManagement.create.
    const asStaff = await t.app.inject({
      method: 'POST',
      url: '/api/v1/groups',
      headers: staff.headers(),
      payload: { name: 'Nope', ...signed },
    });
    expect(asStaff.statusCode).toBe(403);
    expect((await put(readers.id, { userIds: [] })).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(403);
    // And back, then the group's inactivation takes it away as well.
    await put(readers.id, { userIds: [readerId] });
    expect((await list()).statusCode).toBe(200);
    await put(readers.id, { active: false, reasonForChange: 'Review finished' });
    expect((await list()).statusCode).toBe(403);
  });

  it('its history is readable in the audit trail', async () => {
    const res = await t.request('admin', {
      method: 'GET',
      url: `/api/v1/audit-logs/changeset/groups/${adminsId}`,
    });
    expect(res.statusCode).toBe(200);
    const entries = res.json() as { changeset: Record<string, unknown>; issuedBy: { username: string } }[];
    expect(entries.some((e) => 'users' in e.changeset)).toBe(true);
    expect(entries.at(-1)!.issuedBy.username).toBe('admin');
  });
});
