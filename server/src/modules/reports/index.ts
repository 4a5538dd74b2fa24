/** Reports: order counts by status and grouping, and their options. */
export { reportRoutes } from './routes.ts';
