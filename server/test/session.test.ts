import { createHash } from 'node:crypto';
import { limits } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../src/kernel/db/schema.ts';
import { issueRecoveryToken } from '../src/modules/password-recovery/tokens.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MIN = 60_000;
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });
const logout = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken } });
const me = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');
const rowOf = async (token: string) =>
  (
    await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)))
  )[0]!;
const familyOf = (familyId: string) =>
  t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, familyId));
const setUser = (username: string, values: Partial<typeof users.$inferInsert>) =>
  t.db.update(users).set(values).where(eq(users.username, username));

const sessionInvalid = {
  code: 'UNAUTHENTICATED',
  message: 'The session is no longer valid, please log in again',
  errors: [],
};

describe('refresh tokens', () => {
  it('[P11-035] are 256 random bits, stored only as their SHA-256, with a new family per login', async () => {
    const a = await t.loginAs('staff');
    const b = await t.loginAs('staff');
    expect(a.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rowA = await rowOf(a.refreshToken);
    const rowB = await rowOf(b.refreshToken);
    expect(rowA.tokenHash).not.toBe(a.refreshToken);
    expect(rowA.familyId).not.toBe(rowB.familyId);
    expect(rowA.expiresAt).toEqual(new Date(t.clock.now().getTime() + 30 * MIN));
    expect(rowA.sessionExpiresAt).toEqual(new Date(t.clock.now().getTime() + 12 * 60 * MIN));
    const all = await t.db.select().from(refreshTokens);
    expect(all.some((r) => r.tokenHash === a.refreshToken)).toBe(false);
  });

  it('[P11-035] rotate: the new pair works, the old refresh token does not, and the session keeps its end', async () => {
    const s = await t.loginAs('staff');
    const first = await rowOf(s.refreshToken);
    t.clock.advance(10 * MIN);
    const res = await refresh(s.refreshToken);
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(Object.keys(pair).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(pair.refreshToken).not.toBe(s.refreshToken);
    expect((await me(bearer(pair.accessToken))).statusCode).toBe(200);

    const old = await rowOf(s.refreshToken);
    expect(old.rotatedAt).toEqual(t.clock.now());
    expect(old.revokedAt).toBeNull();
    const next = await rowOf(pair.refreshToken);
    expect(next.familyId).toBe(first.familyId);
    expect(next.expiresAt).toEqual(new Date(t.clock.now().getTime() + 30 * MIN));
    expect(next.sessionExpiresAt).toEqual(first.sessionExpiresAt);

    // Presenting the old one again is a replay (next test); a fresh login is unaffected.
    expect((await refresh(pair.refreshToken)).statusCode).toBe(200);
  });

  it('[P11-035] revoke the whole session when a rotated token is presented again', async () => {
    const s = await t.loginAs('staff');
    const second = (await refresh(s.refreshToken)).json().refreshToken;
    const third = (await refresh(second)).json().refreshToken;
    const replay = await refresh(s.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(sessionInvalid);
    // The newest token of the session stops working too.
    expect((await refresh(third)).statusCode).toBe(401);
    const family = await familyOf((await rowOf(third)).familyId);
    expect(family).toHaveLength(3);
    expect(family.every((r) => r.revokedAt !== null)).toBe(true);
    // Other sessions of the user live on.
    const other = await t.loginAs('staff');
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('[P11-035] let only one of two concurrent uses of a token through', async () => {
    const s = await t.loginAs('cmo');
    const answers = await Promise.all([refresh(s.refreshToken), refresh(s.refreshToken)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(1);
    expect(codes).toContain(401);
  });

  it('[P11-035] expire after 30 minutes unused; each rotation extends that', async () => {
    const idle = await t.loginAs('staff');
    t.clock.advance(31 * MIN);
    const res = await refresh(idle.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(sessionInvalid);

    const used = await t.loginAs('staff');
    t.clock.advance(29 * MIN);
    const next = await refresh(used.refreshToken);
    expect(next.statusCode).toBe(200);
    t.clock.advance(29 * MIN);
    expect((await refresh(next.json().refreshToken)).statusCode).toBe(200);
  });

  it('[P11-035] expire 12 hours after login however they are used', async () => {
    const busy = await t.loginAs('staff');
    let token = busy.refreshToken;
    let elapsed = 0;
    while (elapsed + 25 * MIN < 12 * 60 * MIN) {
      t.clock.advance(25 * MIN);
      elapsed += 25 * MIN;
      const res = await refresh(token);
      expect(res.statusCode).toBe(200);
      token = res.json().refreshToken;
    }
    // The last token's idle window is cut at the session's end.
    expect((await rowOf(token)).expiresAt.getTime()).toBeLessThanOrEqual(
      (await rowOf(token)).sessionExpiresAt.getTime(),
    );
    t.clock.advance(25 * MIN);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('refuse unknown tokens and bad bodies', async () => {
    const res = await refresh('not-a-token');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(sessionInvalid);
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('[P11-023, P11-036] are refused, and their session revoked, once the user is inactivated or locked by wrong e-signatures', async () => {
    // (A lock by failed logins leaves open sessions going: lockout.test.ts.)
    const signatureLock = { lockedOut: true, failedSignatureCount: limits.failedLoginsBeforeLock };
    for (const values of [{ active: false }, signatureLock]) {
      const s = await t.loginAs('imaging');
      await setUser('imaging', values);
      try {
        expect((await refresh(s.refreshToken)).statusCode).toBe(401);
        expect((await me(s.headers())).statusCode).toBe(401);
        const family = await familyOf((await rowOf(s.refreshToken)).familyId);
        expect(family.every((r) => r.revokedAt !== null)).toBe(true);
      } finally {
        await setUser('imaging', { active: true, lockedOut: false, failedSignatureCount: 0 });
      }
      expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    }
  });
});

describe('logout', () => {
  it('[P11-036] answers 204 and revokes the session, rotated tokens and all', async () => {
    const s = await t.loginAs('site');
    const next = (await refresh(s.refreshToken)).json().refreshToken;
    const out = await logout(next);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect((await refresh(next)).statusCode).toBe(401);
    const family = await familyOf((await rowOf(next)).familyId);
    expect(family.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('answers 204 for an unknown or already revoked token, and needs no access token', async () => {
    expect((await logout('unknown')).statusCode).toBe(204);
    const s = await t.loginAs('site');
    expect((await logout(s.refreshToken)).statusCode).toBe(204);
    expect((await logout(s.refreshToken)).statusCode).toBe(204);
  });
});

describe('access tokens', () => {
  it('[P11-035] expire after 15 minutes', async () => {
    const s = await t.loginAs('staff');
    t.clock.advance(14 * MIN);
    expect((await me(s.headers())).statusCode).toBe(200);
    t.clock.advance(2 * MIN);
    const res = await me(s.headers());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Authentication required', errors: [] });
  });

  it('[P11-035] are refused when missing, malformed or forged', async () => {
    const unauthenticated = { code: 'UNAUTHENTICATED', message: 'Authentication required', errors: [] };
    expect((await me({})).json()).toEqual(unauthenticated);
    expect((await me({ authorization: 'Bearer not.a.jwt' })).json()).toEqual(unauthenticated);
    expect((await me({ authorization: 'Basic abc' })).statusCode).toBe(401);
    const s = await t.loginAs('staff');
    const [h, p] = s.accessToken.split('.');
    expect((await me({ authorization: `Bearer ${h}.${p}.forgedsignature` })).statusCode).toBe(401);
    // Well formed, but signed with another key.
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('dosechain')
      .setAudience('dosechain-api')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('x'.repeat(64)));
    expect((await me(bearer(forged))).json()).toEqual(unauthenticated);
    // A refresh token is not an access token.
    expect((await me(bearer(s.refreshToken))).statusCode).toBe(401);
  });

  it('[P11-023, P11-036] stop working at once when the user is inactivated or locked by wrong e-signatures', async () => {
    const s = await t.loginAs('cmo');
    expect((await me(s.headers())).statusCode).toBe(200);
    await setUser('cmo', { active: false });
    expect((await me(s.headers())).json().code).toBe('UNAUTHENTICATED');
    await setUser('cmo', { active: true, lockedOut: true });
    // Locked by failed logins only: the session goes on.
    expect((await me(s.headers())).statusCode).toBe(200);
    await setUser('cmo', { failedSignatureCount: limits.failedLoginsBeforeLock });
    expect((await me(s.headers())).statusCode).toBe(401);
    await setUser('cmo', { lockedOut: false, failedSignatureCount: 0 });
    expect((await me(s.headers())).statusCode).toBe(200);
  });
});

describe('sessions end when they should (issue 16)', () => {
  it('[P11-036] logout ends the access token at once, not when it expires', async () => {
    const s = await t.loginAs('site');
    const rotated = (await refresh(s.refreshToken)).json();
    expect((await me(s.headers())).statusCode).toBe(200);
    expect((await me(bearer(rotated.accessToken))).statusCode).toBe(200);
    expect((await logout(rotated.refreshToken)).statusCode).toBe(204);
    // Both access tokens of the session: the first one and the one the rotation gave.
    expect((await me(s.headers())).statusCode).toBe(401);
    expect((await me(bearer(rotated.accessToken))).statusCode).toBe(401);
    // Another session of the same user is not touched.
    const other = await t.loginAs('site');
    expect((await me(other.headers())).statusCode).toBe(200);
  });

  it("[P11-036] the user's own password change ends every session's access token at once", async () => {
    const first = await t.loginAs('multi');
    const second = await t.loginAs('multi');
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/password',
      headers: first.headers(),
      payload: {
        currentPassword: DEMO_PASSWORD,
        password: 'Changed1234',
        passwordConfirmation: 'Changed1234',
      },
    });
    expect(changed.statusCode).toBe(204);
    expect((await me(first.headers())).statusCode).toBe(401);
    expect((await me(second.headers())).statusCode).toBe(401);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'multi', password: 'Changed1234' },
    });
    expect((await me(bearer(back.json().accessToken))).statusCode).toBe(200);
  });

  it('[P11-036] a password reset with a recovery link ends the access tokens at once', async () => {
    const s = await t.loginAs('imaging');
    const [user] = await t.db.select().from(users).where(eq(users.username, 'imaging'));
    const token = await issueRecoveryToken(t.db, user!.id, t.clock.now());
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password-change',
      payload: { token, password: 'Recovered1234' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await me(s.headers())).statusCode).toBe(401);
  });

  it('[P11-033] refresh answers PASSWORD_EXPIRED once the password aged during the session, and ends it', async () => {
    const s = await t.loginAs('cmo');
    // The password turns 90 days old while the session is in use.
    await setUser('cmo', {
      passwordChangedAt: new Date(t.clock.now().getTime() - 90 * 24 * 60 * MIN + 5 * MIN),
    });
    t.clock.advance(10 * MIN);
    const res = await refresh(s.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'PASSWORD_EXPIRED',
      message: 'Your password has expired, please choose a new one',
      errors: [],
    });
    expect((await me(s.headers())).statusCode).toBe(401);
    await setUser('cmo', { passwordChangedAt: t.clock.now() });
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });

  it('token answers and every other API answer are not cached', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'staff', password: DEMO_PASSWORD },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const next = await refresh(login.json().refreshToken);
    expect(next.statusCode).toBe(200);
    expect(next.headers['cache-control']).toBe('no-store');
    expect((await me(bearer(next.json().accessToken))).headers['cache-control']).toBe('no-store');
    expect((await refresh('unknown')).headers['cache-control']).toBe('no-store');
  });
});
