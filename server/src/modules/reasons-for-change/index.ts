/** `GET /reasons-for-change`: the reason choices of audited forms. */
export { reasonsForChangeRoutes } from './routes.ts';
