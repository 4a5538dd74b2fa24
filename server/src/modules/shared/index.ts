/**
 * What the configuration modules share: their generic routes and service, unique names, the active
 * toggle's meaning and the study-part routes.
 */
export { updateMeaning } from './active-toggle.ts';
export { type ConfigResource, configRoutes, defineConfigResource } from './config-routes.ts';
export {
  changesNothing,
  findById,
  foundOr404,
  labelOf,
  listPage,
  listTable,
  notFoundOf,
  tableReads,
  updateById,
} from './config-service.ts';
export { studyAccess, studyPartErrors, studyPartRoutes } from './study-part-routes.ts';
export { type CheckedFields, nameCheck, onUniqueViolation, uniqueName, uniqueNameOf } from './unique-name.ts';
