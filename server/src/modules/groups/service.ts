import {
  type Group,
  type groupCreateBodySchema,
  type groupUpdateBodySchema,
  type ListQuery,
  type ListResponse,
  messages,
  type Permissions,
} from '@dosechain/contract';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import { keepingUserManagement, type UserManagementViolation } from '../../kernel/auth/administrable.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { groups, userGroups, users } from '../../kernel/db/schema.ts';
import { alreadyUsed, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import type { ListItem } from '../../kernel/http/list-query.ts';
import {
  changesNothing,
  foundOr404,
  labelOf,
  listTable,
  nameCheck,
  uniqueName,
  updateById,
  updateMeaning,
} from '../shared/index.ts';
import {
  auditMembershipOnOtherSide,
  checkGroupPermissions,
  groupGrantsBeyond,
  joiningRefused,
  loadGroupDetails,
} from '../user-management/index.ts';
import {
  findGroup,
  groupAuditFields,
  groupList,
  normalizePermissions,
  toGroup,
  writePermissions,
} from './queries.ts';

/**
 * Whether a new matrix takes away user-management read or update the group had: what can break
 * the invariant on the group's side (a manager's read and update may come from two groups).
 */
const losesUserManagement = (before: Permissions, after: Permissions) =>
  (before.userManagement.read && !after.userManagement.read) ||
  (before.userManagement.update && !after.userManagement.update);

const nameTaken = nameCheck(groups);

/** The users a body names must all exist; 400 on `userIds` otherwise. */
async function checkUsersExist(tx: Executor, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, unique));
  if (found.length !== unique.length) {
    throw validationFailed([{ parameter: 'userIds', message: messages.notFound('User'), code: 'not_found' }]);
  }
  return unique;
}

/** Makes the group's members exactly these users. */
async function setMembers(tx: Executor, groupId: number, userIds: number[]): Promise<void> {
  await tx
    .delete(userGroups)
    .where(
      and(
        eq(userGroups.groupId, groupId),
        userIds.length ? notInArray(userGroups.userId, userIds) : undefined,
      ),
    );
  if (userIds.length) {
    await tx
      .insert(userGroups)
      .values(userIds.map((userId) => ({ userId, groupId })))
      .onConflictDoNothing();
  }
}

/** One page of groups with their permissions and members. */
export function listGroups(ctx: ServiceContext, query: ListQuery): Promise<ListResponse<ListItem<Group>>> {
  return listTable(ctx.db, groupList, query, groups, async (rows) => {
    const details = await loadGroupDetails(
      ctx.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toGroup(r, details.get(r.id)));
  });
}

/** A group with its permissions and members; 404 'Group not found'. */
export async function getGroup(ctx: ServiceContext, id: number): Promise<Group> {
  const row = foundOr404('groups', await findGroup(ctx.db, id));
  return toGroup(row, (await loadGroupDetails(ctx.db, [id])).get(id));
}

/**
 * Creates an active group with its permission matrix and members, signed and audited. A user
 * manager who is not an administrator cannot give it permissions it does not hold itself.
 */
export async function createGroup(
  ctx: ServiceContext,
  input: z.output<typeof groupCreateBodySchema>,
): Promise<Group> {
  return uniqueName(() =>
    auditedMutation(ctx, input, { meaning: `Created ${labelOf('groups')}` }, async (tx, audit) => {
      if (await nameTaken(tx, input.name)) throw alreadyUsed('name');
      const userIds = await checkUsersExist(tx, input.userIds ?? []);
      const permissions = normalizePermissions(input.permissions);
      checkGroupPermissions(ctx.actor, permissions);
      const [row] = await tx.insert(groups).values({ name: input.name }).returning();
      const id = row!.id;
      await writePermissions(tx, id, permissions);
      await setMembers(tx, id, userIds);
      const details = (await loadGroupDetails(tx, [id])).get(id)!;
      await audit({
        entityType: 'groups',
        entityId: id,
        eventType: 'new',
        after: groupAuditFields(row!, details),
      });
      await auditMembershipOnOtherSide(audit, 'users', row!.name, [], userIds);
      return toGroup(row!, details);
    }),
  );
}

/**
 * Edits or toggles a group, signed and audited: name, permission matrix (replaced as a whole),
 * members (replaced as a whole), active (inactivation needs a reason). Refused when it would
 * leave nobody able to manage users (spec section 4, docs/decisions/010). A user manager who is
 * not an administrator cannot add permissions it does not hold, nor add members to a group
 * granting more than it holds.
 */
export async function updateGroup(
  ctx: ServiceContext,
  id: number,
  input: z.output<typeof groupUpdateBodySchema>,
): Promise<Group> {
  const current = foundOr404('groups', await findGroup(ctx.db, id));
  const meaning = updateMeaning(labelOf('groups'), current.active, input.active);
  return uniqueName(() =>
    auditedMutation(ctx, input, meaning, async (tx, audit) => {
      let cause: UserManagementViolation = 'USER_MANAGEMENT_INVALID_USERS_ASSIGNMENT';
      return keepingUserManagement(
        tx,
        ctx.clock.now(),
        async () => {
          const before = foundOr404('groups', await findGroup(tx, id, true));
          const beforeDetails = (await loadGroupDetails(tx, [id])).get(id)!;
          const changes = {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.active !== undefined ? { active: input.active } : {}),
          };
          if (changes.name !== undefined && (await nameTaken(tx, changes.name, id)))
            throw alreadyUsed('name');
          const permissions =
            input.permissions !== undefined ? normalizePermissions(input.permissions) : undefined;
          const userIds = input.userIds !== undefined ? await checkUsersExist(tx, input.userIds) : undefined;
          if (permissions) checkGroupPermissions(ctx.actor, permissions, beforeDetails.permissions);
          const joining = userIds?.filter((u) => !beforeDetails.users.some((m) => m.id === u)) ?? [];
          if (joining.length > 0 && groupGrantsBeyond(ctx.actor, permissions ?? beforeDetails.permissions)) {
            throw joiningRefused('userIds', [before.name]);
          }

          if (before.active && changes.active === false) cause = 'USER_MANAGEMENT_INVALID_DEACTIVATION';
          else if (permissions && losesUserManagement(beforeDetails.permissions, permissions)) {
            cause = 'USER_MANAGEMENT_INVALID_PERMISSION_ASSIGNMENT';
          }

          if (permissions) await writePermissions(tx, id, permissions);
          if (userIds) await setMembers(tx, id, userIds);
          const details = (await loadGroupDetails(tx, [id])).get(id)!;
          const beforeAudit = groupAuditFields(before, beforeDetails);
          const afterAudit = groupAuditFields({ ...before, ...changes }, details);
          if (changesNothing(beforeAudit, afterAudit)) return toGroup(before, details);
          const row = await updateById(tx, groups, id, changes);
          await audit({
            entityType: 'groups',
            entityId: id,
            eventType: 'update',
            before: beforeAudit,
            after: afterAudit,
          });
          await auditMembershipOnOtherSide(
            audit,
            'users',
            row.name,
            beforeDetails.users.map((u) => u.id),
            details.users.map((u) => u.id),
          );
          return toGroup(row, details);
        },
        () => cause,
      );
    }),
  );
}
