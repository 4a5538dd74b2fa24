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
  isStaff: false,
  isAdmin: false,
  siteCoordinator: false,
  primaryInvestigator: false,
  imagingCenterContact: false,
  groupIds: [],
  roles: [{ type: 'staff', companyId: null }],
  reasonForChange: '',
  electronicSignature: 'Demo1234',
};

const confirmationIssues = (values: object) =>
  (userFormSchema(true, true).safeParse(values).error?.issues ?? [])
    .filter((i) => i.path.join('.') === 'passwordConfirmation')
    .map((i) => i.message);

describe("a new user's password confirmation", () => {
  it("[USR-014] is required: empty or missing, it reads 'Confirm your password'", () => {
    // The field shows its first message; an empty one does not match either, said after.
    expect(confirmationIssues({ ...newUser, passwordConfirmation: '' })[0]).toBe('Confirm your password');
    expect(confirmationIssues(newUser)[0]).toBe('Confirm your password');
    expect(confirmationIssues({ ...newUser, passwordConfirmation: 'Welcome123' })).toEqual([]);
  });
});
