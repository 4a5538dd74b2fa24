import { type AccessRequirement, type PermissionArea, STAFF_ADMIN } from './permissions.ts';

// A configuration entity's own file (its schemas) is exported here, beside its entry, rather
// than from index.ts: adding an entity is its file and its entry (docs/how-to/add-config-entity.md).
// Only re-exported, never used here: the registry stays free of schemas, so the web app's
// first download (its routes and menu read the registry) does not carry them (the package is
// side-effect free, so a bundle keeps only the schemas a screen uses).
export * from './companies.ts';
export * from './drugs.ts';
export * from './exams.ts';
export * from './groups.ts';
export * from './radionuclides.ts';
export * from './studies.ts';
export * from './timepoints.ts';
export * from './users.ts';

/**
 * The configuration entities, in the order the menu shows them (spec section 2: Timepoints,
 * Drugs, Exams, Studies, Clinical Sites, Imaging Centers, CMOs; then Groups, Users; and
 * Radionuclides, which the spec does not have, beside the drugs that use them). Each has
 * list, create, read and update routes under its own path, a screen, an audit entity type and
 * a history, all named by its key.
 */
export const configResourceKeys = [
  'timepoints',
  'drugs',
  'radionuclides',
  'exams',
  'studies',
  'clinical-sites',
  'imaging-centers',
  'cmos',
  'groups',
  'users',
] as const;
export type ConfigResourceKey = (typeof configResourceKeys)[number];

/** One configuration entity as data: where it lives, what it is called and who may do what with it. */
export interface ConfigResourceEntry {
  /** The API path of its list (`/<key>`); a record is `${path}/:id`. */
  path: `/${string}`;
  /** As messages and signatures write it ('Drug not found', 'Created Drug') and as lists and the menu title it. */
  label: { singular: string; plural: string };
  /** What its routes need (spec section 6: configuration and user management are staff/admin only). */
  access: { read: AccessRequirement; create: AccessRequirement; update: AccessRequirement };
  /** What reading a record's history needs besides the audit trail route's own requirement. */
  auditRead: AccessRequirement;
  /** Whether its name is unique ignoring case across the whole entity (an exam's only per drug). */
  uniqueNameIgnoringCase: boolean;
  /** Whether it can be inactivated and activated again (`active`). */
  toggleable: boolean;
  /**
   * Its entity in `GET /check-in-use`, where the forms check a value there (singular, kebab-case:
   * `drug`, `clinical-site`). Typed so that each entry keeps its literal.
   */
  checkInUse?: Lowercase<string>;
}

/** The read, create and update requirements of a permission area, staff/admin only. */
function staffAdminAccess(area: PermissionArea): ConfigResourceEntry['access'] {
  return {
    read: { permissions: [`${area}.read`], roles: STAFF_ADMIN },
    create: { permissions: [`${area}.create`], roles: STAFF_ADMIN },
    update: { permissions: [`${area}.update`], roles: STAFF_ADMIN },
  };
}

const config = staffAdminAccess('config');
const userManagement = staffAdminAccess('userManagement');
const configRead: AccessRequirement = { permissions: ['config.read'] };
const userManagementRead: AccessRequirement = { permissions: ['userManagement.read'] };

/**
 * Every configuration entity, by its key: its path's name, its audit entity type, its screen's
 * path name. The server registers its routes, the web app its screen, menu item and audit-trail
 * choice, and the tests their cases from here.
 */
export const configResources = {
  timepoints: {
    path: '/timepoints',
    label: { singular: 'Timepoint', plural: 'Timepoints' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: true,
    toggleable: false,
    checkInUse: 'timepoint',
  },
  drugs: {
    path: '/drugs',
    label: { singular: 'Drug', plural: 'Drugs' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: true,
    toggleable: true,
    checkInUse: 'drug',
  },
  radionuclides: {
    path: '/radionuclides',
    label: { singular: 'Radionuclide', plural: 'Radionuclides' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: true,
    toggleable: true,
    checkInUse: 'radionuclide',
  },
  exams: {
    path: '/exams',
    label: { singular: 'Exam', plural: 'Exams' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: false,
    toggleable: true,
  },
  studies: {
    path: '/studies',
    label: { singular: 'Study', plural: 'Studies' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: true,
    toggleable: true,
    checkInUse: 'study',
  },
  'clinical-sites': {
    path: '/clinical-sites',
    label: { singular: 'Clinical Site', plural: 'Clinical Sites' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: true,
    toggleable: false,
    checkInUse: 'clinical-site',
  },
  'imaging-centers': {
    path: '/imaging-centers',
    label: { singular: 'Imaging Center', plural: 'Imaging Centers' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: true,
    toggleable: false,
    checkInUse: 'imaging-center',
  },
  cmos: {
    path: '/cmos',
    label: { singular: 'CMO', plural: 'CMOs' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: true,
    toggleable: false,
    checkInUse: 'cmo',
  },
  groups: {
    path: '/groups',
    label: { singular: 'Group', plural: 'Groups' },
    access: userManagement,
    auditRead: userManagementRead,
    uniqueNameIgnoringCase: true,
    toggleable: true,
    checkInUse: 'group',
  },
  users: {
    path: '/users',
    label: { singular: 'User', plural: 'Users' },
    access: userManagement,
    auditRead: userManagementRead,
    // A user has no name; its username and e-mail are unique, each checked by its own rule.
    uniqueNameIgnoringCase: false,
    toggleable: true,
    checkInUse: 'user',
  },
} satisfies Record<ConfigResourceKey, ConfigResourceEntry>;

/** The entry of a key, typed as any entry (the registry's own type keeps each entry's literals). */
export const configResourceOf = (key: ConfigResourceKey): ConfigResourceEntry => configResources[key];

type CheckInUseOf<E> = E extends { checkInUse: infer C extends string } ? C : never;
/** An entity of `GET /check-in-use`: those the registry's entries name. */
export type CheckInUseEntity = CheckInUseOf<(typeof configResources)[ConfigResourceKey]>;

/** The entities `GET /check-in-use` answers for, from the registry (api-contract: Authentication and session). */
export const checkInUseEntities: readonly CheckInUseEntity[] = configResourceKeys.flatMap((key) => {
  const entity = configResourceOf(key).checkInUse;
  return entity ? [entity as CheckInUseEntity] : [];
});

/**
 * What reading one record's history needs, per audit entity type, besides the audit trail
 * route's `auditTrail.read` and staff/admin (spec: Audit trail): the configuration entities'
 * from their entries, and the two records that are not configuration.
 */
export const auditReadRequirements: Record<
  ConfigResourceKey | 'drug-availabilities' | 'orders' | 'mails',
  AccessRequirement
> = {
  ...(Object.fromEntries(configResourceKeys.map((key) => [key, configResources[key].auditRead])) as Record<
    ConfigResourceKey,
    AccessRequirement
  >),
  'drug-availabilities': { permissions: ['cmoManufactureAvailability.read'] },
  orders: { permissions: ['order.read'] },
  mails: { permissions: ['cmoAcknowledgement.read'] },
};

/** The configuration entity whose `GET /check-in-use` entity this is, if any. */
export function configResourceOfCheckInUse(entity: CheckInUseEntity): ConfigResourceEntry | undefined {
  return configResourceKeys.map(configResourceOf).find((r) => r.checkInUse === entity);
}
