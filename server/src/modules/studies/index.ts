/**
 * Studies, their pairings, paired sites and distribution lists: a configuration entity, loaded by
 * its registry key.
 */
// The config-resources loader imports the default export by the registry key.
export { default } from './resource.ts';
export { findStudy } from './service.ts';
