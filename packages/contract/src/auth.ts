import { z } from 'zod';
import { emailField, ID_MAX, optionalText, phoneField, requiredText } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta } from './mutation.ts';
import { permissionsSchema } from './permissions.ts';
import { roleTypes } from './roles.ts';
import { inputString } from './text.ts';

/** True when a password meets the policy: 8+ characters, an uppercase letter and a number. */
export function meetsPasswordPolicy(password: string): boolean {
  return password.length >= limits.passwordMin && /[A-Z]/.test(password) && /[0-9]/.test(password);
}

/** A new password: required, the policy, at most 128 characters (never truncated). */
export const newPasswordField = inputString({ error: messages.enterPassword })
  .min(1, messages.enterPassword)
  .max(limits.passwordMax, messages.maxLength(limits.passwordMax))
  .refine(meetsPasswordPolicy, messages.passwordPolicy);

/** New password plus its confirmation, as the password forms ask for them. */
export const passwordWithConfirmationSchema = z
  .object({
    password: newPasswordField,
    passwordConfirmation: inputString({ error: messages.confirmPassword }).min(1, messages.confirmPassword),
  })
  .refine((v) => v.passwordConfirmation === '' || v.password === v.passwordConfirmation, {
    message: messages.passwordMismatch,
    path: ['passwordConfirmation'],
  });

export const loginBodySchema = z.strictObject({
  username: inputString()
    .min(1, messages.required)
    .max(limits.usernameMax, messages.maxLength(limits.usernameMax)),
  password: inputString().min(1, messages.enterPassword).max(limits.passwordMax),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginQuerySchema = z.strictObject({
  includeUser: z.enum(['true', 'false']).optional(),
});

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshBodySchema = z.strictObject({ refreshToken: inputString().min(1).max(500) });

export const roleSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  type: z.enum(roleTypes),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  companyTimezone: z.string().nullable(),
});
export type Role = z.infer<typeof roleSchema>;

/** The current user, as `/users/me` and login with `includeUser` answer it. */
/**
 * The person's fields every answer about a user carries: the own account (`meUserSchema`) and a
 * user manager's view of a user (`userSchema`) extend it, so a new field is added once.
 */
export const userAnswerFieldsSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  commonName: z.string().nullable(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isStaff: z.boolean(),
  isAdmin: z.boolean(),
  active: z.boolean(),
  lockedOut: z.boolean(),
  imagingCenterContact: z.boolean(),
  siteCoordinator: z.boolean(),
  primaryInvestigator: z.boolean(),
  roles: z.array(roleSchema),
});

export const meUserSchema = userAnswerFieldsSchema.extend({
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The permissions of the current role: the groups' grants within that role type's ceiling. */
  permissions: permissionsSchema,
  /** The role in effect; null when the user has no role (and so no permissions). */
  currentRole: roleSchema.nullable(),
  /** Linked to the organisation's identity provider: signs by re-authenticating there (decision 056). */
  signsWithIdentityProvider: z.boolean().optional(),
});
export type MeUser = z.infer<typeof meUserSchema>;

export const loginResponseSchema = tokenPairSchema.extend({ user: meUserSchema.optional() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const switchRoleBodySchema = z.strictObject({
  roleId: z.number().int().positive().max(ID_MAX, messages.invalidValue),
});

/** `PUT /users/password-change`: by recovery token, or by username and current password. */
export const passwordChangeBodySchema = z.union([
  z.strictObject({ token: inputString().min(1).max(500), password: newPasswordField }),
  z.strictObject({
    username: inputString().min(1).max(200),
    currentPassword: inputString().min(1, messages.enterPassword).max(limits.passwordMax),
    password: newPasswordField,
  }),
]);
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** `PUT /users/me/password`: a logged-in user's own password change. */
export const ownPasswordChangeBodySchema = z
  .strictObject({
    currentPassword: inputString({ error: messages.enterPassword })
      .min(1, messages.enterPassword)
      .max(limits.passwordMax),
    password: newPasswordField,
    passwordConfirmation: inputString({ error: messages.confirmPassword }).min(1, messages.confirmPassword),
  })
  .refine((v) => v.passwordConfirmation === '' || v.password === v.passwordConfirmation, {
    message: messages.passwordMismatch,
    path: ['passwordConfirmation'],
  });
export type OwnPasswordChangeBody = z.infer<typeof ownPasswordChangeBodySchema>;

/** `PUT /users/me`: the fields a person edits on their own profile. */
export const profileFieldsSchema = z.strictObject({
  firstName: requiredText(limits.nameMax),
  lastName: requiredText(limits.nameMax),
  commonName: optionalText(limits.nameMax),
  email: emailField,
  phone: phoneField.nullish(),
});
export const profileUpdateBodySchema = profileFieldsSchema.partial().extend(mutationMeta);
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;
