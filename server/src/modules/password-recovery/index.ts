/** Password recovery: the mailed link, its token and the new password set through it. */
export { renewRecoveryMail } from './renew.ts';
export { passwordRecoveryRoutes } from './routes.ts';
export { resetPasswordWithToken } from './service.ts';
