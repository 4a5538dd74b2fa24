import { type AccessRequirement, type MeUser, meetsRequirement } from '@dosechain/contract';

/** Whether the user, in their current role, meets a route's or an action's requirement. */
export function userMeets(user: MeUser | null, requirement: AccessRequirement | undefined): boolean {
  if (!user) return false;
  if (!requirement) return true;
  return meetsRequirement({ permissions: user.permissions, roleType: user.currentRole.type }, requirement);
}
