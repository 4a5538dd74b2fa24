/** The public settings the web app reads before login (support contact, e-signature mode). */
export { appConfigRoutes } from './routes.ts';
