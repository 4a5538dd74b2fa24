/** A study's webhook subscriptions and their deliveries' log. */
export { webhookRoutes } from './routes.ts';
