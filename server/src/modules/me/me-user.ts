import type { MeUser } from '@dosechain/contract';
import { fullName, type Principal } from '../../kernel/auth/principal.ts';

/** The current user as `/users/me` and login answer it: in their current role, with its permissions. */
export function toMeUser(principal: Principal, groups: { id: number; name: string }[]): MeUser {
  const u = principal.user;
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    commonName: u.commonName,
    fullName: fullName(u),
    email: u.email,
    phone: u.phone,
    isStaff: u.isStaff,
    isAdmin: u.isAdmin,
    active: u.active,
    lockedOut: u.lockedOut,
    imagingCenterContact: u.imagingCenterContact,
    siteCoordinator: u.siteCoordinator,
    primaryInvestigator: u.primaryInvestigator,
    groups,
    roles: principal.roles,
    permissions: principal.permissions,
    currentRole: principal.currentRole,
    signsWithIdentityProvider: u.oidcSubject !== null,
  };
}
