import {
  effectivePermissions,
  emptyPermissions,
  type PermissionArea,
  type Permissions,
  permissionAreas,
  type Role,
  roleTypeLabels,
} from '@dosechain/contract';
import { eq, sql } from 'drizzle-orm';
import { type Executor, fromJson, preparedPerDatabase } from '../db/client.ts';
import {
  companies,
  groupPermissions,
  groups,
  refreshTokens,
  roles,
  userGroups,
  users,
} from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** Who is acting: the user, all their roles, the role in effect and their permissions now. */
export interface Principal {
  user: UserRow;
  roles: Role[];
  /** The role in effect; null for a user without roles who is neither staff nor admin. */
  currentRole: Role | null;
  /** What the user's groups grant, whatever the role (the session read). */
  grantedPermissions: Permissions;
  /** What this request may do: the granted permissions within the current role type's ceiling. */
  permissions: Permissions;
  /** Set when an integration API key makes the request (decision 027): the audit names the key. */
  apiKey?: ApiKeyIdentity;
}

/** An integration API key acting: its name and public prefix (the actor), its study and site. */
export interface ApiKeyIdentity {
  id: number;
  name: string;
  prefix: string;
  studyId: number;
  siteId: number;
}

/** The principal acting in `role`: its permissions are the granted ones within that role's ceiling. */
export function actingIn(
  access: { user: UserRow; roles: Role[]; permissions: Permissions },
  role: Role | null,
): Principal {
  return {
    user: access.user,
    roles: access.roles,
    currentRole: role,
    grantedPermissions: access.permissions,
    permissions: effectivePermissions(access.permissions, role?.type ?? null),
  };
}

export function fullName(u: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return `${u.firstName} ${u.lastName}`.trim();
}

type RoleFlags = Pick<UserRow, 'isAdmin' | 'isStaff'>;

/**
 * A user with no roles acts in a synthetic admin or staff role with no company when flagged
 * `isAdmin` or `isStaff`; anyone else without roles has no role at all (and no permissions):
 * a company user whose roles were taken away is not silently cross-company staff.
 */
export function syntheticRole(user: RoleFlags): Role | null {
  if (!user.isAdmin && !user.isStaff) return null;
  const type = user.isAdmin ? 'admin' : 'staff';
  return {
    id: null,
    name: roleTypeLabels[type],
    type,
    companyId: null,
    companyName: null,
    companyTimezone: null,
  };
}

export type RoleChoice = { kind: 'ok'; role: Role | null } | { kind: 'not-allowed' };

/**
 * The role in effect: the one named by the Role-Id header, else the first role; a user without
 * roles has the synthetic one (or none) and may not name any.
 */
export function chooseRole(user: RoleFlags, userRoles: Role[], roleIdHeader?: string): RoleChoice {
  const header = roleIdHeader?.trim();
  if (userRoles.length === 0) {
    return header ? { kind: 'not-allowed' } : { kind: 'ok', role: syntheticRole(user) };
  }
  if (!header) return { kind: 'ok', role: userRoles[0]! };
  const role = userRoles.find((r) => String(r.id) === header);
  return role ? { kind: 'ok', role } : { kind: 'not-allowed' };
}

interface PermissionRow {
  area: string;
  create: boolean;
  update: boolean;
  read: boolean;
  delete: boolean;
}

export interface RoleRow {
  id: number;
  type: Role['type'];
  companyId: number | null;
  companyName: string | null;
  companyTimezone: string | null;
}

function mergePermissions(rows: PermissionRow[]): Permissions {
  const perms = emptyPermissions();
  for (const r of rows) {
    if (!(permissionAreas as readonly string[]).includes(r.area)) continue;
    const p = perms[r.area as PermissionArea];
    p.create ||= r.create;
    p.update ||= r.update;
    p.read ||= r.read;
    p.delete ||= r.delete;
  }
  return perms;
}

// Columns are named in full: Drizzle leaves them unqualified in a one-table select.
/** The roles of the `users` row in the query, as JSON (with their company's name and zone). */
export const userRolesSql = sql<RoleRow[]>`(select coalesce(json_agg(json_build_object(
    'id', r.id, 'type', r.type, 'companyId', r.company_id,
    'companyName', c.name, 'companyTimezone', c.timezone
  ) order by r.id), '[]'::json)
  from ${roles} r left join ${companies} c on c.id = r.company_id
  where r.user_id = ${users}.id)`;

/** What the active groups of the `users` row in the query grant, as JSON rows (`permissionsOf`). */
export const userGrantsSql = sql<PermissionRow[]>`(select coalesce(json_agg(json_build_object(
    'area', gp.area, 'create', gp.can_create, 'update', gp.can_update,
    'read', gp.can_read, 'delete', gp.can_delete
  )), '[]'::json)
  from ${userGroups} ug
  inner join ${groups} g on g.id = ug.group_id and g.active = true
  inner join ${groupPermissions} gp on gp.group_id = g.id
  where ug.user_id = ${users}.id)`;

/** A role row as the API answers it: its type's label is its name. */
export const roleOf = (r: RoleRow): Role => ({
  id: r.id,
  name: roleTypeLabels[r.type],
  type: r.type,
  companyId: r.companyId,
  companyName: r.companyName,
  companyTimezone: r.companyTimezone,
});

/** The roles `userRolesSql` read. */
export const rolesOf = (json: unknown): Role[] => fromJson<RoleRow[]>(json).map(roleOf);

/** The permissions `userGrantsSql` read. */
export const permissionsOf = (json: unknown): Permissions =>
  mergePermissions(fromJson<PermissionRow[]>(json));

/** The session read, a prepared statement: PostgreSQL plans its subqueries once per connection. */
const principalQuery = preparedPerDatabase((db) =>
  db
    .select({
      user: users,
      roles: userRolesSql,
      permissions: userGrantsSql,
      // The access token's session (refresh-token family) not revoked: logout, a password
      // change or reset, inactivation and a lock end it at once, not when the token expires.
      sessionLive: sql<boolean>`exists (select 1 from ${refreshTokens} rt
        where rt.family_id = ${sql.placeholder('sessionId')} and rt.revoked_at is null)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('load_principal'),
);

/** What the session read gives: the user, their roles, what their groups grant. */
export interface UserAccess {
  user: UserRow;
  roles: Role[];
  permissions: Permissions;
  /** Whether the session named by the read is still alive (not logged out or revoked). */
  sessionLive: boolean;
}

/**
 * The user, their roles, their groups' permissions and whether the session is alive, in one
 * round trip, read fresh on every request. Without a session id (login) `sessionLive` is false.
 */
export async function loadUserWithAccess(
  db: Executor,
  userId: number,
  sessionId = '',
): Promise<UserAccess | undefined> {
  const [row] = await principalQuery(db).execute({ userId, sessionId });
  if (!row) return undefined;
  return {
    user: row.user,
    sessionLive: row.sessionLive === true,
    roles: rolesOf(row.roles),
    permissions: permissionsOf(row.permissions),
  };
}
