/**
 * Issue 38: sign-in with the organisation's OpenID provider, against a real one (oidc-provider on
 * loopback): first-time linking by verified e-mail, the subject afterwards, an unknown person,
 * state, nonce and the one-time hand-off, "organisation only", and an unreachable provider.
 */
import { oidcMessages } from '@dosechain/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcCallbackPath } from '../src/kernel/auth/identity-provider.ts';
import { auditLog, mailOutbox, roles, userGroups, users } from '../src/kernel/db/schema.ts';
import { openFlowCookie, sealFlowCookie } from '../src/modules/login/oidc-flow-cookie.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { signInAtProvider, startIdentityProvider, type TestIdentityProvider } from './oidc-provider.ts';
import { type OidcDriver, oidcDriver, oidcLogin, providerConfig } from './oidc-test-driver.ts';

const PUBLIC_URL = 'http://dosechain.test';
let idp: TestIdentityProvider;
let t: TestApp;
let drive: OidcDriver;
beforeAll(async () => {
  idp = await startIdentityProvider({
    redirectUri: `${PUBLIC_URL}${oidcCallbackPath}`,
    postLogoutRedirectUri: `${PUBLIC_URL}/login`,
    accounts: {
      'staff-at-idp': { email: 'STAFF@dosechain.example', givenName: 'Stella' },
      'cmo-at-idp': { email: 'cmo@dosechain.example' },
      'admin-at-idp': { email: 'admin@dosechain.example' },
      'unverified-at-idp': { email: 'site@dosechain.example', emailVerified: false },
      'stranger-at-idp': { email: 'stranger@contoso.example' },
    },
  });
  t = await buildTestApp({ config: { publicUrl: PUBLIC_URL, oidc: providerConfig(idp) } });
  drive = oidcDriver(t);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const userRow = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0]!;
const passwordLogin = (username: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password: DEMO_PASSWORD },
  });

describe('the login page', () => {
  it('is told the button label and the provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/app-config' });
    expect(res.json().oidc).toEqual({ buttonLabel: 'Sign in with your organisation', issuer: idp.issuer });
  });
});

describe('a sign-in with the provider', () => {
  it('[AUT-019] links a user by verified e-mail on the first sign-in (audited), then knows them by subject', async () => {
    const first = await oidcLogin(drive, 'staff-at-idp');
    expect(first.fragment.get('oidc-error')).toBeNull();
    const session = await drive.exchange(first.fragment.get('oidc')!);
    expect(session.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${session.json().accessToken}` },
    });
    expect(me.json().username).toBe('staff');
    const staff = await userRow('staff');
    expect(staff).toMatchObject({ oidcIssuer: idp.issuer, oidcSubject: 'staff-at-idp' });
    const [linked] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, staff.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(linked).toMatchObject({
      changeset: { oidcIssuer: [null, idp.issuer], oidcSubject: [null, 'staff-at-idp'] },
      actorUsername: 'staff',
    });
    // Later the subject decides, whatever the e-mail says now.
    await t.db.update(users).set({ email: 'stella@dosechain.example' }).where(eq(users.id, staff.id));
    const again = await oidcLogin(drive, 'staff-at-idp');
    expect((await drive.exchange(again.fragment.get('oidc')!)).statusCode).toBe(200);
    await t.db.update(users).set({ email: 'staff@dosechain.example' }).where(eq(users.id, staff.id));
  });

  it('[AUT-019] hands off once: the code is refused the second time', async () => {
    const { fragment } = await oidcLogin(drive, 'cmo-at-idp');
    const code = fragment.get('oidc')!;
    expect((await drive.exchange(code)).statusCode).toBe(200);
    const replayed = await drive.exchange(code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(oidcMessages.failed);
  });

  it('[AUT-019] tells an unknown person there is no DoseChain account for their e-mail', async () => {
    const { fragment } = await oidcLogin(drive, 'stranger-at-idp');
    expect(fragment.get('oidc-error')).toBe('NO_ACCOUNT');
    expect(fragment.get('email')).toBe('stranger@contoso.example');
    expect(oidcMessages.noAccount(fragment.get('email')!)).toBe(
      'No DoseChain account for stranger@contoso.example; ask your administrator',
    );
    expect(await t.db.select().from(users).where(eq(users.email, 'stranger@contoso.example'))).toEqual([]);
  });

  it('[AUT-019] never links by an e-mail the provider did not verify', async () => {
    const { fragment } = await oidcLogin(drive, 'unverified-at-idp');
    expect(fragment.get('oidc-error')).toBe('NO_ACCOUNT');
    expect((await userRow('site')).oidcSubject).toBeNull();
  });

  it('[AUT-019] refuses a callback with a wrong state, a wrong nonce, or from another browser', async () => {
    const started = await drive.start();
    const back = await signInAtProvider(started.authorizationUrl, 'cmo-at-idp');
    const wrongState = new URL(back);
    wrongState.searchParams.set('state', 'forged-state');
    expect((await drive.callback(wrongState, started.cookie)).get('oidc-error')).toBe('FAILED');

    const other = await drive.start();
    const backOther = await signInAtProvider(other.authorizationUrl, 'cmo-at-idp');
    // The flow's own state and PKCE verifier, with another nonce: the ID token's nonce will not match.
    const flow = await openFlowCookie(other.cookie, t.config.jwtSecret, t.clock.now());
    const wrongNonce = await sealFlowCookie(
      { ...flow!, nonce: 'forged-nonce' },
      t.config.jwtSecret,
      t.clock.now(),
      false,
    );
    const nonceFragment = await drive.callback(backOther, wrongNonce.split(';')[0]!);
    expect(nonceFragment.get('oidc-error')).toBe('FAILED');

    const third = await drive.start();
    const backThird = await signInAtProvider(third.authorizationUrl, 'cmo-at-idp');
    expect((await drive.callback(backThird, undefined)).get('oidc-error')).toBe('FAILED');
  });
});

describe('logout at the provider', () => {
  /** The browser going there: from DoseChain's own page (same-origin), or from another site. */
  const logout = (query = '', cookie?: string, site = 'same-origin') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/oidc/logout${query}`,
      headers: { 'sec-fetch-site': site, ...(cookie ? { cookie } : {}) },
    });
  const claimsOf = (jwt: string) =>
    JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

  it("[AUT-020] goes to the provider's end-session with the sign-in's ID token, back to the login page", async () => {
    const { fragment } = await oidcLogin(drive, 'cmo-at-idp');
    const kept = fragment.cookies.find((c) => c.startsWith('dosechain_oidc_id='));
    expect(kept).toMatch(/^dosechain_oidc_id=.+/);
    const res = await logout('', kept);
    expect(res.statusCode).toBe(303);
    const to = new URL(res.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(to.searchParams.get('client_id')).toBe(idp.clientId);
    expect(to.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    const hint = to.searchParams.get('id_token_hint')!;
    expect(claimsOf(hint)).toMatchObject({ iss: idp.issuer, sub: 'cmo-at-idp', aud: idp.clientId });
    // The cookie goes with the logout.
    expect(res.headers['set-cookie']).toMatch(/^dosechain_oidc_id=; Path=\/api\/v1\/auth\/oidc; Max-Age=0;/);
    // The provider takes the hint and the way back (it validates both: a bad one is its 400).
    const atProvider = await fetch(to, { redirect: 'manual' });
    expect(atProvider.status).toBe(200);
    expect(await atProvider.text()).toContain(`action="${idp.issuer}/session/end/confirm"`);
  });

  it('[AUT-020] cannot be sent elsewhere: no query parameter is the way back (no open redirect)', async () => {
    const res = await logout(
      `?post_logout_redirect_uri=${encodeURIComponent('https://evil.example/')}&redirect=https://evil.example/&id_token_hint=forged`,
    );
    expect(res.statusCode).toBe(303);
    const to = new URL(res.headers.location as string);
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.getAll('post_logout_redirect_uri')).toEqual([`${PUBLIC_URL}/login`]);
    expect(to.searchParams.get('id_token_hint')).toBeNull();
    expect(res.headers.location).not.toContain('evil');
  });

  it("[AUT-020] gives another site's link no hint and leaves the cookie: the provider asks the person", async () => {
    const { fragment } = await oidcLogin(drive, 'cmo-at-idp');
    const kept = fragment.cookies.find((c) => c.startsWith('dosechain_oidc_id='))!;
    for (const site of ['cross-site', 'same-site', 'none']) {
      const res = await logout('', kept, site);
      const to = new URL(res.headers.location as string);
      expect(to.searchParams.get('id_token_hint'), site).toBeNull();
      expect(to.searchParams.get('client_id')).toBe(idp.clientId);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const noHeader = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/oidc/logout',
      headers: { cookie: kept },
    });
    expect(new URL(noHeader.headers.location as string).searchParams.get('id_token_hint')).toBeNull();
  });

  it('[AUT-020] names the client only without the cookie, or with a forged one', async () => {
    for (const cookie of [undefined, 'dosechain_oidc_id=forged.value.of.a.cookie']) {
      const to = new URL((await logout('', cookie)).headers.location as string);
      expect(to.searchParams.get('client_id')).toBe(idp.clientId);
      expect(to.searchParams.get('id_token_hint')).toBeNull();
    }
  });
});

describe('organisation only', () => {
  it("[AUT-019] refuses the user's password, says where to sign in, and sends no recovery mail", async () => {
    const cmo = await userRow('cmo');
    // A user manager marks the user, signed and audited.
    const marked = await t.request('admin', {
      method: 'PUT',
      url: `/api/v1/users/${cmo.id}`,
      payload: { organisationOnly: true, reasonForChange: 'Company SSO', electronicSignature: DEMO_PASSWORD },
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ organisationOnly: true, identityProviderLinked: true });
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, cmo.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audited).toMatchObject({ changeset: { organisationOnly: [false, true] }, reason: 'Company SSO' });

    const refused = await passwordLogin('cmo');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 'ORGANISATION_ONLY',
      message: oidcMessages.organisationOnly,
    });
    // The provider still signs them in.
    const { fragment } = await oidcLogin(drive, 'cmo-at-idp');
    expect((await drive.exchange(fragment.get('oidc')!)).statusCode).toBe(200);
    // No recovery mail: there is no password to recover.
    const mailsBefore = (await t.db.select().from(mailOutbox)).length;
    const recovery = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/password-recovery',
      payload: { email: 'cmo@dosechain.example' },
    });
    expect(recovery.statusCode).toBeLessThan(300);
    expect((await t.db.select().from(mailOutbox)).length).toBe(mailsBefore);
    await t.db.update(users).set({ organisationOnly: false }).where(eq(users.id, cmo.id));
    expect((await passwordLogin('cmo')).statusCode).toBe(200);
  });

  it('leaves the last usable user manager their password', async () => {
    const admin = await userRow('admin');
    await t.db.update(users).set({ organisationOnly: true }).where(eq(users.id, admin.id));
    expect((await passwordLogin('admin')).statusCode).toBe(200);
    await t.db.update(users).set({ organisationOnly: false }).where(eq(users.id, admin.id));
  });
});

describe('OIDC_CREATE_USERS=1', () => {
  it('creates an unknown person without roles or groups, signing in with the organisation only', async () => {
    const creating = await buildTestApp({
      config: { publicUrl: PUBLIC_URL, oidc: { ...providerConfig(idp), createUsers: true } },
    });
    try {
      const { fragment } = await oidcLogin(oidcDriver(creating), 'stranger-at-idp');
      expect(fragment.get('oidc-error')).toBeNull();
      const [created] = await creating.db
        .select()
        .from(users)
        .where(eq(users.email, 'stranger@contoso.example'));
      expect(created).toMatchObject({ username: 'stranger@contoso.example', organisationOnly: true });
      expect(await creating.db.select().from(roles).where(eq(roles.userId, created!.id))).toEqual([]);
      expect(await creating.db.select().from(userGroups).where(eq(userGroups.userId, created!.id))).toEqual(
        [],
      );
    } finally {
      await creating.close();
    }
  });
});

describe('a provider that cannot be reached', () => {
  it('[AUT-019, AUT-020] sends the login page back saying so; the password form still works', async () => {
    const down = await buildTestApp({
      config: {
        publicUrl: PUBLIC_URL,
        oidc: { ...providerConfig(idp), issuer: 'http://127.0.0.1:9' },
      },
    });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/login' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${PUBLIC_URL}/login#oidc-error=UNREACHABLE`);
      expect((await down.loginAs('staff')).accessToken).toBeTruthy();
      // Its logout ends at DoseChain's login page.
      const logout = await down.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/logout' });
      expect(logout.statusCode).toBe(303);
      expect(logout.headers.location).toBe(`${PUBLIC_URL}/login`);
    } finally {
      await down.close();
    }
  });
});
