import { type ErrorCode, messages } from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * One transaction-level advisory lock taken by every change that could leave nobody able to
 * manage users (group permissions, membership and activity; user activity and groups). Two such
 * changes therefore run one after the other, and the second sees what the first committed: they
 * cannot both pass the check below. PGlite and PostgreSQL both support it.
 */
const USER_MANAGEMENT_LOCK = 0x55_4d_47_52; // "UMGR"

export async function lockUserManagement(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${USER_MANAGEMENT_LOCK})`);
}

/**
 * Whether some active group grants user management (read and update, docs/decisions/010) and
 * has at least one active user: the invariant of spec section 4 (Active / inactive).
 */
export async function isAdministrable(tx: Executor): Promise<boolean> {
  const result = await tx.execute(sql`
    select exists (
      select 1
      from groups g
      join group_permissions p
        on p.group_id = g.id and p.area = 'userManagement' and p.can_read and p.can_update
      where g.active
        and exists (
          select 1 from user_groups ug join users u on u.id = ug.user_id
          where ug.group_id = g.id and u.active
        )
    ) as ok`);
  const rows = (result as unknown as { rows: { ok: boolean }[] }).rows;
  return rows[0]?.ok === true;
}

export type UserManagementViolation = Extract<
  ErrorCode,
  | 'USER_MANAGEMENT_INVALID_PERMISSION_ASSIGNMENT'
  | 'USER_MANAGEMENT_INVALID_USERS_ASSIGNMENT'
  | 'USER_MANAGEMENT_INVALID_DEACTIVATION'
  | 'USER_MANAGEMENT_INVALID_GROUP_ASSIGNMENT'
>;

const violationMessages: Record<UserManagementViolation, string> = {
  USER_MANAGEMENT_INVALID_PERMISSION_ASSIGNMENT: messages.userManagementInvalidPermissionAssignment,
  USER_MANAGEMENT_INVALID_USERS_ASSIGNMENT: messages.userManagementInvalidUsersAssignment,
  USER_MANAGEMENT_INVALID_DEACTIVATION: messages.userManagementInvalidDeactivation,
  USER_MANAGEMENT_INVALID_GROUP_ASSIGNMENT: messages.userManagementInvalidGroupAssignment,
};

const violationParameters: Record<UserManagementViolation, string> = {
  USER_MANAGEMENT_INVALID_PERMISSION_ASSIGNMENT: 'permissions',
  USER_MANAGEMENT_INVALID_USERS_ASSIGNMENT: 'userIds',
  USER_MANAGEMENT_INVALID_DEACTIVATION: 'active',
  USER_MANAGEMENT_INVALID_GROUP_ASSIGNMENT: 'groupIds',
};

export function userManagementViolation(code: UserManagementViolation): AppError {
  const message = violationMessages[code];
  return new AppError(409, code, message, [{ code, message, parameter: violationParameters[code] }]);
}

/**
 * Runs a change under the user-management lock and refuses it (rolling it back with the
 * caller's transaction) when it leaves the system without an administrable group that it had
 * before. `cause` names which part of the change is to blame, for the spec's message.
 */
export async function keepingUserManagement<T>(
  tx: Executor,
  work: () => Promise<T>,
  cause: () => UserManagementViolation,
): Promise<T> {
  await lockUserManagement(tx);
  const before = await isAdministrable(tx);
  const result = await work();
  if (before && !(await isAdministrable(tx))) throw userManagementViolation(cause());
  return result;
}
