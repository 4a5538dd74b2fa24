/**
 * Issue 38: Entra ID does not send `email_verified`; whether the e-mail's domain is the tenant's
 * verified one is its optional claim `xms_edov`, a boolean or the text "1"/"true". Linking by
 * e-mail at the first sign-in takes it from an Entra issuer and refuses an address it does not
 * vouch for; from any other issuer the claim is ignored. A real provider (oidc-provider on
 * loopback) issues the claims; the app is told its issuer is Entra's as loading OIDC_ISSUER
 * https://login.microsoftonline.com/… would (config.test.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifiedOf, oidcCallbackPath } from '../src/kernel/auth/identity-provider.ts';
import { users } from '../src/kernel/db/schema.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { startIdentityProvider, type TestIdentityProvider } from './oidc-provider.ts';
import { oidcDriver, oidcLogin, providerConfig } from './oidc-test-driver.ts';

const PUBLIC_URL = 'http://dosechain.test';
let idp: TestIdentityProvider;
let entra: TestApp;
let other: TestApp;
beforeAll(async () => {
  const entraAccount = (email: string, xmsEdov?: unknown) => ({
    email,
    emailVerified: null,
    ...(xmsEdov === undefined ? {} : { emailClaims: { xms_edov: xmsEdov } }),
  });
  idp = await startIdentityProvider({
    redirectUri: `${PUBLIC_URL}${oidcCallbackPath}`,
    accounts: {
      'edov-true': entraAccount('staff@dosechain.example', true),
      'edov-text': entraAccount('cmo@dosechain.example', '1'),
      'edov-false': entraAccount('site@dosechain.example', false),
      'edov-absent': entraAccount('imaging@dosechain.example'),
      'edov-text-false': entraAccount('multi@dosechain.example', '0'),
    },
  });
  entra = await buildTestApp({
    config: { publicUrl: PUBLIC_URL, oidc: { ...providerConfig(idp), entra: true } },
  });
  other = await buildTestApp({ config: { publicUrl: PUBLIC_URL, oidc: providerConfig(idp) } });
});
afterAll(async () => {
  await entra?.close();
  await other?.close();
  await idp?.close();
});

const subjectOf = async (t: TestApp, username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0]!.oidcSubject;

describe("Entra ID's xms_edov", () => {
  it('[AUT-019] links by an e-mail Entra says is domain-verified, as a boolean or as text', async () => {
    const drive = oidcDriver(entra);
    for (const [login, username] of [
      ['edov-true', 'staff'],
      ['edov-text', 'cmo'],
    ] as const) {
      const { fragment } = await oidcLogin(drive, login);
      expect(fragment.get('oidc-error'), login).toBeNull();
      expect((await drive.exchange(fragment.get('oidc')!)).statusCode).toBe(200);
      expect(await subjectOf(entra, username)).toBe(login);
    }
  });

  it('[AUT-019] refuses an address Entra does not vouch for: false, "0" or no claim', async () => {
    const drive = oidcDriver(entra);
    for (const [login, username] of [
      ['edov-false', 'site'],
      ['edov-absent', 'imaging'],
      ['edov-text-false', 'multi'],
    ] as const) {
      const { fragment } = await oidcLogin(drive, login);
      expect(fragment.get('oidc-error'), login).toBe('NO_ACCOUNT');
      expect(await subjectOf(entra, username)).toBeNull();
    }
  });

  it("is nobody's promise from another issuer: without email_verified nothing links", async () => {
    const { fragment } = await oidcLogin(oidcDriver(other), 'edov-true');
    expect(fragment.get('oidc-error')).toBe('NO_ACCOUNT');
    expect(await subjectOf(other, 'staff')).toBeNull();
  });

  it('reads the claim as Entra sends it', () => {
    for (const xms_edov of [true, '1', 'true', 'True'])
      expect(emailVerifiedOf({ xms_edov }, true), String(xms_edov)).toBe(true);
    for (const xms_edov of [false, '0', 'false', '', 1, null, undefined, 'yes'])
      expect(emailVerifiedOf({ xms_edov }, true), String(xms_edov)).toBe(false);
    expect(emailVerifiedOf({ xms_edov: true }, false)).toBe(false);
    expect(emailVerifiedOf({ email_verified: true }, true)).toBe(true);
    expect(emailVerifiedOf({ email_verified: 'true' }, false)).toBe(false);
  });
});
