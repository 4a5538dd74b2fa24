import { z } from 'zod';
import { emailField } from './fields.ts';
import { inputString } from './text.ts';

/** `POST /users/password-recovery`: the address to send a recovery link to. */
export const passwordRecoveryBodySchema = z.strictObject({ email: emailField });
export type PasswordRecoveryBody = z.infer<typeof passwordRecoveryBodySchema>;

/** `POST /validate-token`: a recovery link's token. */
export const validateTokenBodySchema = z.strictObject({ token: inputString().min(1).max(500) });
export const validateTokenResponseSchema = z.object({ valid: z.boolean() });
export type ValidateTokenResponse = z.infer<typeof validateTokenResponseSchema>;
