/** The signed-in user (`/users/me`): their profile, acting role and own password. */
export { meRoutes } from './routes.ts';
export { meAfterLogin } from './service.ts';
