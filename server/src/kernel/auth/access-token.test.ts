import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './access-token.ts';

const SECRET = 'access-token-test-secret-0123456789abcdef';
const at = (ms: number) => ({ now: () => new Date(ms) });

describe('access tokens', () => {
  it('are valid until they expire, also once remembered as verified', async () => {
    const issued = Date.UTC(2026, 10, 24, 9, 0, 0);
    const claims = { userId: 42, sessionId: 'family-1' };
    const token = await signAccessToken(claims, SECRET, at(issued));
    const expiry = issued + ACCESS_TOKEN_TTL_SECONDS * 1000;
    const verified = { ...claims, expiresAt: new Date(expiry) };
    expect(await verifyAccessToken(token, SECRET, at(issued))).toEqual(verified);
    expect(await verifyAccessToken(token, SECRET, at(issued + 60_000))).toEqual(verified);
    expect(await verifyAccessToken(token, SECRET, at(expiry - 1))).toEqual(verified);
    expect(await verifyAccessToken(token, SECRET, at(expiry))).toBeNull();
    expect(await verifyAccessToken(token, SECRET, at(expiry + 1))).toBeNull();
  });

  it('are refused under another secret and when altered, even after being verified', async () => {
    const now = at(Date.UTC(2026, 10, 24, 9, 0, 0));
    const token = await signAccessToken({ userId: 7, sessionId: 's' }, SECRET, now);
    expect(await verifyAccessToken(token, SECRET, now)).toMatchObject({ userId: 7, sessionId: 's' });
    expect(await verifyAccessToken(token, `${SECRET}-other`, now)).toBeNull();
    const [header, payload, signature] = token.split('.');
    // One character of the signature changed (not the last, whose low bits base64url ignores).
    const flipped = signature![5] === 'A' ? 'B' : 'A';
    const forged = `${header}.${payload}.${signature!.slice(0, 5)}${flipped}${signature!.slice(6)}`;
    expect(await verifyAccessToken(forged, SECRET, now)).toBeNull();
    expect(await verifyAccessToken('not-a-token', SECRET, now)).toBeNull();
  });

  it('are refused when they name no session (issued before sessions were checked)', async () => {
    const now = at(Date.UTC(2026, 10, 24, 9, 0, 0));
    const { SignJWT } = await import('jose');
    const iat = Math.floor(now.now().getTime() / 1000);
    const legacy = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('dosechain')
      .setAudience('dosechain-api')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyAccessToken(legacy, SECRET, now)).toBeNull();
  });
});
