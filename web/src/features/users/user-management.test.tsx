import { describe, expect, it } from 'vitest';
import { userFormSchema } from './user-form-schema.ts';

const newUser = {
  username: 'jdoe',
  firstName: 'Jane',
  lastName: 'Doe',
  commonName: '',
  email: 'jane@dosechain.test',
  phone: '+1',
  password: 'Welcome123',
  passwordConfirmation: 'Welcome123',
  isStaff: false,
  isAdmin: false,
  siteCoordinator: false,
  primaryInvestigator: false,
  imagingCenterContact: false,
  groupIds: [],
  roles: [{ type: 'cmo', companyId: 1 }],
  reasonForChange: '',
  electronicSignature: 'Demo1234',
};

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('user form', () => {
  it('accepts a new user whose phone holds only the calling code (no number)', () => {
    const result = userFormSchema(true, true).safeParse(newUser);
    expect(issues(result)).toEqual([]);
    expect(result.data?.phone).toBeNull();
  });

  it('[USR-003] asks for a matching confirmation and the password rules on create only', () => {
    expect(
      issues(userFormSchema(true, true).safeParse({ ...newUser, passwordConfirmation: 'Welcome124' })),
    ).toEqual([['passwordConfirmation', 'Password confirmation does not match']]);
    expect(
      issues(
        userFormSchema(true, true).safeParse({ ...newUser, password: 'weak', passwordConfirmation: 'weak' }),
      ),
    ).toEqual([
      ['password', 'Password must be at least 8 characters long, contain an uppercase letter and a number'],
    ]);
    expect(
      issues(userFormSchema(false, true).safeParse({ ...newUser, password: '', passwordConfirmation: '' })),
    ).toEqual([]);
  });

  it('a company role needs its company; staff needs none', () => {
    expect(
      issues(
        userFormSchema(false, true).safeParse({ ...newUser, roles: [{ type: 'cmo', companyId: null }] }),
      ),
    ).toEqual([['roles.0.companyId', 'Required']]);
    expect(
      issues(
        userFormSchema(false, true).safeParse({ ...newUser, roles: [{ type: 'staff', companyId: null }] }),
      ),
    ).toEqual([]);
  });
});
