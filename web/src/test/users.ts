import { emptyPermissions, type MeUser, type Role } from '@dosechain/contract';

/** The staff role, as `/users/me` answers it. */
export const staffRole: Role = {
  id: null,
  name: 'Staff',
  type: 'staff',
  companyId: null,
  companyName: null,
  companyTimezone: null,
};

/**
 * A user as `/users/me` answers it: no role and no permission unless given. One shape for every
 * web test, so a field added to the contract's user is added here once.
 */
export function testUser(overrides: Partial<MeUser> = {}): MeUser {
  const firstName = overrides.firstName ?? 'Sam';
  const lastName = overrides.lastName ?? 'Staff';
  return {
    id: 2,
    username: 'staff',
    firstName,
    lastName,
    commonName: null,
    fullName: `${firstName} ${lastName}`,
    email: `${overrides.username ?? 'staff'}@dosechain.test`,
    phone: null,
    isStaff: false,
    isAdmin: false,
    active: true,
    lockedOut: false,
    imagingCenterContact: false,
    siteCoordinator: false,
    primaryInvestigator: false,
    groups: [],
    roles: [],
    permissions: emptyPermissions(),
    currentRole: null,
    ...overrides,
  };
}
