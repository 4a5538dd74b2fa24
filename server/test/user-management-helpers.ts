import { eq } from 'drizzle-orm';
import { actingIn, chooseRole, loadUserWithAccess } from '../src/kernel/auth/principal.ts';
import { groups, users } from '../src/kernel/db/schema.ts';
import type { ServiceContext } from '../src/kernel/http/context.ts';
import { DEMO_PASSWORD, type TestApp } from './helpers.ts';

/**
 * A service context acting as a demo user, for calling services side by side (races). The
 * e-signature is off so that concurrent calls reach their transactions at the same moment
 * instead of one after the other behind the password hash.
 */
export async function actingAs(t: TestApp, username: string): Promise<ServiceContext> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const access = (await loadUserWithAccess(t.db, row!.id))!;
  const choice = chooseRole(access.user, access.roles);
  if (choice.kind !== 'ok') throw new Error('no role');
  const actor = actingIn(access, choice.role);
  return { db: t.db, actor, clock: t.clock, config: { ...t.config, eSignature: false }, log: t.app.log };
}

export async function groupId(t: TestApp, name: string): Promise<number> {
  const [row] = await t.db.select({ id: groups.id }).from(groups).where(eq(groups.name, name));
  return row!.id;
}

export async function userId(t: TestApp, username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

/** The outcome of each of several promises: 'ok', or the error code it failed with. */
export async function outcomes(promises: Promise<unknown>[]): Promise<string[]> {
  const settled = await Promise.allSettled(promises);
  return settled.map((s) => (s.status === 'fulfilled' ? 'ok' : String((s.reason as { code?: string }).code)));
}

/**
 * A user made through the API (as admin) whose first password (Demo1234) is then treated as
 * chosen by them, so tests can log in as them at once.
 */
export async function createLoginUser(t: TestApp, username: string, fields: object = {}): Promise<number> {
  const res = await t.request('admin', {
    method: 'POST',
    url: '/api/v1/users',
    payload: {
      username,
      firstName: username,
      lastName: 'Tester',
      email: `${username}@dosechain.test`,
      password: DEMO_PASSWORD,
      electronicSignature: DEMO_PASSWORD,
      ...fields,
    },
  });
  if (res.statusCode !== 201) throw new Error(`creating ${username}: ${res.body}`);
  const id = res.json().id as number;
  await t.db.update(users).set({ passwordChangedAt: t.clock.now() }).where(eq(users.id, id));
  return id;
}
