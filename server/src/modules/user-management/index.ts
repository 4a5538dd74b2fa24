/**
 * Who may grant what: group and admin grants, group details, and membership recorded on both sides'
 * audit trail.
 */
export {
  checkAdminFlag,
  checkGroupPermissions,
  checkJoinedGroups,
  groupGrantsBeyond,
  joiningRefused,
} from './grants.ts';
export { type GroupDetails, loadGroupDetails } from './group-details.ts';
export { auditMembershipOnOtherSide } from './membership-audit.ts';
