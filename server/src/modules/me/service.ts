import { type MeUser, messages } from '@dosechain/contract';
import { asc, eq } from 'drizzle-orm';
import {
  actingIn,
  chooseRole,
  loadUserWithAccess,
  type Principal,
  type UserRow,
} from '../../kernel/auth/principal.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { groups, userGroups } from '../../kernel/db/schema.ts';
import { AppError } from '../../kernel/http/app-error.ts';
import { toMeUser } from './me-user.ts';

async function loadGroups(db: Executor, userId: number) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(userGroups.userId, userId))
    .orderBy(asc(groups.name));
}

/**
 * The one builder of the MeUser answer (`GET /users/me`, `PUT /users/me/role`, login with
 * `includeUser`): the principal's user, roles, groups and the permissions of its current role.
 */
export async function meUser(db: Executor, principal: Principal): Promise<MeUser> {
  return toMeUser(principal, await loadGroups(db, principal.user.id));
}

/** The current user in the role of this request. */
export function getMe(db: Executor, principal: Principal): Promise<MeUser> {
  return meUser(db, principal);
}

/** The user as login answers it: in their first role (or the synthetic one), as with no Role-Id. */
export async function meAfterLogin(db: Executor, user: UserRow): Promise<MeUser> {
  const access = await loadUserWithAccess(db, user.id);
  if (!access) throw new Error(`user ${user.id} vanished while logging in`);
  const choice = chooseRole(user, access.roles);
  if (choice.kind !== 'ok') throw new Error('a user without a Role-Id is never refused a role');
  return meUser(db, actingIn({ ...access, user }, choice.role));
}

/**
 * Switching role only checks it is one of the user's and answers the user as they will be in
 * it (that role's permissions); the Role-Id header of each request is what counts.
 */
export async function switchRole(db: Executor, principal: Principal, roleId: number): Promise<MeUser> {
  const role = principal.roles.find((r) => r.id === roleId);
  if (!role) throw new AppError(403, 'ROLE_NOT_ALLOWED', messages.roleNotAllowed);
  return meUser(db, actingIn({ ...principal, permissions: principal.grantedPermissions }, role));
}
