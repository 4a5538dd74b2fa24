import { type AccessRequirement, type MeUser, meetsRequirement } from '@dosechain/contract';

/** Whether the user, in their current role, meets a route's or an action's requirement. */
export function userMeets(user: MeUser | null, requirement: AccessRequirement | undefined): boolean {
  if (!user) return false;
  if (!requirement) return true;
  // No role: no permissions, so only what needs nothing (the dashboard, the profile).
  if (!user.currentRole)
    return (
      !requirement.permissions?.length && !requirement.roles?.length && !requirement.anyPermissions?.length
    );
  return meetsRequirement({ permissions: user.permissions, roleType: user.currentRole.type }, requirement);
}
