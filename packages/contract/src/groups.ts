import { z } from 'zod';
import { ID_MAX, requiredText } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta } from './mutation.ts';
import {
  areaActions,
  emptyPermissions,
  type PermissionAction,
  type PermissionArea,
  type Permissions,
  permissionActionLabels,
  permissionActions,
  permissionAreaLabels,
  permissionAreas,
  permissionsSchema,
} from './permissions.ts';
import { answerInstant } from './text.ts';

const actionFlags = z.strictObject(
  Object.fromEntries(permissionActions.map((a) => [a, z.boolean().optional()])) as Record<
    PermissionAction,
    z.ZodOptional<z.ZodBoolean>
  >,
);

/**
 * A group's permissions as sent: `{area: {create, update, read, delete}}`; a missing area or
 * action is not granted. An action an area does not have (spec section 6) cannot be granted.
 */
export const permissionsInputSchema = z
  .strictObject(
    Object.fromEntries(permissionAreas.map((a) => [a, actionFlags.optional()])) as Record<
      PermissionArea,
      z.ZodOptional<typeof actionFlags>
    >,
  )
  .superRefine((value, ctx) => {
    for (const area of permissionAreas) {
      for (const action of permissionActions) {
        if (value[area]?.[action] && !areaActions[area].includes(action)) {
          ctx.addIssue({ code: 'custom', path: [area, action], message: messages.notAnAreaAction });
        }
      }
    }
  });
export type PermissionsInput = z.input<typeof permissionsInputSchema>;

const userIds = z.array(z.number().int().positive().max(ID_MAX, messages.invalidValue)).max(1000);

export const groupFieldsSchema = z.strictObject({
  name: requiredText(limits.nameMax),
  permissions: permissionsInputSchema,
  userIds,
});

export const groupCreateBodySchema = groupFieldsSchema.extend({
  ...mutationMeta,
  permissions: permissionsInputSchema.optional(),
  userIds: userIds.optional(),
});
export type GroupCreateBody = z.input<typeof groupCreateBodySchema>;

/** A partial update; `active` toggles the group (inactivation needs a reason). */
export const groupUpdateBodySchema = groupFieldsSchema
  .partial()
  .extend({ ...mutationMeta, active: z.boolean().optional() });
export type GroupUpdateBody = z.input<typeof groupUpdateBodySchema>;

export const groupMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  active: z.boolean(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    active: z.boolean(),
    permissions: permissionsSchema,
    users: z.array(groupMemberSchema),
    createdAt: answerInstant(),
    updatedAt: answerInstant(),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof groupSchema>;

/** The user-management permission whose holders keep the system administrable (docs/decisions/010). */
export function grantsUserManagement(permissions: Pick<Permissions, 'userManagement'>): boolean {
  return permissions.userManagement.read && permissions.userManagement.update;
}

/** What `granted` gives beyond `held`: the permissions a grant would add to what its author holds. */
export function permissionsBeyond(granted: Permissions, held: Permissions): Permissions {
  const beyond = emptyPermissions();
  for (const area of permissionAreas) {
    for (const action of permissionActions) {
      beyond[area][action] = granted[area][action] && !held[area][action];
    }
  }
  return beyond;
}

/** A matrix as people read it: "User management: Submitter, Viewer" per granted area. */
export function readablePermissions(perms: Permissions): string[] {
  return permissionAreas.flatMap((area) => {
    const granted = areaActions[area].filter((a) => perms[area][a]);
    return granted.length === 0
      ? []
      : [`${permissionAreaLabels[area]}: ${granted.map((a) => permissionActionLabels[a]).join(', ')}`];
  });
}
