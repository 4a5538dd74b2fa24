import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.ts';

const ISSUER = 'dosechain';
const AUDIENCE = 'dosechain-api';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

/** Whom a valid access token names: the user and the session (refresh-token family) it belongs to. */
export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** A verified token's claims and when it expires. */
export interface VerifiedAccess extends AccessClaims {
  expiresAt: Date;
}

/**
 * A 15-minute JWT naming the user and their session; everything else, the session's being alive
 * included, is read from the database per request.
 */
export async function signAccessToken(claims: AccessClaims, secret: string, clock: Clock): Promise<string> {
  const iat = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

/**
 * Tokens already verified, so a client's next requests with the same token skip the signature
 * check (a WebCrypto HMAC job per request): keyed by secret and token, holding the user id and
 * the expiry, which is still checked on every use. Bounded; the oldest entries leave first.
 */
const verified = new Map<string, AccessClaims & { expiresAt: number }>();
const VERIFIED_MAX = 10_000;

/** The claims of a valid token, or null when it is malformed, forged, expired or names no session. */
export async function verifyAccessToken(
  token: string,
  secret: string,
  clock: Clock,
): Promise<VerifiedAccess | null> {
  const cacheKey = `${secret}\0${token}`;
  const now = clock.now().getTime();
  const known = verified.get(cacheKey);
  if (known) {
    if (now < known.expiresAt)
      return { userId: known.userId, sessionId: known.sessionId, expiresAt: new Date(known.expiresAt) };
    verified.delete(cacheKey);
  }
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: clock.now(),
    });
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    if (!Number.isInteger(userId) || userId <= 0 || payload.exp === undefined) return null;
    if (typeof sessionId !== 'string' || sessionId === '') return null;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(cacheKey, { userId, sessionId, expiresAt: payload.exp * 1000 });
    return { userId, sessionId, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}
