/**
 * `GET /check-in-use`: the forms' debounced uniqueness check, over the fields each configuration
 * entity declares.
 */
export { checkInUseRoutes } from './routes.ts';
