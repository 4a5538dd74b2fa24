import {
  messages,
  type Permissions,
  permissionList,
  permissionsBeyond,
  readablePermissions,
} from '@dosechain/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Principal } from '../../kernel/auth/principal.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { groups } from '../../kernel/db/schema.ts';
import { AppError } from '../../kernel/http/app-error.ts';
import { loadGroupDetails } from './group-details.ts';

/**
 * A user manager grants only what it holds (issue 16): unless it is an administrator (flagged
 * `isAdmin` and acting in an admin role), it may not put anyone, itself included, into a group
 * that grants more than its own effective permissions, give a group more than those, or change
 * anyone's Admin flag. What was granted before stays; only new grants are checked.
 */
export function actsAsAdmin(actor: Principal): boolean {
  return actor.user.isAdmin && actor.currentRole?.type === 'admin';
}

const refused = (parameter: string, message: string) =>
  new AppError(403, 'FORBIDDEN', message, [{ code: 'beyond_own_permissions', message, parameter }]);

const grantsBeyond = (perms: Permissions, held: Permissions) =>
  permissionList(permissionsBeyond(perms, held)).length > 0;

/** Refuses a change of the Admin flag by anyone but an administrator (403 on `isAdmin`). */
export function checkAdminFlag(actor: Principal, before: boolean, after: boolean | undefined): void {
  if (after === undefined || after === before || actsAsAdmin(actor)) return;
  throw refused('isAdmin', messages.onlyAdminSetsAdmin);
}

/**
 * Refuses adding a user to groups that grant more than the actor holds (403 on `parameter`,
 * naming those groups). `groupIds` are the groups the user joins, not those kept.
 */
export async function checkJoinedGroups(
  tx: Executor,
  actor: Principal,
  groupIds: readonly number[],
  parameter = 'groupIds',
): Promise<void> {
  if (groupIds.length === 0 || actsAsAdmin(actor)) return;
  const details = await loadGroupDetails(tx, [...groupIds]);
  const beyond = [...details]
    .filter(([, d]) => grantsBeyond(d.permissions, actor.permissions))
    .map(([id]) => id);
  if (beyond.length === 0) return;
  const names = await tx
    .select({ name: groups.name })
    .from(groups)
    .where(inArray(groups.id, beyond))
    .orderBy(asc(groups.name));
  throw joiningRefused(
    parameter,
    names.map((g) => g.name),
  );
}

/** 403 on `parameter`: these groups grant more than the actor holds, so it cannot add members. */
export const joiningRefused = (parameter: string, groupNames: readonly string[]) =>
  refused(parameter, messages.groupBeyondOwnPermissions(groupNames.join(', ')));

/**
 * Refuses giving a group permissions the actor does not hold (403 on `permissions`, naming
 * them). Permissions the group had before are not new grants.
 */
export function checkGroupPermissions(actor: Principal, after: Permissions, before?: Permissions): void {
  if (actsAsAdmin(actor)) return;
  const added = before ? permissionsBeyond(after, before) : after;
  const beyond = permissionsBeyond(added, actor.permissions);
  if (permissionList(beyond).length === 0) return;
  throw refused('permissions', messages.permissionsBeyondOwn(readablePermissions(beyond).join('; ')));
}

/** Whether a group with these permissions grants more than the actor holds. */
export function groupGrantsBeyond(actor: Principal, perms: Permissions): boolean {
  return !actsAsAdmin(actor) && grantsBeyond(perms, actor.permissions);
}
