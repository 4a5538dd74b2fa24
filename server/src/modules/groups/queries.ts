import {
  areaActions,
  emptyPermissions,
  type Group,
  type GroupMember,
  type PermissionArea,
  type Permissions,
  type PermissionsInput,
  permissionAreas,
  readablePermissions,
} from '@dosechain/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { fullName } from '../../auth/principal.ts';
import type { Executor } from '../../db/client.ts';
import { groupPermissions, groups, userGroups, users } from '../../db/schema.ts';
import { defineListResource } from '../../http/list-query.ts';
import { findById } from '../shared/config-service.ts';

export type GroupRow = typeof groups.$inferSelect;

export const groupList = defineListResource({
  fields: {
    id: { column: groups.id, type: 'number', key: 'id' },
    name: { column: groups.name, type: 'text', key: 'name' },
    active: { column: groups.active, type: 'boolean', key: 'active' },
    created_at: { column: groups.createdAt, type: 'datetime', key: 'createdAt' },
    updated_at: { column: groups.updatedAt, type: 'datetime', key: 'updatedAt' },
  },
  searchFields: ['name'],
  defaultSort: 'name',
});

/** The matrix as stored: only the actions an area has, missing ones not granted. */
export function normalizePermissions(input: PermissionsInput | undefined): Permissions {
  const perms = emptyPermissions();
  for (const area of permissionAreas) {
    for (const action of areaActions[area]) perms[area][action] = input?.[area]?.[action] === true;
  }
  return perms;
}

/** A group's row, locked FOR UPDATE when asked. */
export const findGroup = (db: Executor, id: number, forUpdate = false): Promise<GroupRow | undefined> =>
  findById(db, groups, id, { forUpdate });

export interface GroupDetails {
  permissions: Permissions;
  users: GroupMember[];
}

/** The permissions and members of these groups, by group id. */
export async function loadGroupDetails(db: Executor, ids: number[]): Promise<Map<number, GroupDetails>> {
  const details = new Map<number, GroupDetails>(
    ids.map((id) => [id, { permissions: emptyPermissions(), users: [] }]),
  );
  if (ids.length === 0) return details;
  const [permRows, memberRows] = await Promise.all([
    db.select().from(groupPermissions).where(inArray(groupPermissions.groupId, ids)),
    db
      .select({
        groupId: userGroups.groupId,
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        active: users.active,
      })
      .from(userGroups)
      .innerJoin(users, eq(users.id, userGroups.userId))
      .where(inArray(userGroups.groupId, ids))
      .orderBy(asc(users.username)),
  ]);
  for (const p of permRows) {
    const d = details.get(p.groupId);
    if (!d || !(permissionAreas as readonly string[]).includes(p.area)) continue;
    d.permissions[p.area as PermissionArea] = {
      create: p.canCreate,
      update: p.canUpdate,
      read: p.canRead,
      delete: p.canDelete,
    };
  }
  for (const m of memberRows) {
    details.get(m.groupId)?.users.push({
      id: m.id,
      username: m.username,
      fullName: fullName(m),
      active: m.active,
    });
  }
  return details;
}

export function toGroup(row: GroupRow, details: GroupDetails | undefined): Group {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    permissions: details?.permissions ?? emptyPermissions(),
    users: details?.users ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A group as its audit rows record it: names, not ids. */
export function groupAuditFields(row: Pick<GroupRow, 'name' | 'active'>, details: GroupDetails) {
  return {
    name: row.name,
    active: row.active,
    permissions: readablePermissions(details.permissions),
    users: details.users.map((u) => u.username).sort(),
  };
}

export async function writePermissions(tx: Executor, groupId: number, perms: Permissions): Promise<void> {
  await tx
    .insert(groupPermissions)
    .values(
      permissionAreas.map((area) => ({
        groupId,
        area,
        canCreate: perms[area].create,
        canUpdate: perms[area].update,
        canRead: perms[area].read,
        canDelete: perms[area].delete,
      })),
    )
    .onConflictDoUpdate({
      target: [groupPermissions.groupId, groupPermissions.area],
      set: {
        canCreate: sql`excluded.can_create`,
        canUpdate: sql`excluded.can_update`,
        canRead: sql`excluded.can_read`,
        canDelete: sql`excluded.can_delete`,
        updatedAt: sql`now()`,
      },
    });
}
