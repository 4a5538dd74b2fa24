/** Login, token refresh, logout and the expired-password change. */
export { authRoutes } from './routes.ts';
