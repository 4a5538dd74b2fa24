import { eq } from 'drizzle-orm';
import { hashPassword } from '../src/kernel/auth/password.ts';
import type { Db } from '../src/kernel/db/client.ts';
import { companies, groups, roles, userGroups, users } from '../src/kernel/db/schema.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';

/** Inserts an active user (password Demo1234) in the given demo groups; answers its id. */
async function insertUser(db: Db, username: string, groupNames: string[]): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      username,
      firstName: username,
      lastName: 'Test',
      email: `${username}@dosechain.test`,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning({ id: users.id });
  for (const name of groupNames) {
    const [group] = await db.select().from(groups).where(eq(groups.name, name));
    if (!group) throw new Error(`no group named ${name}`);
    await db.insert(userGroups).values({ userId: row!.id, groupId: group.id });
  }
  return row!.id;
}

/**
 * Adds an active user (password Demo1234) with one company role and the given demo groups
 * (none: a user with no permissions at all). Returns the user's and the role's ids.
 */
export async function addCompanyUser(
  db: Db,
  user: {
    username: string;
    role: 'cmo' | 'clinical_site' | 'imaging_center';
    companyName: string;
    groupNames: string[];
  },
): Promise<{ userId: number; roleId: number }> {
  const [company] = await db.select().from(companies).where(eq(companies.name, user.companyName));
  if (!company) throw new Error(`no company named ${user.companyName}`);
  const userId = await insertUser(db, user.username, user.groupNames);
  const [role] = await db
    .insert(roles)
    .values({ userId, type: user.role, companyId: company.id })
    .returning({ id: roles.id });
  return { userId, roleId: role!.id };
}

/**
 * Adds an active user (password Demo1234) with no role, neither staff nor admin, in the given
 * demo groups: such a user has no role to act in, so no permissions (issue 16).
 */
export function addRolelessUser(db: Db, user: { username: string; groupNames: string[] }): Promise<number> {
  return insertUser(db, user.username, user.groupNames);
}
