import type { AccessRequirement } from './permissions.ts';

// Its own file, free of zod and Luxon: the web's route table reads it, and the route table is in
// the first download (web/scripts/check-bundle-budget.mjs).
/**
 * Who may read the subjects due: sites and imaging centers (order.create), staff and admin
 * (config.read); never a CMO, whatever its groups hold.
 */
export const subjectsDueAccess: AccessRequirement = {
  anyPermissions: ['order.create', 'config.read'],
  roles: ['staff', 'admin', 'clinical_site', 'imaging_center'],
};
