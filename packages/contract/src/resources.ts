import type { AuditEntityType } from './audit.ts';
import type { CheckInUseEntity } from './check-in-use.ts';
import { type AccessRequirement, type PermissionArea, STAFF_ADMIN } from './permissions.ts';

/** The configuration entities: each has list, create, read and update routes under its own path. */
export const configResourceKeys = [
  'drugs',
  'timepoints',
  'exams',
  'studies',
  'cmos',
  'clinical-sites',
  'imaging-centers',
  'groups',
  'users',
] as const satisfies readonly AuditEntityType[];
export type ConfigResourceKey = (typeof configResourceKeys)[number];

/** One configuration entity as data: where it lives, what it is called and who may do what with it. */
export interface ConfigResourceEntry {
  /** The API path of its list; a record is `${path}/:id`. */
  path: `/${string}`;
  /** The audit trail's entity type of its records. */
  auditEntityType: AuditEntityType;
  /** As messages and signatures write it ('Drug not found', 'Created Drug') and as lists title it. */
  label: { singular: string; plural: string };
  /** What its routes need (spec section 6: configuration and user management are staff/admin only). */
  access: { read: AccessRequirement; create: AccessRequirement; update: AccessRequirement };
  /** What reading a record's history needs besides the audit trail route's own requirement. */
  auditRead: AccessRequirement;
  /** Whether its name is unique ignoring case across the whole entity (an exam's only per drug). */
  uniqueNameIgnoringCase: boolean;
  /** Whether it can be inactivated and activated again (`active`). */
  toggleable: boolean;
  /** Its entity in `GET /check-in-use`, where the forms check a value there. */
  checkInUse?: CheckInUseEntity;
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

/** Every configuration entity, keyed by its audit entity type (its path's name). */
export const configResources: Record<ConfigResourceKey, ConfigResourceEntry> = {
  drugs: {
    path: '/drugs',
    auditEntityType: 'drugs',
    label: { singular: 'Drug', plural: 'Drugs' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: true,
    toggleable: true,
    checkInUse: 'drug',
  },
  timepoints: {
    path: '/timepoints',
    auditEntityType: 'timepoints',
    label: { singular: 'Timepoint', plural: 'Timepoints' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: true,
    toggleable: false,
    checkInUse: 'timepoint',
  },
  exams: {
    path: '/exams',
    auditEntityType: 'exams',
    label: { singular: 'Exam', plural: 'Exams' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: false,
    toggleable: true,
  },
  studies: {
    path: '/studies',
    auditEntityType: 'studies',
    label: { singular: 'Study', plural: 'Studies' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: true,
    toggleable: true,
    checkInUse: 'study',
  },
  cmos: {
    path: '/cmos',
    auditEntityType: 'cmos',
    label: { singular: 'CMO', plural: 'CMOs' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: true,
    toggleable: false,
    checkInUse: 'cmo',
  },
  'clinical-sites': {
    path: '/clinical-sites',
    auditEntityType: 'clinical-sites',
    label: { singular: 'Clinical Site', plural: 'Clinical Sites' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: true,
    toggleable: false,
    checkInUse: 'clinical-site',
  },
  'imaging-centers': {
    path: '/imaging-centers',
    auditEntityType: 'imaging-centers',
    label: { singular: 'Imaging Center', plural: 'Imaging Centers' },
    access: config,
    auditRead: configRead,
    uniqueNameIgnoringCase: true,
    toggleable: false,
    checkInUse: 'imaging-center',
  },
  groups: {
    path: '/groups',
    auditEntityType: 'groups',
    label: { singular: 'Group', plural: 'Groups' },
    access: userManagement,
    auditRead: userManagementRead,
    uniqueNameIgnoringCase: true,
    toggleable: true,
    checkInUse: 'group',
  },
  users: {
    path: '/users',
    auditEntityType: 'users',
    label: { singular: 'User', plural: 'Users' },
    access: userManagement,
    auditRead: userManagementRead,
    // A user has no name; its username and e-mail are unique, each checked by its own rule.
    uniqueNameIgnoringCase: false,
    toggleable: true,
    checkInUse: 'user',
  },
};

/**
 * What reading one record's history needs, per audit entity type, besides the audit trail
 * route's `auditTrail.read` and staff/admin (spec: Audit trail): the configuration entities'
 * from their entries, and the two records that are not configuration.
 */
export const auditReadRequirements: Record<AuditEntityType, AccessRequirement> = {
  ...(Object.fromEntries(configResourceKeys.map((key) => [key, configResources[key].auditRead])) as Record<
    ConfigResourceKey,
    AccessRequirement
  >),
  'drug-availabilities': { permissions: ['cmoManufactureAvailability.read'] },
  orders: { permissions: ['order.read'] },
};

/** The configuration entity whose `GET /check-in-use` entity this is, if any. */
export function configResourceOfCheckInUse(entity: CheckInUseEntity): ConfigResourceEntry | undefined {
  return configResourceKeys.map((key) => configResources[key]).find((r) => r.checkInUse === entity);
}
