import {
  areaActions,
  emptyPermissions,
  type Group,
  type Permissions,
  type PermissionsInput,
  permissionAreas,
  readablePermissions,
} from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../kernel/db/client.ts';
import { groupPermissions, groups } from '../../kernel/db/schema.ts';
import { defineListResource } from '../../kernel/http/list-query.ts';
import { findById } from '../shared/index.ts';
import type { GroupDetails } from '../user-management/index.ts';

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
