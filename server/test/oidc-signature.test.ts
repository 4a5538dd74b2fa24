/**
 * Issue 38: e-signatures of users who sign in with the organisation. The signer re-authenticates
 * at the provider (prompt=login, max_age=0); the callback checks the subject is the signer's and
 * auth_time is fresh, and gives a one-time token bound to the signer, valid two minutes, which the
 * mutation sends as its electronicSignature. The audit row says how it was signed.
 */
import { oidcMessages } from '@dosechain/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcCallbackPath } from '../src/kernel/auth/identity-provider.ts';
import { auditLog, users } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { signInAtProvider, startIdentityProvider, type TestIdentityProvider } from './oidc-provider.ts';
import { type OidcDriver, oidcDriver, oidcLogin, providerConfig } from './oidc-test-driver.ts';

const PUBLIC_URL = 'http://dosechain.test';
let idp: TestIdentityProvider;
let t: TestApp;
let drive: OidcDriver;
/** The staff user's and the CMO's sessions, both signed in through the provider. */
let staffToken: string;
let cmoToken: string;

const signIn = async (login: string) => {
  const { fragment } = await oidcLogin(drive, login);
  return (await drive.exchange(fragment.get('oidc')!)).json().accessToken as string;
};

beforeAll(async () => {
  idp = await startIdentityProvider({
    redirectUri: `${PUBLIC_URL}${oidcCallbackPath}`,
    accounts: {
      'staff-at-idp': { email: 'staff@dosechain.example' },
      'cmo-at-idp': { email: 'cmo@dosechain.example' },
    },
  });
  t = await buildTestApp({ config: { publicUrl: PUBLIC_URL, oidc: providerConfig(idp) } });
  drive = oidcDriver(t);
  staffToken = await signIn('staff-at-idp');
  cmoToken = await signIn('cmo-at-idp');
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** Re-authenticates at the provider as `login` in the session of `accessToken`: the popup's fragment. */
const reauthenticate = async (accessToken: string, login: string, beforeCallback?: () => void) => {
  const started = await drive.startSignature(accessToken);
  const back = await signInAtProvider(started.authorizationUrl, login);
  beforeCallback?.();
  return { started, fragment: await drive.callback(back, started.cookie) };
};
/** A signed profile change (PUT /users/me). */
const signProfile = (accessToken: string, electronicSignature: string, firstName: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { firstName, reasonForChange: 'Typo', electronicSignature },
  });
const fieldMessage = (res: { json: () => { errors: { parameter: string; message: string }[] } }) =>
  res.json().errors.find((e) => e.parameter === 'electronicSignature')?.message;

describe('signing with the provider', () => {
  it('[P11-037] asks the provider to authenticate again now, signs once, and the audit row says how', async () => {
    const { started, fragment } = await reauthenticate(staffToken, 'staff-at-idp');
    const asked = new URL(started.authorizationUrl).searchParams;
    expect(asked.get('prompt')).toBe('login');
    expect(asked.get('max_age')).toBe('0');
    // The popup's page gives the token to DoseChain's own pages only, its script under a nonce.
    expect(fragment.page).toBe('popup');
    expect(fragment.get('type')).toBe('dosechain-oidc-signature');
    expect(fragment.csp).toMatch(/^default-src 'none'; script-src 'nonce-/);
    const token = fragment.get('token')!;
    expect(token).toMatch(/^oidc-signature\./);

    const signed = await signProfile(staffToken, token, 'Signed');
    expect(signed.statusCode).toBe(200);
    const staff = (await t.db.select().from(users).where(eq(users.username, 'staff')))[0]!;
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, staff.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ signed: true, changeset: { firstName: [expect.any(String), 'Signed'] } });
    expect(row!.signatureMeaning).toContain(`(re-authenticated at ${idp.issuer})`);

    // Used once: the same token signs nothing more.
    const replayed = await signProfile(staffToken, token, 'Replayed');
    expect(replayed.statusCode).toBe(400);
    expect(fieldMessage(replayed)).toBe(oidcMessages.signatureTokenInvalid);
  });

  it("[P11-037] refuses another user's token and a forged one", async () => {
    const { fragment } = await reauthenticate(staffToken, 'staff-at-idp');
    const foreign = await signProfile(cmoToken, fragment.get('token')!, 'Foreign');
    expect(foreign.statusCode).toBe(400);
    expect(fieldMessage(foreign)).toBe(oidcMessages.signatureTokenInvalid);
    const forged = await signProfile(staffToken, 'oidc-signature.forged-token-value', 'Forged');
    expect(fieldMessage(forged)).toBe(oidcMessages.signatureTokenInvalid);
  });

  it('[P11-037] refuses a re-authentication as someone else', async () => {
    const { fragment } = await reauthenticate(staffToken, 'cmo-at-idp');
    expect(fragment.get('oidc-error')).toBe('OTHER_PERSON');
    expect(fragment.get('token')).toBeNull();
  });

  it('[P11-037] refuses a stale re-authentication and an expired token', async () => {
    const stale = await reauthenticate(staffToken, 'staff-at-idp', () => t.clock.advance(3 * 60_000));
    expect(stale.fragment.get('oidc-error')).toBe('STALE');
    t.clock.advance(-3 * 60_000);

    const { fragment } = await reauthenticate(staffToken, 'staff-at-idp');
    t.clock.advance(2 * 60_000 + 1000);
    try {
      const late = await signProfile(staffToken, fragment.get('token')!, 'Late');
      expect(fieldMessage(late)).toBe(oidcMessages.signatureTokenInvalid);
    } finally {
      t.clock.advance(-(2 * 60_000 + 1000));
    }
  });

  it("refuses an organisation-only user's password as a signature", async () => {
    await t.db.update(users).set({ organisationOnly: true }).where(eq(users.username, 'cmo'));
    const res = await signProfile(cmoToken, DEMO_PASSWORD, 'Password');
    expect(res.statusCode).toBe(400);
    expect(fieldMessage(res)).toBe(oidcMessages.signWithProvider);
  });
});
