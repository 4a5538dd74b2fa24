/** The audit trail's screens and the verification of its hash chain. */
export { auditLogRoutes } from './routes.ts';
