import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.ts';

const ISSUER = 'dosechain';
const AUDIENCE = 'dosechain-api';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

/** A 15-minute JWT naming the user; everything else is read from the database per request. */
export async function signAccessToken(userId: number, secret: string, clock: Clock): Promise<string> {
  const iat = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

/** The user id of a valid token, or null when it is malformed, forged or expired. */
export async function verifyAccessToken(token: string, secret: string, clock: Clock): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: clock.now(),
    });
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
