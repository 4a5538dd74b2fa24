import { describe, expect, it } from 'vitest';
import { auditEntityTypes } from './audit.ts';
import { messages } from './messages.ts';
import { areaActions, type PermissionAction, type PermissionArea, STAFF_ADMIN } from './permissions.ts';
import {
  auditReadRequirements,
  checkInUseEntities,
  configResourceKeys,
  configResourceOf,
  configResourceOfCheckInUse,
  configResources,
} from './resources.ts';
import { companyTypeLabels } from './roles.ts';

describe('configuration resources', () => {
  it.each(configResourceKeys)('%s is named by its path, in the API and in the audit trail', (key) => {
    expect(configResources[key].path).toBe(`/${key}`);
    expect(auditEntityTypes).toContain(key);
  });

  it.each(configResourceKeys)('%s: staff/admin only, with permissions the catalogue has', (key) => {
    const { access } = configResources[key];
    for (const [action, requirement] of Object.entries(access)) {
      expect(requirement.roles).toEqual(STAFF_ADMIN);
      expect(requirement.permissions).toHaveLength(1);
      const [area, needed] = requirement.permissions![0]!.split('.') as [PermissionArea, PermissionAction];
      expect(needed).toBe(action);
      expect(areaActions[area]).toContain(needed);
    }
  });

  it('writes labels as messages and the company screens do', () => {
    expect(messages.notFound(configResources.drugs.label.singular)).toBe('Drug not found');
    expect(configResources.cmos.label.singular).toBe(companyTypeLabels.cmo);
    expect(configResources['clinical-sites'].label.singular).toBe(companyTypeLabels.clinical_site);
    expect(configResources['imaging-centers'].label.singular).toBe(companyTypeLabels.imaging_center);
    expect(configResources.studies.label.plural).toBe('Studies');
  });

  it.each(checkInUseEntities)('check-in-use entity %s belongs to exactly one resource', (entity) => {
    const owners = configResourceKeys.filter((key) => configResourceOf(key).checkInUse === entity);
    expect(owners).toHaveLength(1);
    expect(configResourceOfCheckInUse(entity)).toBe(configResources[owners[0]!]);
  });
});

describe('audit read requirements', () => {
  it.each(auditEntityTypes)('%s has one', (entityType) => {
    expect(auditReadRequirements[entityType]?.permissions?.length).toBe(1);
  });

  it.each(configResourceKeys)('%s: reading a history needs what reading the entity needs', (key) => {
    expect(auditReadRequirements[key].permissions).toEqual(configResources[key].access.read.permissions);
  });

  it('are those the server has always answered with', () => {
    const permission = Object.fromEntries(
      Object.entries(auditReadRequirements).map(([type, r]) => [type, r.permissions![0]]),
    );
    expect(permission).toMatchObject({
      cmos: 'config.read',
      'clinical-sites': 'config.read',
      'imaging-centers': 'config.read',
      drugs: 'config.read',
      exams: 'config.read',
      studies: 'config.read',
      timepoints: 'config.read',
      groups: 'userManagement.read',
      users: 'userManagement.read',
      'drug-availabilities': 'cmoManufactureAvailability.read',
      orders: 'order.read',
    });
  });
});
