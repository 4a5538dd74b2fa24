import { type Role, roleDescription, roleTypes, type User } from '@dosechain/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { isLockedAt, lockedAtSql } from '../../kernel/auth/lockout.ts';
import { fullName, roleOf, type UserRow } from '../../kernel/auth/principal.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { companies, groups, roles, userGroups, users } from '../../kernel/db/schema.ts';
import { defineListResource } from '../../kernel/http/list-query.ts';
import { findById } from '../shared/index.ts';

const userFields = {
  id: { column: users.id, type: 'number', key: 'id' },
  username: { column: users.username, type: 'text', key: 'username' },
  first_name: { column: users.firstName, type: 'text', key: 'firstName' },
  last_name: { column: users.lastName, type: 'text', key: 'lastName' },
  common_name: { column: users.commonName, type: 'text', key: 'commonName' },
  full_name: {
    column: sql`(${users.firstName} || ' ' || ${users.lastName})`,
    type: 'text',
    key: 'fullName',
  },
  email: { column: users.email, type: 'text', key: 'email' },
  phone: { column: users.phone, type: 'text', key: 'phone' },
  active: { column: users.active, type: 'boolean', key: 'active' },
  is_staff: { column: users.isStaff, type: 'boolean', key: 'isStaff' },
  is_admin: { column: users.isAdmin, type: 'boolean', key: 'isAdmin' },
  site_coordinator: { column: users.siteCoordinator, type: 'boolean', key: 'siteCoordinator' },
  primary_investigator: { column: users.primaryInvestigator, type: 'boolean', key: 'primaryInvestigator' },
  imaging_center_contact: {
    column: users.imagingCenterContact,
    type: 'boolean',
    key: 'imagingCenterContact',
  },
  role_type: { column: roles.type, type: 'enum', key: 'roles', values: roleTypes },
  company_id: { column: roles.companyId, type: 'number', key: 'roles' },
  group_id: { column: userGroups.groupId, type: 'number', key: 'groups' },
  created_at: { column: users.createdAt, type: 'datetime', key: 'createdAt' },
  updated_at: { column: users.updatedAt, type: 'datetime', key: 'updatedAt' },
} as const;

/**
 * The users list at `now`. `role_type`, `company_id` and `group_id` filter on the user's roles
 * and groups (a condition on `role_type` and `company_id` together holds for one and the same
 * role); they are filters only, not sort keys. `locked_out` is whether the user is locked at
 * `now`: a lock that has ended is not.
 */
export const userListAt = (now: Date) =>
  defineListResource({
    fields: {
      ...userFields,
      locked_out: { column: lockedAtSql(now), type: 'boolean', key: 'lockedOut' },
    },
    searchFields: ['username', 'first_name', 'last_name', 'full_name', 'email'],
    defaultSort: 'username',
  });

/** Fields that live on a user's roles or groups: filterable, not sortable. */
export const joinedListFields = ['role_type', 'company_id', 'group_id'];

/** A user's row, locked FOR UPDATE when asked. */
export const findUser = (db: Executor, id: number, forUpdate = false): Promise<UserRow | undefined> =>
  findById(db, users, id, { forUpdate });

export interface UserDetails {
  roles: Role[];
  groups: { id: number; name: string; active: boolean }[];
}

/** The roles (with their companies) and groups of these users, by user id. */
export async function loadUserDetails(db: Executor, ids: number[]): Promise<Map<number, UserDetails>> {
  const details = new Map<number, UserDetails>(ids.map((id) => [id, { roles: [], groups: [] }]));
  if (ids.length === 0) return details;
  const [roleRows, groupRows] = await Promise.all([
    db
      .select({
        userId: roles.userId,
        id: roles.id,
        type: roles.type,
        companyId: roles.companyId,
        companyName: companies.name,
        companyTimezone: companies.timezone,
      })
      .from(roles)
      .leftJoin(companies, eq(companies.id, roles.companyId))
      .where(inArray(roles.userId, ids))
      .orderBy(asc(roles.id)),
    db
      .select({ userId: userGroups.userId, id: groups.id, name: groups.name, active: groups.active })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(inArray(userGroups.userId, ids))
      .orderBy(asc(groups.name)),
  ]);
  for (const r of roleRows) {
    details.get(r.userId)?.roles.push(roleOf(r));
  }
  for (const g of groupRows) details.get(g.userId)?.groups.push({ id: g.id, name: g.name, active: g.active });
  return details;
}

/** A user as the API answers it; `lockedOut` says whether the user is locked at `now`. */
export function toUser(row: UserRow, details: UserDetails | undefined, now: Date): User {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    commonName: row.commonName,
    fullName: fullName(row),
    email: row.email,
    phone: row.phone,
    isStaff: row.isStaff,
    isAdmin: row.isAdmin,
    active: row.active,
    lockedOut: isLockedAt(row, now),
    imagingCenterContact: row.imagingCenterContact,
    siteCoordinator: row.siteCoordinator,
    primaryInvestigator: row.primaryInvestigator,
    organisationOnly: row.organisationOnly,
    identityProviderLinked: row.oidcSubject !== null,
    groups: details?.groups ?? [],
    roles: details?.roles ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A user as their audit rows record them: group names and role labels, not ids. */
export function userAuditFields(row: UserRow, details: UserDetails) {
  return {
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    commonName: row.commonName,
    email: row.email,
    phone: row.phone,
    isStaff: row.isStaff,
    isAdmin: row.isAdmin,
    active: row.active,
    lockedOut: row.lockedOut,
    siteCoordinator: row.siteCoordinator,
    primaryInvestigator: row.primaryInvestigator,
    imagingCenterContact: row.imagingCenterContact,
    organisationOnly: row.organisationOnly,
    groups: details.groups.map((g) => g.name).sort(),
    roles: details.roles.map(roleDescription).sort(),
  };
}
