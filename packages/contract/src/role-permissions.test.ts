import { describe, expect, it } from 'vitest';
import { orderActionRules, orderActions, orderPlacingParties, roleMayTakeAction } from './order-status.ts';
import { allPermissions, emptyPermissions, hasPermission, type Permission } from './permissions.ts';
import {
  companyRoleCeiling,
  effectivePermissions,
  permissionList,
  withinCeiling,
} from './role-permissions.ts';
import { companyTypes, roleTypes } from './roles.ts';

describe('the permission ceiling of a role type', () => {
  it('leaves staff and admin every permission their groups grant', () => {
    expect(effectivePermissions(allPermissions(), 'admin')).toEqual(allPermissions());
    expect(effectivePermissions(allPermissions(), 'staff')).toEqual(allPermissions());
  });

  it('gives a company role at most its ceiling, however much its groups grant', () => {
    for (const type of companyTypes) {
      expect(permissionList(effectivePermissions(allPermissions(), type)).sort()).toEqual(
        [...companyRoleCeiling[type]].sort(),
      );
    }
  });

  it('never adds what the groups do not grant', () => {
    const granted = emptyPermissions();
    granted.order.read = true;
    granted.config.read = true;
    for (const type of roleTypes) {
      const effective = permissionList(effectivePermissions(granted, type));
      expect(effective.every((p) => hasPermission(granted, p))).toBe(true);
    }
    expect(permissionList(effectivePermissions(granted, 'cmo'))).toEqual(['order.read']);
    expect(permissionList(effectivePermissions(granted, 'staff'))).toEqual(['order.read', 'config.read']);
  });

  it('gives no role at all nothing', () => {
    expect(permissionList(effectivePermissions(allPermissions(), null))).toEqual([]);
  });

  it('keeps configuration, availability, audit, user management and reports to staff and admin', () => {
    const staffOnly: Permission[] = [
      'config.read',
      'config.create',
      'config.update',
      'cmoManufactureAvailability.read',
      'cmoManufactureAvailability.create',
      'cmoManufactureAvailability.update',
      'auditTrail.read',
      'userManagement.read',
      'userManagement.create',
      'userManagement.update',
      'reports.read',
    ];
    for (const type of companyTypes) {
      for (const p of staffOnly) expect(withinCeiling(type, p), `${type} ${p}`).toBe(false);
    }
  });

  it('gives a company type an order action permission exactly when it is a party to such an action', () => {
    for (const action of orderActions) {
      const { permission } = orderActionRules[action];
      for (const type of companyTypes) {
        expect(roleMayTakeAction(type, action)).toBe(orderActionRules[action].parties.includes(type));
        const partyToSome = orderActions.some(
          (a) => orderActionRules[a].permission === permission && orderActionRules[a].parties.includes(type),
        );
        expect(withinCeiling(type, permission), `${type} ${permission}`).toBe(partyToSome);
      }
      expect(roleMayTakeAction('staff', action)).toBe(true);
      expect(roleMayTakeAction('admin', action)).toBe(true);
    }
  });

  it('lets only sites and imaging centers place orders among the company roles', () => {
    for (const type of companyTypes) {
      expect(withinCeiling(type, 'order.create')).toBe(orderPlacingParties.includes(type));
    }
  });
});
