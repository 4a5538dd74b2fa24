import type { CompanyType, Role } from '@dosechain/contract';
import { isCompanyRole } from '@dosechain/contract';

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
