import { configResourceKeys, configResources, type PermissionAction } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/kernel/auth/password.ts';
import { companies, groupPermissions, groups, roles, userGroups, users } from '../src/kernel/db/schema.ts';
import { exampleOf, nextTag, refsOf } from './config-examples.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;

/** A user whose only group grants exactly these config actions; optionally in a CMO role. */
async function userWith(username: string, actions: PermissionAction[], cmoRole = false): Promise<void> {
  const [group] = await t.db
    .insert(groups)
    .values({ name: `${username} group` })
    .returning();
  await t.db.insert(groupPermissions).values({
    groupId: group!.id,
    area: 'config',
    canCreate: actions.includes('create'),
    canUpdate: actions.includes('update'),
    canRead: actions.includes('read'),
  });
  const [user] = await t.db
    .insert(users)
    .values({
      username,
      firstName: username,
      lastName: 'Test',
      email: `${username}@dosechain.test`,
      isStaff: !cmoRole,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning();
  await t.db.insert(userGroups).values({ userId: user!.id, groupId: group!.id });
  if (cmoRole) {
    const [cmo] = await t.db.select().from(companies).limit(1);
    await t.db.insert(roles).values({ userId: user!.id, type: 'cmo', companyId: cmo!.id });
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  await userWith('reader', ['read']);
  await userWith('creator', ['read', 'create']);
  await userWith('editor', ['read', 'update']);
  await userWith('cmo-configurer', ['read', 'create', 'update'], true);
});
afterAll(() => t.close());

const signed = { electronicSignature: DEMO_PASSWORD };

/**
 * Every registry entity under config.*, each with a valid create body and a harmless update
 * body from its example (config-examples.ts); an entity without one fails by name.
 */
const configAreaKeys = configResourceKeys.filter((key) =>
  configResources[key].access.read.permissions?.includes('config.read'),
);

const call = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request(user, {
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload: { ...payload, ...signed } } : {}),
  });

describe('configuration permissions: staff/admin with config.read / create / update', () => {
  it.each(configAreaKeys)(
    '%s: read needs config.read, create config.create, update config.update',
    async (key) => {
      const example = exampleOf(key);
      const refs = refsOf(t.db);
      const path = configResources[key].path;
      const create = async () => example.create(refs, nextTag('perm'));
      const createdTag = nextTag('perm');
      const created = await call('admin', 'POST', path, await example.create(refs, createdTag));
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id;
      const update = await example.update(refs, createdTag);

      for (const user of ['reader', 'creator', 'editor']) {
        expect((await call(user, 'GET', path)).statusCode).toBe(200);
        expect((await call(user, 'GET', `${path}/${id}`)).statusCode).toBe(200);
      }
      expect((await call('reader', 'POST', path, await create())).statusCode).toBe(403);
      expect((await call('editor', 'POST', path, await create())).statusCode).toBe(403);
      expect((await call('creator', 'POST', path, await create())).statusCode).toBe(201);

      expect((await call('reader', 'PUT', `${path}/${id}`, update)).statusCode).toBe(403);
      expect((await call('creator', 'PUT', `${path}/${id}`, update)).statusCode).toBe(403);
      expect((await call('editor', 'PUT', `${path}/${id}`, update)).statusCode).toBe(200);

      // Configuration is for staff and admin only, whatever a company user's groups grant.
      expect((await call('cmo-configurer', 'GET', path)).statusCode).toBe(403);
      expect((await call('cmo-configurer', 'POST', path, await create())).statusCode).toBe(403);
      expect((await call('cmo-configurer', 'PUT', `${path}/${id}`, update)).statusCode).toBe(403);
      // And nothing without a login.
      expect((await t.app.inject({ method: 'GET', url: `/api/v1${path}` })).statusCode).toBe(401);
    },
  );

  it('[CFG-014] pairings: listing needs config.read, adding config.create, deleting config.update', async () => {
    const [site] = await t.db.select().from(companies).where(eq(companies.type, 'clinical_site'));
    const [cmo] = await t.db.select().from(companies).where(eq(companies.type, 'cmo'));
    const study = (await call('admin', 'POST', '/studies', { name: 'Perm study', sponsor: 'S' })).json().id;
    const body = { examId: 1, siteId: site!.id, cmoId: cmo!.id };
    expect((await call('reader', 'GET', `/studies/${study}/pairings`)).statusCode).toBe(200);
    expect((await call('editor', 'POST', `/studies/${study}/pairings`, body)).statusCode).toBe(403);
    const created = await call('creator', 'POST', `/studies/${study}/pairings`, body);
    expect(created.statusCode).toBe(201);
    const url = `/api/v1/studies/${study}/pairings/${created.json().id}`;
    const del = (user: string) =>
      t.request(user, { method: 'DELETE', url, payload: { reasonForChange: 'Wrong site', ...signed } });
    expect((await del('creator')).statusCode).toBe(403);
    expect((await del('cmo-configurer')).statusCode).toBe(403);
    expect((await del('editor')).statusCode).toBe(204);
  });
});
