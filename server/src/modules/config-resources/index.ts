/**
 * The configuration entities of the contract's registry: each one's server side, found by its key,
 * and their routes.
 */
export { checkInUseFields, configResourceRoutes } from './load.ts';
