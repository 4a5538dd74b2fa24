import {
  emptyPermissions,
  type Permission,
  type PermissionAction,
  type PermissionArea,
  type Permissions,
  permissionAreas,
} from './permissions.ts';
import { type CompanyType, isCompanyRole, type RoleType } from './roles.ts';

/**
 * The most a role of each company type may exercise, whatever its groups grant (segregation of
 * duties, docs/decisions/014). Read from spec section 6 and the route table: configuration,
 * availability, audit, user management and reports are staff/admin only; a CMO acknowledges and
 * delivers its orders; a site orders and cancels; an imaging center orders, cancels and records
 * deliveries. Staff and admin roles are not limited.
 */
export const companyRoleCeiling: Record<CompanyType, readonly Permission[]> = {
  cmo: [
    'order.read',
    'cmoAcknowledgement.create',
    'cmoAcknowledgement.update',
    'cmoAcknowledgement.read',
    'orderStatus.create',
    'orderStatus.read',
  ],
  clinical_site: ['order.create', 'order.read', 'orderCancel.create', 'orderStatus.read'],
  imaging_center: [
    'order.create',
    'order.read',
    'orderCancel.create',
    'orderStatus.create',
    'orderStatus.read',
  ],
};

/** Whether a role of this type may ever exercise `permission` (staff and admin: always). */
export function withinCeiling(roleType: RoleType, permission: Permission): boolean {
  return !isCompanyRole(roleType) || companyRoleCeiling[roleType].includes(permission);
}

/**
 * What a request may do: the permissions its groups grant within the ceiling of the active
 * role's type. No role (a user without roles who is neither staff nor admin): nothing.
 */
export function effectivePermissions(granted: Permissions, roleType: RoleType | null): Permissions {
  const effective = emptyPermissions();
  if (roleType === null) return effective;
  for (const area of permissionAreas) {
    for (const action of Object.keys(effective[area]) as PermissionAction[]) {
      effective[area][action] =
        granted[area]?.[action] === true && withinCeiling(roleType, `${area}.${action}` as Permission);
    }
  }
  return effective;
}

/** Every permission a map holds, as `area.action` strings. */
export function permissionList(perms: Permissions): Permission[] {
  return permissionAreas.flatMap((area: PermissionArea) =>
    (Object.keys(perms[area]) as PermissionAction[])
      .filter((action) => perms[area][action])
      .map((action) => `${area}.${action}` as Permission),
  );
}
