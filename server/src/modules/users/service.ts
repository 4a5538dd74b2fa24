import {
  companyTypeLabels,
  isCompanyRole,
  type ListQuery,
  type ListResponse,
  messages,
  misplacedRoleFlags,
  type RoleType,
  type User,
  type userCreateBodySchema,
  type userUnlockBodySchema,
  type userUpdateBodySchema,
} from '@dosechain/contract';
import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import { diffChangeset } from '../../kernel/audit/record.ts';
import { keepingUserManagement, type ViolationCause } from '../../kernel/auth/administrable.ts';
import { isLockedAt, lockLifted, unlockedValues } from '../../kernel/auth/lockout.ts';
import { forgetLoginFailuresOf } from '../../kernel/auth/login-pacing.ts';
import { hashPassword } from '../../kernel/auth/password.ts';
import { revokeUserSessions } from '../../kernel/auth/refresh-tokens.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { companies, groups, roles, userGroups, users } from '../../kernel/db/schema.ts';
import { AppError, alreadyUsed, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { type ListItem, listAnswer, listPlan } from '../../kernel/http/list-query.ts';
import { notFoundOf, onUniqueViolation, updateMeaning } from '../shared/index.ts';
import { auditMembershipOnOtherSide, checkAdminFlag, checkJoinedGroups } from '../user-management/index.ts';
import {
  findUser,
  joinedListFields,
  loadUserDetails,
  toUser,
  userAuditFields,
  userListAt,
} from './queries.ts';

type CreateInput = z.output<typeof userCreateBodySchema>;
type UpdateInput = z.output<typeof userUpdateBodySchema>;
type RoleInput = { type: RoleType; companyId?: number | null };

const notFoundError = () => notFoundOf('users');

/** Whether another user has this value (username or e-mail), ignoring case like the unique index. */
async function valueTaken(db: Executor, field: 'username' | 'email', value: string, exceptId?: number) {
  const column = field === 'username' ? users.username : users.email;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${column}) = lower(${value})`, exceptId ? sql`${users.id} <> ${exceptId}` : undefined),
    )
    .limit(1);
  return row !== undefined;
}

async function checkUnique(db: Executor, input: { username?: string; email?: string }, exceptId?: number) {
  const errors: { parameter: string; message: string; code: string }[] = [];
  if (input.username !== undefined && (await valueTaken(db, 'username', input.username, exceptId))) {
    errors.push({ parameter: 'username', message: messages.alreadyUsed, code: 'not_unique' });
  }
  if (input.email !== undefined && (await valueTaken(db, 'email', input.email, exceptId))) {
    errors.push({ parameter: 'email', message: messages.alreadyUsed, code: 'not_unique' });
  }
  if (errors.length) throw validationFailed(errors);
}

/** A race the checks could not see ends at a unique index; answer it on the field it hit. */
function uniqueUser<T>(
  db: Executor,
  input: { username?: string; email?: string },
  exceptId: number | undefined,
  work: () => Promise<T>,
) {
  return onUniqueViolation(work, async () => {
    try {
      await checkUnique(db, input, exceptId);
    } catch (err) {
      return err as Error;
    }
    return alreadyUsed('username');
  });
}

/** Each company role must name a company of its kind; 400 on `roles.<i>.companyId` otherwise. */
async function checkRoles(tx: Executor, list: RoleInput[]): Promise<void> {
  const ids = [...new Set(list.flatMap((r) => (r.companyId ? [r.companyId] : [])))];
  const found = ids.length
    ? await tx
        .select({ id: companies.id, type: companies.type })
        .from(companies)
        .where(inArray(companies.id, ids))
    : [];
  const typeOf = new Map(found.map((c) => [c.id, c.type]));
  const errors = list.flatMap((r, i) =>
    isCompanyRole(r.type) && typeOf.get(r.companyId ?? 0) !== r.type
      ? [
          {
            parameter: `roles.${i}.companyId`,
            message: messages.notFound(companyTypeLabels[r.type]),
            code: 'not_found',
          },
        ]
      : [],
  );
  if (errors.length) throw validationFailed(errors);
}

async function checkGroups(tx: Executor, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await tx.select({ id: groups.id }).from(groups).where(inArray(groups.id, unique));
  if (found.length !== unique.length) {
    throw validationFailed([
      { parameter: 'groupIds', message: messages.notFound('Group'), code: 'not_found' },
    ]);
  }
  return unique;
}

/** Makes the user's roles exactly these; roles kept keep their ids (a remembered Role-Id stays valid). */
async function setRoles(tx: Executor, userId: number, list: RoleInput[]): Promise<void> {
  const key = (r: { type: string; companyId?: number | null }) => `${r.type}:${r.companyId ?? ''}`;
  const wanted = new Map(list.map((r) => [key(r), r]));
  const existing = await tx.select().from(roles).where(eq(roles.userId, userId));
  const gone = existing.filter((r) => !wanted.has(key(r))).map((r) => r.id);
  if (gone.length) await tx.delete(roles).where(inArray(roles.id, gone));
  const have = new Set(existing.map(key));
  const added = [...wanted.values()].filter((r) => !have.has(key(r)));
  if (added.length) {
    await tx
      .insert(roles)
      .values(added.map((r) => ({ userId, type: r.type, companyId: r.companyId ?? null })));
  }
}

async function setGroups(tx: Executor, userId: number, groupIds: number[]): Promise<void> {
  await tx
    .delete(userGroups)
    .where(
      and(
        eq(userGroups.userId, userId),
        groupIds.length ? notInArray(userGroups.groupId, groupIds) : undefined,
      ),
    );
  if (groupIds.length) {
    await tx
      .insert(userGroups)
      .values(groupIds.map((groupId) => ({ userId, groupId })))
      .onConflictDoNothing();
  }
}

function checkFlags(flags: Parameters<typeof misplacedRoleFlags>[0], list: readonly { type: RoleType }[]) {
  const errors = misplacedRoleFlags(flags, list);
  if (errors.length) throw validationFailed(errors.map((e) => ({ ...e, code: 'not_allowed' })));
}

async function userWithDetails(db: Executor, id: number, now: Date): Promise<User> {
  const row = await findUser(db, id);
  if (!row) throw notFoundError();
  return toUser(row, (await loadUserDetails(db, [id])).get(id), now);
}

/**
 * One page of users with their roles and groups; filterable by role type and company (the
 * company detail pages), group, active and locked, searchable by names, username and e-mail.
 */
export async function listUsers(
  ctx: ServiceContext,
  query: ListQuery,
): Promise<ListResponse<ListItem<User>>> {
  for (const term of query.sort?.split(',') ?? []) {
    const name = term.trim().replace(/^-/, '');
    if (joinedListFields.includes(name)) {
      throw validationFailed([{ parameter: 'sort', message: `Cannot sort by "${name}"` }]);
    }
  }
  const now = ctx.clock.now();
  const plan = listPlan(userListAt(now), query);
  const matching = ctx.db
    .select({ id: users.id })
    .from(users)
    .leftJoin(roles, eq(roles.userId, users.id))
    .leftJoin(userGroups, eq(userGroups.userId, users.id))
    .where(plan.where);
  const [rows, totals] = await Promise.all([
    ctx.db
      .select()
      .from(users)
      .where(inArray(users.id, matching))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    ctx.db.select({ total: count() }).from(users).where(inArray(users.id, matching)),
  ]);
  const details = await loadUserDetails(
    ctx.db,
    rows.map((r) => r.id),
  );
  return listAnswer(
    plan,
    rows.map((r) => toUser(r, details.get(r.id), now)),
    totals[0]?.total ?? 0,
  );
}

export function getUser(ctx: ServiceContext, id: number): Promise<User> {
  return userWithDetails(ctx.db, id, ctx.clock.now());
}

/**
 * Creates an active user with roles, groups and a first password, signed and audited. The
 * first password counts as already expired, so the person chooses their own at the first
 * login whenever password aging is on (docs/decisions/010). Only an administrator may make an
 * administrator or put the user into groups granting more than it holds itself.
 */
export async function createUser(ctx: ServiceContext, input: CreateInput): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const roleList = input.roles ?? [];
  return uniqueUser(ctx.db, input, undefined, () =>
    auditedMutation(ctx, input, { meaning: 'Created User' }, async (tx, audit) => {
      await checkUnique(tx, input);
      await checkRoles(tx, roleList);
      const groupIds = await checkGroups(tx, input.groupIds ?? []);
      checkAdminFlag(ctx.actor, false, input.isAdmin);
      await checkJoinedGroups(tx, ctx.actor, groupIds);
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          firstName: input.firstName,
          lastName: input.lastName,
          commonName: input.commonName || null,
          email: input.email,
          phone: input.phone || null,
          isStaff: input.isStaff ?? false,
          isAdmin: input.isAdmin ?? false,
          siteCoordinator: input.siteCoordinator ?? false,
          primaryInvestigator: input.primaryInvestigator ?? false,
          imagingCenterContact: input.imagingCenterContact ?? false,
          organisationOnly: input.organisationOnly ?? false,
          passwordHash,
          passwordChangedAt: new Date(0),
        })
        .returning();
      const id = row!.id;
      await setRoles(tx, id, roleList);
      await setGroups(tx, id, groupIds);
      const details = (await loadUserDetails(tx, [id])).get(id)!;
      await audit({
        entityType: 'users',
        entityId: id,
        eventType: 'new',
        changeset: { ...diffChangeset(null, userAuditFields(row!, details)), password: [null, '[set]'] },
      });
      await auditMembershipOnOtherSide(audit, 'groups', row!.username, [], groupIds);
      return toUser(row!, details, ctx.clock.now());
    }),
  );
}

const columnFields = [
  'username',
  'firstName',
  'lastName',
  'email',
  'isStaff',
  'isAdmin',
  'siteCoordinator',
  'primaryInvestigator',
  'imagingCenterContact',
  'organisationOnly',
  'active',
] as const;

function columnChanges(input: UpdateInput) {
  const changes: Partial<typeof users.$inferInsert> = {};
  for (const field of columnFields) {
    if (input[field] !== undefined) Object.assign(changes, { [field]: input[field] });
  }
  if (input.commonName !== undefined) changes.commonName = input.commonName || null;
  if (input.phone !== undefined) changes.phone = input.phone || null;
  return changes;
}

/**
 * Edits or toggles a user, signed and audited: fields, roles and groups (each replaced as a
 * whole when sent), active (inactivation needs a reason and ends every session of the user).
 * Refused when it would leave nobody able to manage users (docs/decisions/010), naming what
 * broke it: inactivation, groups, roles, or the staff/admin flags of a user without roles. Only
 * an administrator may change the Admin flag or put the user into groups granting more than it
 * holds itself.
 */
export async function updateUser(ctx: ServiceContext, id: number, input: UpdateInput): Promise<User> {
  const current = await findUser(ctx.db, id);
  if (!current) throw notFoundError();
  const now = ctx.clock.now();
  return uniqueUser(ctx.db, input, id, () =>
    auditedMutation(ctx, input, updateMeaning('User', current.active, input.active), (tx, audit) => {
      let cause: ViolationCause = 'USER_MANAGEMENT_INVALID_GROUP_ASSIGNMENT';
      return keepingUserManagement(
        tx,
        now,
        async () => {
          const before = await findUser(tx, id, true);
          if (!before) throw notFoundError();
          const beforeDetails = (await loadUserDetails(tx, [id])).get(id)!;
          const changes = columnChanges(input);
          await checkUnique(tx, input, id);
          if (input.roles) await checkRoles(tx, input.roles);
          const groupIds = input.groupIds ? await checkGroups(tx, input.groupIds) : undefined;
          checkFlags({ ...before, ...changes }, input.roles ?? beforeDetails.roles);
          checkAdminFlag(ctx.actor, before.isAdmin, changes.isAdmin);
          if (groupIds) {
            const kept = new Set(beforeDetails.groups.map((g) => g.id));
            await checkJoinedGroups(
              tx,
              ctx.actor,
              groupIds.filter((g) => !kept.has(g)),
            );
          }

          if (input.roles) await setRoles(tx, id, input.roles);
          if (groupIds) await setGroups(tx, id, groupIds);
          const details = (await loadUserDetails(tx, [id])).get(id)!;
          const beforeFields = userAuditFields(before, beforeDetails);
          const afterFields = userAuditFields({ ...before, ...changes }, details);
          const changeset = diffChangeset(beforeFields, afterFields);
          cause = violationCause(before.active, changeset);
          if (Object.keys(changeset).length === 0) return toUser(before, beforeDetails, now);
          const [row] = await tx
            .update(users)
            .set({ ...changes, updatedAt: sql`now()` })
            .where(eq(users.id, id))
            .returning();
          if (before.active && row!.active === false) await revokeUserSessions(tx, id);
          await audit({ entityType: 'users', entityId: id, eventType: 'update', changeset });
          await auditMembershipOnOtherSide(
            audit,
            'groups',
            row!.username,
            beforeDetails.groups.map((g) => g.id),
            details.groups.map((g) => g.id),
          );
          return toUser(row!, details, now);
        },
        () => cause,
      );
    }),
  );
}

/** Which part of a user change is to blame when it leaves nobody able to manage users. */
function violationCause(wasActive: boolean, changeset: Record<string, unknown>): ViolationCause {
  if (wasActive && 'active' in changeset) return 'USER_MANAGEMENT_INVALID_DEACTIVATION';
  if ('groups' in changeset) return 'USER_MANAGEMENT_INVALID_GROUP_ASSIGNMENT';
  if ('roles' in changeset) return 'USER_MANAGEMENT_INVALID_ROLE_ASSIGNMENT';
  // Without roles, the flags are the role: staff or admin.
  for (const flag of ['isStaff', 'isAdmin']) {
    if (flag in changeset) return { code: 'USER_MANAGEMENT_INVALID_ROLE_ASSIGNMENT', parameter: flag };
  }
  return 'USER_MANAGEMENT_INVALID_GROUP_ASSIGNMENT';
}

/**
 * `PUT /users/{id}/unlock`: only a user locked now (a lock that has ended is not: 409
 * USER_NOT_LOCKED, as the list shows it); the reason is required. Clears the lock and its end and
 * resets the count of failed logins so the person gets the full number of attempts again.
 */
export async function unlockUser(
  ctx: ServiceContext,
  id: number,
  input: z.output<typeof userUnlockBodySchema>,
): Promise<User> {
  if (!(await findUser(ctx.db, id))) throw notFoundError();
  const now = ctx.clock.now();
  return auditedMutation(ctx, input, { meaning: 'Unlocked User', requireReason: true }, async (tx, audit) => {
    const before = await findUser(tx, id, true);
    if (!before) throw notFoundError();
    if (!isLockedAt(before, now)) throw new AppError(409, 'USER_NOT_LOCKED', messages.userNotLocked);
    const [row] = await tx
      .update(users)
      .set({ ...unlockedValues, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    // The manager lifts the lock for the person: no address of theirs is still paced.
    await forgetLoginFailuresOf(tx, id);
    await audit({
      entityType: 'users',
      entityId: id,
      eventType: 'update',
      changeset: lockLifted(before),
    });
    return toUser(row!, (await loadUserDetails(tx, [id])).get(id), now);
  });
}
