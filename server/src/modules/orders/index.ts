/**
 * Orders: placing them (idempotent), their status actions, their list, totals and the placement's
 * options.
 */
export { pairingScope } from './options.ts';
export { orderRoutes } from './routes.ts';
