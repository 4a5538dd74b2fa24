import { z } from 'zod';
import type { RoleType } from './roles.ts';

/** Permission areas of spec section 6, in the order the group matrix shows them. */
export const permissionAreas = [
  'order',
  'orderCancel',
  'cmoAcknowledgement',
  'orderStatus',
  'cmoManufactureAvailability',
  'config',
  'userManagement',
  'auditTrail',
  'reports',
] as const;
export type PermissionArea = (typeof permissionAreas)[number];

export const permissionActions = ['create', 'update', 'read', 'delete'] as const;
export type PermissionAction = (typeof permissionActions)[number];

/** A permission written area.action, e.g. `config.read`. */
export type Permission = `${PermissionArea}.${PermissionAction}`;

/** Labels of the actions in the group matrix. */
export const permissionActionLabels: Record<PermissionAction, string> = {
  create: 'Submitter',
  update: 'Editor',
  read: 'Viewer',
  delete: 'Delete',
};

/** Which actions exist for each area (spec section 6); the matrix shows only these. */
export const areaActions: Record<PermissionArea, readonly PermissionAction[]> = {
  order: ['create', 'read'],
  orderCancel: ['create'],
  cmoAcknowledgement: ['create', 'update', 'read'],
  orderStatus: ['create', 'read'],
  cmoManufactureAvailability: ['create', 'update', 'read'],
  config: ['create', 'update', 'read'],
  userManagement: ['create', 'update', 'read'],
  auditTrail: ['read'],
  reports: ['read'],
};

export const permissionAreaLabels: Record<PermissionArea, string> = {
  order: 'Orders',
  orderCancel: 'Order cancel',
  cmoAcknowledgement: 'CMO acknowledgement',
  orderStatus: 'Order status',
  cmoManufactureAvailability: 'Manufacture availability',
  config: 'Configuration',
  userManagement: 'User management',
  auditTrail: 'Audit trail',
  reports: 'Reports',
};

export const areaPermissionSchema = z.object({
  create: z.boolean(),
  update: z.boolean(),
  read: z.boolean(),
  delete: z.boolean(),
});
export type AreaPermission = z.infer<typeof areaPermissionSchema>;

export const permissionsSchema = z.object(
  Object.fromEntries(permissionAreas.map((a) => [a, areaPermissionSchema])) as Record<
    PermissionArea,
    typeof areaPermissionSchema
  >,
);
/** The nested permission map of a user: `{ area: { create, update, read, delete } }`. */
export type Permissions = z.infer<typeof permissionsSchema>;

export function emptyPermissions(): Permissions {
  return Object.fromEntries(
    permissionAreas.map((a) => [a, { create: false, update: false, read: false, delete: false }]),
  ) as Permissions;
}

/** Every permission the catalogue has, e.g. for the admin group. */
export function allPermissions(): Permissions {
  const all = emptyPermissions();
  for (const area of permissionAreas) for (const action of areaActions[area]) all[area][action] = true;
  return all;
}

export function hasPermission(perms: Permissions, permission: Permission): boolean {
  const [area, action] = permission.split('.') as [PermissionArea, PermissionAction];
  return perms[area]?.[action] === true;
}

/**
 * What a route or menu item needs: every listed permission and, where roles are listed,
 * one of them (spec section 2, Access rules). `'public'` routes need no login.
 */
export interface AccessRequirement {
  permissions?: readonly Permission[];
  roles?: readonly RoleType[];
  /** At least one of these (e.g. the order status route: the action's own one is checked by the service). */
  anyPermissions?: readonly Permission[];
}

export const STAFF_ADMIN: readonly RoleType[] = ['staff', 'admin'];

export function meetsRequirement(
  subject: { permissions: Permissions; roleType: RoleType },
  requirement: AccessRequirement,
): boolean {
  const perms = requirement.permissions ?? [];
  if (!perms.every((p) => hasPermission(subject.permissions, p))) return false;
  const anyOf = requirement.anyPermissions;
  if (anyOf && anyOf.length > 0 && !anyOf.some((p) => hasPermission(subject.permissions, p))) return false;
  const roles = requirement.roles;
  return !roles || roles.length === 0 || roles.includes(subject.roleType);
}
