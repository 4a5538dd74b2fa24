import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { FlowSecrets } from '../../kernel/auth/identity-provider.ts';

/**
 * The state, nonce and PKCE verifier of a flow under way, kept in the browser that started it:
 * an encrypted (A256GCM, so also tamper-proof), HttpOnly, SameSite=Lax cookie scoped to the OIDC
 * routes and valid ten minutes (decision 056). Binding the flow to the browser stops a callback
 * URL from being completed in someone else's browser (login CSRF). A signing flow also names
 * the signer.
 */
export interface FlowCookie extends FlowSecrets {
  purpose: 'login' | 'signature';
  /** The signer, for a signing flow. */
  userId?: number;
}

export const FLOW_COOKIE = 'dosechain_oidc_flow';
const FLOW_TTL_SECONDS = 10 * 60;
const COOKIE_PATH = '/api/v1/auth/oidc';

const keyOf = (secret: string) => createHash('sha256').update('oidc-flow\0').update(secret).digest();

export async function sealFlowCookie(flow: FlowCookie, secret: string, now: Date, secure: boolean) {
  const iat = Math.floor(now.getTime() / 1000);
  const value = await new EncryptJWT({ ...flow })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + FLOW_TTL_SECONDS)
    .encrypt(keyOf(secret));
  return cookieHeader(value, FLOW_TTL_SECONDS, secure);
}

/** The Set-Cookie that ends the flow: a flow is completed once. */
export const clearFlowCookie = (secure: boolean) => cookieHeader('', 0, secure);

const cookieHeader = (value: string, maxAge: number, secure: boolean, name = FLOW_COOKIE) =>
  `${name}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

const cookieValue = (cookieHeaderValue: string | undefined, name: string) =>
  cookieHeaderValue
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** The flow of this browser, from its Cookie header; null when absent, forged or expired. */
export async function openFlowCookie(
  cookieHeaderValue: string | undefined,
  secret: string,
  now: Date,
): Promise<FlowCookie | null> {
  const value = cookieValue(cookieHeaderValue, FLOW_COOKIE);
  if (!value) return null;
  try {
    const { payload } = await jwtDecrypt(value, keyOf(secret), { currentDate: now });
    const { state, nonce, codeVerifier, purpose, userId } = payload;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string')
      return null;
    if (purpose !== 'login' && purpose !== 'signature') return null;
    if (purpose === 'signature' && typeof userId !== 'number') return null;
    return { state, nonce, codeVerifier, purpose, userId: typeof userId === 'number' ? userId : undefined };
  } catch {
    return null;
  }
}

/**
 * The ID token of the browser's last sign-in with the provider, for the provider's logout
 * (`id_token_hint`, decision 056): encrypted under a key of its own, HttpOnly, scoped to the
 * OIDC routes, as long as a DoseChain session can last; cleared by the logout. Nothing of it is
 * stored on the server. A token too large for a cookie is not kept (the logout then names the
 * client only).
 */
export const ID_TOKEN_COOKIE = 'dosechain_oidc_id';
const ID_TOKEN_TTL_SECONDS = 12 * 60 * 60;
/** Browsers keep at least 4096 bytes a cookie, name and attributes included. */
const COOKIE_MAX_BYTES = 4000;
const idTokenKeyOf = (secret: string) =>
  createHash('sha256').update('oidc-id-token\0').update(secret).digest();

export async function sealIdTokenCookie(
  idToken: string,
  secret: string,
  now: Date,
  secure: boolean,
): Promise<string | null> {
  const iat = Math.floor(now.getTime() / 1000);
  const value = await new EncryptJWT({ idt: idToken })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ID_TOKEN_TTL_SECONDS)
    .encrypt(idTokenKeyOf(secret));
  const header = cookieHeader(value, ID_TOKEN_TTL_SECONDS, secure, ID_TOKEN_COOKIE);
  return header.length <= COOKIE_MAX_BYTES ? header : null;
}

export const clearIdTokenCookie = (secure: boolean) => cookieHeader('', 0, secure, ID_TOKEN_COOKIE);

/** The ID token this browser's sign-in left; null when absent, forged or expired. */
export async function openIdTokenCookie(
  cookieHeaderValue: string | undefined,
  secret: string,
  now: Date,
): Promise<string | null> {
  const value = cookieValue(cookieHeaderValue, ID_TOKEN_COOKIE);
  if (!value) return null;
  try {
    const { payload } = await jwtDecrypt(value, idTokenKeyOf(secret), { currentDate: now });
    return typeof payload.idt === 'string' ? payload.idt : null;
  } catch {
    return null;
  }
}
