import { describe, expect, it } from 'vitest';
import { allPermissions, emptyPermissions, hasPermission, meetsRequirement } from './permissions.ts';

describe('permissions', () => {
  it('grants only what the map holds', () => {
    const perms = emptyPermissions();
    perms.config.read = true;
    expect(hasPermission(perms, 'config.read')).toBe(true);
    expect(hasPermission(perms, 'config.create')).toBe(false);
  });

  it('needs every permission and one of the roles', () => {
    const perms = emptyPermissions();
    perms.config.read = true;
    const req = { permissions: ['config.read'] as const, roles: ['staff', 'admin'] as const };
    expect(meetsRequirement({ permissions: perms, roleType: 'staff' }, req)).toBe(true);
    expect(meetsRequirement({ permissions: perms, roleType: 'cmo' }, req)).toBe(false);
    expect(meetsRequirement({ permissions: emptyPermissions(), roleType: 'admin' }, req)).toBe(false);
    expect(meetsRequirement({ permissions: emptyPermissions(), roleType: 'cmo' }, {})).toBe(true);
  });

  it('gives the admin group only actions that exist', () => {
    const all = allPermissions();
    expect(all.auditTrail).toEqual({ create: false, update: false, read: true, delete: false });
    expect(all.config).toEqual({ create: true, update: true, read: true, delete: false });
  });
});
