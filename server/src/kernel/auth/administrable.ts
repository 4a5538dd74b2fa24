import { type ErrorCode, messages } from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { lockedAtSql } from './lockout.ts';

/**
 * One transaction-level advisory lock taken by every change that could leave nobody able to
 * manage users (group permissions, membership and activity; a user's activity, groups, roles and
 * staff/admin flags; the lock after failed passwords). Two such changes therefore run one after
 * the other, and the second sees what the first committed: they cannot both pass the check
 * below. PGlite and PostgreSQL both support it.
 */
const USER_MANAGEMENT_LOCK = 0x55_4d_47_52; // "UMGR"

export async function lockUserManagement(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${USER_MANAGEMENT_LOCK})`);
}

/**
 * Whether someone can manage users at `now` (docs/decisions/010): some *usable manager*, a user
 * who is active, not locked at `now`, acts in a role whose type may manage users (a staff or
 * admin role, or no role at all while flagged staff or admin: the synthetic role; company roles
 * never may, their ceiling leaves user management out) and whose active groups grant
 * `userManagement.read` and `userManagement.update`. `without` leaves one user out: whether the
 * others would still be enough (a lock about to be set on that user). One query.
 */
export async function isAdministrable(
  tx: Executor,
  now: Date,
  options: { without?: number } = {},
): Promise<boolean> {
  const result = await tx.execute(sql`
    select exists (
      select 1
      from ${users}
      where ${users.active}
        and not ${lockedAtSql(now)}
        ${options.without === undefined ? sql`` : sql`and ${users.id} <> ${options.without}`}
        and (
          exists (select 1 from roles r where r.user_id = ${users.id} and r.type in ('staff', 'admin'))
          or (
            not exists (select 1 from roles r where r.user_id = ${users.id})
            and (${users.isStaff} or ${users.isAdmin})
          )
        )
        and exists (
          select 1
          from user_groups ug
          join groups g on g.id = ug.group_id and g.active
          join group_permissions p on p.group_id = g.id and p.area = 'userManagement'
          where ug.user_id = ${users.id}
          having bool_or(p.can_read) and bool_or(p.can_update)
        )
    ) as ok`);
  const rows = (result as unknown as { rows: { ok: boolean }[] }).rows;
  return rows[0]?.ok === true;
}

/**
 * Whether locking this user now would leave nobody able to manage users: the lock is then
 * refused (the account is paced instead). Call it under `lockUserManagement`.
 */
export async function isLastUsableManager(tx: Executor, userId: number, now: Date): Promise<boolean> {
  return (await isAdministrable(tx, now)) && !(await isAdministrable(tx, now, { without: userId }));
}

export type UserManagementViolation = Extract<
  ErrorCode,
  | 'USER_MANAGEMENT_INVALID_PERMISSION_ASSIGNMENT'
  | 'USER_MANAGEMENT_INVALID_USERS_ASSIGNMENT'
  | 'USER_MANAGEMENT_INVALID_DEACTIVATION'
  | 'USER_MANAGEMENT_INVALID_GROUP_ASSIGNMENT'
  | 'USER_MANAGEMENT_INVALID_ROLE_ASSIGNMENT'
>;

const violationMessages: Record<UserManagementViolation, string> = {
  USER_MANAGEMENT_INVALID_PERMISSION_ASSIGNMENT: messages.userManagementInvalidPermissionAssignment,
  USER_MANAGEMENT_INVALID_USERS_ASSIGNMENT: messages.userManagementInvalidUsersAssignment,
  USER_MANAGEMENT_INVALID_DEACTIVATION: messages.userManagementInvalidDeactivation,
  USER_MANAGEMENT_INVALID_GROUP_ASSIGNMENT: messages.userManagementInvalidGroupAssignment,
  USER_MANAGEMENT_INVALID_ROLE_ASSIGNMENT: messages.userManagementInvalidRoleAssignment,
};

const violationParameters: Record<UserManagementViolation, string> = {
  USER_MANAGEMENT_INVALID_PERMISSION_ASSIGNMENT: 'permissions',
  USER_MANAGEMENT_INVALID_USERS_ASSIGNMENT: 'userIds',
  USER_MANAGEMENT_INVALID_DEACTIVATION: 'active',
  USER_MANAGEMENT_INVALID_GROUP_ASSIGNMENT: 'groupIds',
  USER_MANAGEMENT_INVALID_ROLE_ASSIGNMENT: 'roles',
};

/** A refusal and the field it is shown on (by default the one its code is about). */
export type ViolationCause = UserManagementViolation | { code: UserManagementViolation; parameter: string };

export function userManagementViolation(cause: ViolationCause): AppError {
  const { code, parameter } = typeof cause === 'string' ? { code: cause, parameter: undefined } : cause;
  const message = violationMessages[code];
  return new AppError(409, code, message, [
    { code, message, parameter: parameter ?? violationParameters[code] },
  ]);
}

/**
 * Runs a change under the user-management lock and refuses it (rolling it back with the
 * caller's transaction) when it leaves nobody able to manage users where somebody was before.
 * `cause` names which part of the change is to blame, for the spec's message.
 */
export async function keepingUserManagement<T>(
  tx: Executor,
  now: Date,
  work: () => Promise<T>,
  cause: () => ViolationCause,
): Promise<T> {
  await lockUserManagement(tx);
  const before = await isAdministrable(tx, now);
  const result = await work();
  if (before && !(await isAdministrable(tx, now))) throw userManagementViolation(cause());
  return result;
}
