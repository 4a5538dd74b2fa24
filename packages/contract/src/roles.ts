export const companyTypes = ['cmo', 'clinical_site', 'imaging_center'] as const;
export type CompanyType = (typeof companyTypes)[number];

export const roleTypes = ['staff', 'admin', ...companyTypes] as const;
export type RoleType = (typeof roleTypes)[number];

/** Display names (spec section 8: company type names CMO, Clinical Site, Imaging Center). */
export const companyTypeLabels: Record<CompanyType, string> = {
  cmo: 'CMO',
  clinical_site: 'Clinical Site',
  imaging_center: 'Imaging Center',
};

export const roleTypeLabels: Record<RoleType, string> = {
  staff: 'Staff',
  admin: 'Admin',
  ...companyTypeLabels,
};

/** Roles whose users see every company's records. */
export const globalRoleTypes: readonly RoleType[] = ['staff', 'admin'];

export function isCompanyRole(type: RoleType): type is CompanyType {
  return (companyTypes as readonly string[]).includes(type);
}
