/** Live events: the server-sent stream that tells each screen what changed, read off the audit rows. */
export { liveEventRoutes } from './routes.ts';
