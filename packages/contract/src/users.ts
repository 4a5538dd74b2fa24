import { z } from 'zod';
import { newPasswordField, userAnswerFieldsSchema } from './auth.ts';
import { emailField, ID_MAX, optionalText, phoneField, requiredText } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta, requiredReasonMeta } from './mutation.ts';
import { isCompanyRole, type RoleType, roleTypeLabels, roleTypes } from './roles.ts';
import { answerInstant } from './text.ts';

/** One role as sent: a company role names its company, staff and admin name none. */
export const roleInputSchema = z
  .strictObject({
    type: z.enum(roleTypes, { error: messages.required }),
    companyId: z.number().int().positive().max(ID_MAX, messages.invalidValue).nullish(),
  })
  .superRefine((role, ctx) => {
    if (isCompanyRole(role.type) && !role.companyId) {
      ctx.addIssue({ code: 'custom', path: ['companyId'], message: messages.required });
    }
    if (!isCompanyRole(role.type) && role.companyId) {
      ctx.addIssue({ code: 'custom', path: ['companyId'], message: messages.roleHasNoCompany });
    }
  });
export type RoleInput = z.input<typeof roleInputSchema>;

const rolesField = z
  .array(roleInputSchema)
  .max(50)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((r, i) => {
      const key = `${r.type}:${r.companyId ?? ''}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'type'], message: messages.duplicateRole });
      seen.add(key);
    });
  });

const groupIds = z.array(z.number().int().positive().max(ID_MAX, messages.invalidValue)).max(500);

/** The flags that only mean something for users with a role of one kind (spec section 6). */
export const roleFlags = {
  siteCoordinator: 'clinical_site',
  primaryInvestigator: 'clinical_site',
  imagingCenterContact: 'imaging_center',
} as const satisfies Record<string, RoleType>;
export type RoleFlag = keyof typeof roleFlags;

/** The flags set on a user whose roles do not allow them, as field errors. */
export function misplacedRoleFlags(
  flags: Partial<Record<RoleFlag, boolean | null | undefined>>,
  roles: readonly { type: RoleType }[],
): { parameter: RoleFlag; message: string }[] {
  return (Object.keys(roleFlags) as RoleFlag[])
    .filter((flag) => flags[flag] && !roles.some((r) => r.type === roleFlags[flag]))
    .map((flag) => ({
      parameter: flag,
      message:
        roleFlags[flag] === 'clinical_site'
          ? messages.onlyClinicalSiteUsers
          : messages.onlyImagingCenterUsers,
    }));
}

export const userFieldsSchema = z.strictObject({
  username: requiredText(limits.usernameMax),
  firstName: requiredText(limits.nameMax),
  lastName: requiredText(limits.nameMax),
  commonName: optionalText(limits.nameMax),
  email: emailField,
  phone: phoneField.nullish(),
  isStaff: z.boolean(),
  isAdmin: z.boolean(),
  siteCoordinator: z.boolean(),
  primaryInvestigator: z.boolean(),
  imagingCenterContact: z.boolean(),
  /** Signs in with the organisation's identity provider only: the password is refused (decision 056). */
  organisationOnly: z.boolean().optional(),
  groupIds,
  roles: rolesField,
});

/** `POST /users`: the user's fields and their first password (see docs/decisions/010). */
export const userCreateBodySchema = userFieldsSchema
  .partial({
    isStaff: true,
    isAdmin: true,
    siteCoordinator: true,
    primaryInvestigator: true,
    imagingCenterContact: true,
    groupIds: true,
    roles: true,
  })
  .extend({ ...mutationMeta, password: newPasswordField })
  .superRefine((body, ctx) => {
    for (const e of misplacedRoleFlags(body, body.roles ?? [])) {
      ctx.addIssue({ code: 'custom', path: [e.parameter], message: e.message });
    }
  });
export type UserCreateBody = z.input<typeof userCreateBodySchema>;

/** A partial update; `active` toggles the user (inactivation needs a reason). */
export const userUpdateBodySchema = userFieldsSchema
  .partial()
  .extend({ ...mutationMeta, active: z.boolean().optional() });
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;

/** `PUT /users/{id}/unlock`: the reason is required. */
export const userUnlockBodySchema = z.strictObject(requiredReasonMeta);
export type UserUnlockBody = z.input<typeof userUnlockBodySchema>;

export const userSchema = userAnswerFieldsSchema
  .extend({
    organisationOnly: z.boolean(),
    /** Linked to a person at the organisation's identity provider (at their first sign-in there). */
    identityProviderLinked: z.boolean(),
    groups: z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean() })),
    createdAt: answerInstant(),
    updatedAt: answerInstant(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** A role as people read it: "CMO — Isotope Labs Boston", or "Staff". */
export function roleDescription(role: { type: RoleType; companyName?: string | null }): string {
  const type = roleTypeLabels[role.type];
  return role.companyName ? `${type} — ${role.companyName}` : type;
}
