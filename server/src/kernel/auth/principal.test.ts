import type { Role } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { chooseRole, syntheticRole } from './principal.ts';
import { companyScope, inScope } from './scope.ts';

const cmoRole: Role = {
  id: 7,
  name: 'CMO',
  type: 'cmo',
  companyId: 3,
  companyName: 'Acme',
  companyTimezone: 'UTC',
};
const siteRole: Role = {
  id: 9,
  name: 'Clinical Site',
  type: 'clinical_site',
  companyId: 4,
  companyName: 'Lake',
  companyTimezone: 'America/Chicago',
};

describe('the role in effect', () => {
  it('is the one the Role-Id header names, else the first', () => {
    expect(chooseRole({ isAdmin: false, isStaff: false }, [cmoRole, siteRole], '9')).toEqual({
      kind: 'ok',
      role: siteRole,
    });
    expect(chooseRole({ isAdmin: false, isStaff: false }, [cmoRole, siteRole], undefined)).toEqual({
      kind: 'ok',
      role: cmoRole,
    });
  });

  it('refuses a Role-Id that is not one of the user’s roles', () => {
    expect(chooseRole({ isAdmin: false, isStaff: false }, [cmoRole], '9')).toEqual({ kind: 'not-allowed' });
    expect(chooseRole({ isAdmin: false, isStaff: false }, [cmoRole], 'abc')).toEqual({ kind: 'not-allowed' });
  });

  it('is a synthetic admin or staff role for users without roles, who send no Role-Id', () => {
    expect(chooseRole({ isAdmin: true, isStaff: false }, [], undefined)).toEqual({
      kind: 'ok',
      role: syntheticRole({ isAdmin: true, isStaff: false }),
    });
    expect(syntheticRole({ isAdmin: false, isStaff: true })?.type).toBe('staff');
    expect(syntheticRole({ isAdmin: true, isStaff: false })).toMatchObject({
      id: null,
      type: 'admin',
      companyId: null,
    });
    expect(chooseRole({ isAdmin: true, isStaff: false }, [], '7')).toEqual({ kind: 'not-allowed' });
  });

  it('is no role at all for a user without roles who is neither staff nor admin', () => {
    expect(syntheticRole({ isAdmin: false, isStaff: false })).toBeNull();
    expect(chooseRole({ isAdmin: false, isStaff: false }, [], undefined)).toEqual({ kind: 'ok', role: null });
    expect(chooseRole({ isAdmin: false, isStaff: false }, [], '7')).toEqual({ kind: 'not-allowed' });
  });
});

describe('company scope', () => {
  it('limits company roles to their company and lets staff and admin see all', () => {
    expect(companyScope(cmoRole)).toEqual({ type: 'cmo', companyId: 3 });
    expect(companyScope(syntheticRole({ isAdmin: false, isStaff: true })!)).toBeNull();
    expect(inScope(cmoRole, { cmo: 3, clinical_site: 4 })).toBe(true);
    expect(inScope(cmoRole, { cmo: 5, clinical_site: 4 })).toBe(false);
    expect(inScope(siteRole, { cmo: 5, clinical_site: 4 })).toBe(true);
    expect(inScope(syntheticRole({ isAdmin: true, isStaff: false })!, { cmo: 5 })).toBe(true);
  });
});
