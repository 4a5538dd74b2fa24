import type { User } from '@dosechain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, roles, users } from '../src/kernel/db/schema.ts';
import { updateUser } from '../src/modules/users/service.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { actingAs, createLoginUser, groupId, outcomes, userId } from './user-management-helpers.ts';

let t: TestApp;
let company: Record<string, number>;
let adminsId: number;
let adminId: number;
beforeAll(async () => {
  t = await buildTestApp();
  company = Object.fromEntries((await t.db.select().from(companies)).map((c) => [c.name, c.id]));
  adminsId = await groupId(t, 'Administrators');
  adminId = await userId(t, 'admin');
});
afterAll(() => t.close());

const signed = { electronicSignature: DEMO_PASSWORD };
const create = (payload: object, as = 'admin') =>
  t.request(as, { method: 'POST', url: '/api/v1/users', payload: { ...signed, ...payload } });
const put = (id: number, payload: object, as = 'admin') =>
  t.request(as, { method: 'PUT', url: `/api/v1/users/${id}`, payload: { ...signed, ...payload } });
const unlock = (id: number, payload: object) =>
  t.request('admin', {
    method: 'PUT',
    url: `/api/v1/users/${id}/unlock`,
    payload: { ...signed, ...payload },
  });
const list = (query: string, as = 'admin') => t.request(as, { method: 'GET', url: `/api/v1/users?${query}` });
const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
const login = (username: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);
const usernames = (body: { items: User[] }) => body.items.map((u) => u.username);

const person = (username: string) => ({
  username,
  firstName: 'Pat',
  lastName: 'Person',
  email: `${username}@dosechain.test`,
  password: 'Welcome123',
});

describe('users: list', () => {
  it('lists users with their roles and groups; searches names, username and e-mail', async () => {
    const res = await list('search=morgan');
    expect(res.statusCode).toBe(200);
    const [multi] = res.json().items as User[];
    expect(multi).toMatchObject({
      username: 'multi',
      fullName: 'Morgan Multi',
      active: true,
      lockedOut: false,
    });
    expect(multi!.roles.map((r) => [r.type, r.companyName])).toEqual([
      ['cmo', 'Pacific Radiopharma'],
      ['clinical_site', 'Rocky Mountain Trials'],
    ]);
    expect(multi!.groups.map((g) => g.name)).toEqual(['CMO Users', 'Site Users']);
    expect(usernames((await list('search=locked@dosechain')).json())).toEqual(['locked']);
  });

  it('[USR-010] filters by role type and company together (the company detail pages), and by locked', async () => {
    const chicago = company['Lakeside Clinical Research']!;
    const sites = await list(
      filter([
        { field: 'role_type', op: 'eq', value: 'clinical_site' },
        { field: 'company_id', op: 'eq', value: chicago },
      ]),
    );
    expect(usernames(sites.json())).toEqual(['locked', 'site']);
    expect(sites.json().total).toBe(2);
    // One user with two roles is found once, and only by the company of the matching role.
    const denverAsCmo = await list(
      filter([
        { field: 'role_type', op: 'eq', value: 'cmo' },
        { field: 'company_id', op: 'eq', value: company['Rocky Mountain Trials']! },
      ]),
    );
    expect(denverAsCmo.json().total).toBe(0);
    const locked = await list(filter([{ field: 'locked_out', op: 'eq', value: true }]));
    expect(usernames(locked.json())).toEqual(['locked']);
    expect((await list('sort=role_type')).statusCode).toBe(400);
    expect((await list('sort=-username&size=2')).json()).toMatchObject({ page: 1, total: 8 });
  });
});

describe('users: create', () => {
  it('[P11-013, P11-033] creates a user with two roles and a group, audited by names; the first password must be changed', async () => {
    const res = await create({
      ...person('newbie'),
      commonName: 'Newbie',
      phone: '(617) 555-0123',
      groupIds: [await groupId(t, 'CMO Users'), await groupId(t, 'Site Users')],
      roles: [
        { type: 'cmo', companyId: company['Isotope Labs Boston'] },
        { type: 'clinical_site', companyId: company['Lakeside Clinical Research'] },
      ],
      siteCoordinator: true,
      reasonForChange: 'Initial entry',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json() as User;
    expect(user).toMatchObject({
      username: 'newbie',
      fullName: 'Pat Person',
      phone: '+16175550123',
      active: true,
      lockedOut: false,
      siteCoordinator: true,
      imagingCenterContact: false,
    });
    expect(user.roles.map((r) => r.companyName)).toEqual([
      'Isotope Labs Boston',
      'Lakeside Clinical Research',
    ]);
    const [row] = await auditOf(user.id);
    expect(row).toMatchObject({
      eventType: 'new',
      reason: 'Initial entry',
      signatureMeaning: 'Created User',
    });
    expect(row!.changeset).toMatchObject({
      username: [null, 'newbie'],
      roles: [null, ['CMO — Isotope Labs Boston', 'Clinical Site — Lakeside Clinical Research']],
      groups: [null, ['CMO Users', 'Site Users']],
      password: [null, '[set]'],
    });
    expect(JSON.stringify(row!.changeset)).not.toContain('Welcome123');

    // The first password is the administrator's: the person replaces it at the first login.
    expect((await login('newbie', 'Welcome123')).json().code).toBe('PASSWORD_EXPIRED');
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password-change',
      payload: { username: 'newbie', currentPassword: 'Welcome123', password: 'MyOwnPass9' },
    });
    expect(change.statusCode).toBe(204);
    const session = await login('newbie', 'MyOwnPass9');
    expect(session.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${session.json().accessToken}` };
    const siteRole = user.roles[1]!.id!;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { ...headers, 'role-id': String(siteRole) },
    });
    expect(me.json().currentRole).toMatchObject({
      type: 'clinical_site',
      companyName: 'Lakeside Clinical Research',
    });
    expect(me.json().permissions.order.create).toBe(true);
  });

  it('[P11-024, USR-002] validates every field with the spec messages', async () => {
    const base = person('valid');
    const cases: [object, string, string][] = [
      [{ username: '' }, 'username', 'Required'],
      [{ username: 'u'.repeat(33) }, 'username', 'Longer than maximum length 32'],
      [{ username: 'ADMIN' }, 'username', 'This value is already used'],
      [{ firstName: '  ' }, 'firstName', "Can't contain only spaces"],
      [{ lastName: 'l'.repeat(51) }, 'lastName', 'Longer than maximum length 50'],
      [{ commonName: 'c'.repeat(51) }, 'commonName', 'Longer than maximum length 50'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email format'],
      [{ email: ' Admin@DoseChain.example ' }, 'email', 'This value is already used'],
      [{ phone: '123' }, 'phone', 'Invalid phone number'],
      [
        { password: 'short1A' },
        'password',
        'Password must be at least 8 characters long, contain an uppercase letter and a number',
      ],
      [{ password: '' }, 'password', 'Enter a password'],
      [{ roles: [{ type: 'cmo' }] }, 'roles.0.companyId', 'Required'],
      [
        { roles: [{ type: 'staff', companyId: company['Isotope Labs Boston'] }] },
        'roles.0.companyId',
        'Staff and admin roles have no company',
      ],
      [
        { roles: [{ type: 'cmo', companyId: company['Windy City Imaging'] }] },
        'roles.0.companyId',
        'CMO not found',
      ],
      [
        { roles: [{ type: 'imaging_center', companyId: 999_999 }] },
        'roles.0.companyId',
        'Imaging Center not found',
      ],
      [{ roles: [{ type: 'staff' }, { type: 'staff' }] }, 'roles.1.type', 'This role is already listed'],
      [{ siteCoordinator: true }, 'siteCoordinator', 'Only for clinical site users'],
      [
        {
          primaryInvestigator: true,
          roles: [{ type: 'imaging_center', companyId: company['Windy City Imaging'] }],
        },
        'primaryInvestigator',
        'Only for clinical site users',
      ],
      [{ imagingCenterContact: true }, 'imagingCenterContact', 'Only for imaging center users'],
      [{ groupIds: [999_999] }, 'groupIds', 'Group not found'],
    ];
    for (const [payload, parameter, message] of cases) {
      const res = await create({ ...base, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toContainEqual(
        expect.objectContaining({ parameter, message }),
      );
    }
    expect((await create({ ...base, extra: 1 })).statusCode).toBe(400);
    expect((await t.db.select().from(users).where(eq(users.username, 'valid'))).length).toBe(0);
  });
});

describe('users: update', () => {
  it('[P11-013, P11-024] edits fields, roles and groups; kept roles keep their ids; the trail reads names', async () => {
    const id = await createLoginUser(t, 'editme', {
      roles: [{ type: 'cmo', companyId: company['Isotope Labs Boston'] }],
      groupIds: [await groupId(t, 'CMO Users')],
    });
    const [cmoRole] = await t.db.select().from(roles).where(eq(roles.userId, id));
    const res = await put(id, {
      firstName: 'Edith',
      roles: [
        { type: 'cmo', companyId: company['Isotope Labs Boston'] },
        { type: 'imaging_center', companyId: company['Windy City Imaging'] },
      ],
      imagingCenterContact: true,
      groupIds: [await groupId(t, 'Imaging Users')],
      reasonForChange: 'New information',
    });
    expect(res.statusCode).toBe(200);
    const user = res.json() as User;
    expect(user.roles[0]!.id).toBe(cmoRole!.id);
    expect(user.imagingCenterContact).toBe(true);
    const trail = await auditOf(id);
    expect(trail.at(-1)).toMatchObject({
      eventType: 'update',
      reason: 'New information',
      signatureMeaning: 'Updated User',
      changeset: {
        firstName: ['editme', 'Edith'],
        imagingCenterContact: [false, true],
        groups: [['CMO Users'], ['Imaging Users']],
        roles: [
          ['CMO — Isotope Labs Boston'],
          ['CMO — Isotope Labs Boston', 'Imaging Center — Windy City Imaging'],
        ],
      },
    });
    // The groups' own histories record the move.
    const groupTrail = async (name: string) =>
      (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityType, 'groups'), eq(auditLog.entityId, await groupId(t, name))))
          .orderBy(auditLog.id)
      ).at(-1);
    expect(await groupTrail('CMO Users')).toMatchObject({
      eventType: 'removed',
      changeset: { users: ['editme', null] },
      reason: 'New information',
    });
    expect(await groupTrail('Imaging Users')).toMatchObject({
      eventType: 'added',
      changeset: { users: [null, 'editme'] },
    });
    // Taking the imaging-center role away while the contact flag stays is refused.
    const flagLeft = await put(id, { roles: [{ type: 'cmo', companyId: company['Isotope Labs Boston'] }] });
    expect(flagLeft.statusCode).toBe(400);
    expect(flagLeft.json().errors[0]).toMatchObject({ parameter: 'imagingCenterContact' });
    const taken = await put(id, { username: 'Site', email: 'CMO@dosechain.example' });
    expect(taken.json().errors.map((e: { parameter: string }) => e.parameter)).toEqual(['username', 'email']);
    const unchanged = await put(id, { firstName: 'Edith' });
    expect(unchanged.statusCode).toBe(200);
    expect(await auditOf(id)).toHaveLength(trail.length);
  });

  it('[P11-004, P11-036] inactivation needs a reason, ends every session at once, and blocks login until activated', async () => {
    const id = await createLoginUser(t, 'leaver', { isStaff: true });
    const session = await t.loginAs('leaver');
    const noReason = await put(id, { active: false });
    expect(noReason.json().errors[0]).toMatchObject({ parameter: 'reasonForChange', message: 'Required' });
    const off = await put(id, { active: false, reasonForChange: 'Left the company' });
    expect(off.json().active).toBe(false);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: session.headers() });
    expect(me.statusCode).toBe(401);
    expect((await login('leaver')).json().code).toBe('USER_INACTIVE');
    expect((await put(id, { active: true })).json().active).toBe(true);
    expect((await login('leaver')).statusCode).toBe(200);
    const trail = (await auditOf(id)).slice(-2);
    expect(trail.map((a) => [a.changeset, a.reason, a.signatureMeaning])).toEqual([
      [{ active: [true, false] }, 'Left the company', 'Inactivated User'],
      [{ active: [false, true] }, null, 'Activated User'],
    ]);
  });
});

describe('users: someone can always manage users', () => {
  it('[USR-007] refuses to take the last administrator out of the last user-management group', async () => {
    const res = await put(adminId, { groupIds: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'USER_MANAGEMENT_INVALID_GROUP_ASSIGNMENT',
      message: "You can't leave this user without user management permission groups",
    });
  });

  it('[USR-006] refuses to inactivate the last active user of the last user-management group', async () => {
    const res = await put(adminId, { active: false, reasonForChange: 'Cleanup' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'USER_MANAGEMENT_INVALID_DEACTIVATION',
      message: "Can't inactivate this group/user because it's the last one with user management permissions",
    });
    expect((await t.db.select().from(users).where(eq(users.id, adminId)))[0]!.active).toBe(true);
  });

  it('of two concurrent inactivations that would leave no administrator, exactly one succeeds', async () => {
    const second = await createLoginUser(t, 'admin2', { isAdmin: true, groupIds: [adminsId] });
    const ctx = await actingAs(t, 'admin');
    const off = { active: false, reasonForChange: 'Race' };
    const results = await outcomes([updateUser(ctx, adminId, off), updateUser(ctx, second, off)]);
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results).toContain('USER_MANAGEMENT_INVALID_DEACTIVATION');
    if (results[0] === 'ok') await updateUser(await actingAs(t, 'admin2'), adminId, { active: true });
    // The same race over group membership.
    await updateUser(ctx, second, { active: true });
    const again = await outcomes([
      updateUser(ctx, adminId, { groupIds: [] }),
      updateUser(ctx, second, { groupIds: [] }),
    ]);
    expect(again.filter((r) => r === 'ok')).toHaveLength(1);
    expect(again).toContain('USER_MANAGEMENT_INVALID_GROUP_ASSIGNMENT');
    if (again[0] === 'ok') await updateUser(await actingAs(t, 'admin2'), adminId, { groupIds: [adminsId] });
  });
});

describe('users: unlock', () => {
  it('[P11-031, USR-008] unlocks a locked user with a reason, resets the failures, and is audited', async () => {
    const id = await userId(t, 'locked');
    expect((await login('locked')).json().code).toBe('USER_LOCKED');
    const noReason = await unlock(id, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ parameter: 'reasonForChange', message: 'Required' });
    const res = await unlock(id, { reasonForChange: 'Identity confirmed by phone' });
    expect(res.statusCode).toBe(200);
    expect(res.json().lockedOut).toBe(false);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ lockedOut: false, failedLoginCount: 0 });
    expect((await login('locked')).statusCode).toBe(200);
    expect((await auditOf(id)).at(-1)).toMatchObject({
      changeset: { lockedOut: [true, false] },
      reason: 'Identity confirmed by phone',
      signatureMeaning: 'Unlocked User',
    });
    const again = await unlock(id, { reasonForChange: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'USER_NOT_LOCKED', message: 'The user is not locked' });
    expect((await unlock(999_999, { reasonForChange: 'x' })).statusCode).toBe(404);
  });
});

describe('users: access', () => {
  it('[USR-009] reading needs userManagement.read, changing needs create/update; company roles are refused', async () => {
    const siteId = await userId(t, 'site');
    expect((await list('', 'staff')).statusCode).toBe(200); // the demo staff group reads everything
    expect((await create(person('bystaff'), 'staff')).statusCode).toBe(403);
    expect((await put(siteId, { firstName: 'X' }, 'staff')).statusCode).toBe(403);
    expect(
      (
        await t.request('staff', {
          method: 'PUT',
          url: `/api/v1/users/${siteId}/unlock`,
          payload: { reasonForChange: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    await createLoginUser(t, 'plainstaff', { isStaff: true });
    expect((await list('', 'plainstaff')).statusCode).toBe(403);
    expect(
      (await t.request('plainstaff', { method: 'GET', url: `/api/v1/users/${siteId}` })).statusCode,
    ).toBe(403);
    expect((await list('', 'cmo')).statusCode).toBe(403);
    expect(
      (await t.request('admin', { method: 'GET', url: `/api/v1/users/${siteId}` })).json().username,
    ).toBe('site');
    expect((await t.request('admin', { method: 'GET', url: '/api/v1/users/999999' })).statusCode).toBe(404);
  });

  it('[P11-024] check-in-use answers for usernames and e-mails', async () => {
    const check = (field: string, value: string) =>
      t.request('admin', {
        method: 'GET',
        url: `/api/v1/check-in-use?entity=user&field=${field}&value=${encodeURIComponent(value)}`,
      });
    expect((await check('username', ' MULTI ')).json()).toEqual({ inUse: true });
    expect((await check('email', 'nobody@dosechain.test')).json()).toEqual({ inUse: false });
    const group = await t.request('admin', {
      method: 'GET',
      url: '/api/v1/check-in-use?entity=group&field=name&value=site%20users',
    });
    expect(group.json()).toEqual({ inUse: true });
  });
});
