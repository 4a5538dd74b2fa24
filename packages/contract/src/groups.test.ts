import { describe, expect, it } from 'vitest';
import { permissionsBeyond, readablePermissions } from './groups.ts';
import { allPermissions, emptyPermissions } from './permissions.ts';
import { permissionList } from './role-permissions.ts';

describe('permissionsBeyond', () => {
  it('is what a grant adds to what its author holds, and nothing when the author holds it all', () => {
    const held = emptyPermissions();
    held.userManagement = { create: true, update: true, read: true, delete: false };
    held.config.read = true;
    const granted = emptyPermissions();
    granted.config = { create: false, update: true, read: true, delete: false };
    granted.auditTrail.read = true;
    granted.userManagement.read = true;
    const beyond = permissionsBeyond(granted, held);
    expect(permissionList(beyond)).toEqual(['config.update', 'auditTrail.read']);
    expect(readablePermissions(beyond)).toEqual(['Configuration: Editor', 'Audit trail: Viewer']);
    expect(permissionList(permissionsBeyond(granted, allPermissions()))).toEqual([]);
    expect(permissionList(permissionsBeyond(emptyPermissions(), held))).toEqual([]);
  });
});
