import type { CompanyType, Role } from '@dosechain/contract';
import { isCompanyRole, messages } from '@dosechain/contract';
import { AppError } from '../http/app-error.ts';
import type { Principal } from './principal.ts';

/** The company a role is limited to, or null for staff and admin, who see every company. */
export interface CompanyScope {
  type: CompanyType;
  companyId: number;
}

export function companyScope(role: Role): CompanyScope | null {
  if (!isCompanyRole(role.type) || role.companyId === null) return null;
  return { type: role.type, companyId: role.companyId };
}

/** True when the role may see a record that belongs to these companies (by type). */
export function inScope(role: Role, owners: Partial<Record<CompanyType, number | null>>): boolean {
  const scope = companyScope(role);
  if (!scope) return true;
  return owners[scope.type] === scope.companyId;
}

/**
 * The role a service acts in. A user without any role has no permissions, so the guard stops it
 * before any service; this keeps a service from ever reading "no role" as "no company limit".
 */
export function actingRole(principal: Principal): Role {
  if (!principal.currentRole) throw new AppError(403, 'NO_ROLE', messages.noRoleAssigned);
  return principal.currentRole;
}
