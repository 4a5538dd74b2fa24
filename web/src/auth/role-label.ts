import { type Role, roleTypeLabels } from '@dosechain/contract';

/** "Company — Role", or the role name for staff and admin. */
export function roleLabel(role: Role): string {
  return role.companyName ? `${role.companyName} — ${roleTypeLabels[role.type]}` : role.name;
}
