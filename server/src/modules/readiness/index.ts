/** `GET /readiness`: 200 when this instance can serve, else 503 naming the failed checks. */
export { readinessRoutes } from './routes.ts';
