import {
  emptyPermissions,
  type GroupMember,
  type PermissionArea,
  type Permissions,
  permissionAreas,
} from '@dosechain/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { fullName } from '../../kernel/auth/principal.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { groupPermissions, userGroups, users } from '../../kernel/db/schema.ts';

// A group's permissions and members: what user management checks a grant against, and what the
// groups module shows (decision 047: beside user management, so groups builds on it, not back).
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
