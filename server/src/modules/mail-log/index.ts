/** The notification log: the mails the outbox sent or failed to send. */
export { mailRoutes } from './routes.ts';
