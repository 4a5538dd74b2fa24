import { z } from 'zod';
import { inputString } from './text.ts';

/*
 * Sign-in with the organisation's OpenID provider (issue 38, decision 056): what the login page
 * and the e-signature field are told, and what they send.
 */

/** `GET /auth/oidc`: present only when a provider is configured. */
export const oidcSettingsSchema = z.object({ buttonLabel: z.string(), issuer: z.string() });
export type OidcSettings = z.infer<typeof oidcSettingsSchema>;

/** `POST /auth/oidc/session`: the one-time hand-off the callback gave the login page. */
export const oidcSessionBodySchema = z.strictObject({ code: inputString().min(1).max(200) });

/** `POST /auth/oidc/signature`: where the signer re-authenticates. */
export const oidcSignatureStartSchema = z.object({ authorizationUrl: z.string() });

/** Why a sign-in with the provider ended on the login page (its `#oidc-error=`). */
export const oidcLoginErrors = [
  'NO_ACCOUNT',
  'UNREACHABLE',
  'FAILED',
  'USER_INACTIVE',
  'USER_LOCKED',
] as const;
export type OidcLoginError = (typeof oidcLoginErrors)[number];

export const oidcMessages = {
  noAccount: (email: string) => `No DoseChain account for ${email}; ask your administrator`,
  noEmail: 'Your identity provider did not give a verified e-mail address; ask your administrator',
  unreachable:
    'The identity provider cannot be reached. Sign in with your username and password, or try again later.',
  failed: 'The sign-in with your organisation did not complete. Please try again.',
  /** The user manager's checkbox (decision 056). */
  organisationOnlyLabel: 'Sign in with the organisation only (the password is refused)',
  /** A password login or recovery of a user marked "sign in with the organisation only". */
  organisationOnly: 'This account signs in with your organisation only: use the button above the form.',
  /** A password e-signature of a user who signs in with the organisation only. */
  signWithProvider: 'This account signs with your organisation: re-authenticate there to sign',
  reauthFailed: 'The re-authentication did not complete: the action was not signed',
  reauthStale: 'The re-authentication was not fresh (more than 2 minutes old): the action was not signed',
  reauthOtherPerson: 'The re-authentication was not by you: the action was not signed',
  signatureTokenInvalid:
    'The re-authentication was used already, has expired or is not yours: the action was not signed',
  /** The audit trail's record of how a signature was given. */
  reauthenticatedAt: (issuer: string) => `re-authenticated at ${issuer}`,
} as const;
