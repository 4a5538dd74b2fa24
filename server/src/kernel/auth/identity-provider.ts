import * as oidc from 'openid-client';
import type { OidcConfig } from '../config.ts';

/** Where the identity provider sends the browser back (register it at the provider). */
export const oidcCallbackPath = '/api/v1/auth/oidc/callback';
/** How fresh a re-authentication must be to sign (decision 056). */
export const REAUTH_MAX_AGE_SECONDS = 120;

/** What a sign-in or re-authentication proved, from the verified ID token. */
export interface ProvenIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  /** When the person last authenticated at the provider (auth_time), in seconds; null when not said. */
  authTime: number | null;
  idToken: string | undefined;
}

/** What the browser's flow must bring back: kept by the server until the callback (decision 056). */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider could not be reached (discovery or the token endpoint failed). */
export class IdentityProviderUnreachable extends Error {}

/**
 * Whether the provider verified the e-mail: `email_verified: true`; for Entra ID, which does not
 * send that claim, its optional claim `xms_edov` (e-mail domain owner verified), which Entra
 * sends as a boolean or as the text "1" or "true". Read only from an Entra issuer: elsewhere
 * it is nobody's promise.
 */
export function emailVerifiedOf(claims: Record<string, unknown>, entra: boolean): boolean {
  if (claims.email_verified === true) return true;
  if (!entra) return false;
  const edov = claims.xms_edov;
  return edov === true || (typeof edov === 'string' && ['1', 'true'].includes(edov.trim().toLowerCase()));
}

const loopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * The relying party for one configured provider, through openid-client (a certified library):
 * discovery is fetched on first use and kept; a failed one is tried again next time, so a
 * provider that was down at start works once it is back. Plain http is allowed on loopback only.
 */
export function createIdentityProvider(config: OidcConfig, redirectUri: string) {
  let discovered: Promise<oidc.Configuration> | undefined;
  const issuerUrl = new URL(config.issuer);
  const configuration = () => {
    discovered ??= oidc
      .discovery(issuerUrl, config.clientId, config.clientSecret, undefined, {
        execute: issuerUrl.protocol === 'http:' && loopback(issuerUrl) ? [oidc.allowInsecureRequests] : [],
        timeout: 5,
      })
      .catch((err: unknown) => {
        discovered = undefined;
        throw new IdentityProviderUnreachable(String(err));
      });
    return discovered;
  };

  return {
    issuer: config.issuer,
    /**
     * The provider's authorization URL for a new flow and the secrets the callback needs.
     * `reauthenticate` asks the person to authenticate again now (prompt=login, max_age=0).
     */
    async start(options: { reauthenticate?: boolean; loginHint?: string } = {}) {
      const conf = await configuration();
      const secrets: FlowSecrets = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: secrets.state,
        nonce: secrets.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (options.reauthenticate) Object.assign(parameters, { prompt: 'login', max_age: '0' });
      if (options.loginHint) parameters.login_hint = options.loginHint;
      return { url: oidc.buildAuthorizationUrl(conf, parameters).href, secrets };
    },

    /**
     * Exchanges the callback's code (PKCE) and verifies the ID token: signature, issuer,
     * audience, expiry, state and nonce are openid-client's checks. Throws on any mismatch.
     */
    async finish(callbackUrl: URL, secrets: FlowSecrets): Promise<ProvenIdentity> {
      const conf = await configuration();
      const tokens = await oidc.authorizationCodeGrant(conf, callbackUrl, {
        pkceCodeVerifier: secrets.codeVerifier,
        expectedState: secrets.state,
        expectedNonce: secrets.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      // Providers that keep the ID token small (conforming to the scopes) give the e-mail at UserInfo.
      const claims =
        typeof idClaims.email === 'string'
          ? idClaims
          : { ...(await oidc.fetchUserInfo(conf, tokens.access_token, idClaims.sub)), ...idClaims };
      const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
      return {
        issuer: idClaims.iss,
        subject: idClaims.sub,
        email: text(claims.email),
        emailVerified: emailVerifiedOf(claims, config.entra === true),
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
        authTime: typeof idClaims.auth_time === 'number' ? idClaims.auth_time : null,
        idToken: tokens.id_token,
      };
    },

    /**
     * RP-initiated logout at the provider, when it offers it; null otherwise. The ID token of the
     * browser's sign-in is its `id_token_hint` when known (the provider then knows whose session
     * to end; Keycloak ends it without asking); the client_id always names DoseChain. The way
     * back is DoseChain's own login page, never a URL a request chose.
     */
    async endSessionUrl(postLogoutRedirectUri: string, idTokenHint?: string | null): Promise<string | null> {
      const conf = await configuration().catch(() => undefined);
      if (!conf?.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(conf, {
        client_id: config.clientId,
        ...(idTokenHint ? { id_token_hint: idTokenHint } : {}),
        post_logout_redirect_uri: postLogoutRedirectUri,
      }).href;
    },
  };
}

export type IdentityProvider = ReturnType<typeof createIdentityProvider>;
