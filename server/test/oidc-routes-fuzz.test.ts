/**
 * Issue 38: the OpenID provider's routes under garbage, with OIDC configured against a real
 * provider (oidc-provider on loopback). The route fuzz and the authorization matrix's own pass
 * cover what their schemas describe; these routes mostly read a raw query string and a cookie,
 * so each gets its own property: arbitrary and oversized query parameters, a missing, forged or
 * absent flow (state), garbage bodies, and the methods they do not answer. Never a 5xx, never a
 * session or signature token from a forged flow, never a redirect anywhere but DoseChain's login
 * page or the configured provider, and nothing written to the database.
 */
import { errorBodySchema } from '@dosechain/contract';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { oidcCallbackPath } from '../src/kernel/auth/identity-provider.ts';
import { changedTables, writeFingerprinter } from './fuzz/fingerprint.ts';
import { buildTestApp } from './helpers.ts';
import { startIdentityProvider } from './oidc-provider.ts';
import { oidcDriver, oidcLogin, providerConfig } from './oidc-test-driver.ts';

const RUNS = Math.max(20, Math.round(Number(process.env.FUZZ_RUNS ?? 200) / 2));
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);
const PUBLIC_URL = 'http://dosechain.test';
const LOGIN_PAGE = `${PUBLIC_URL}/login`;

const idp = await startIdentityProvider({
  redirectUri: `${PUBLIC_URL}${oidcCallbackPath}`,
  postLogoutRedirectUri: LOGIN_PAGE,
  accounts: { 'staff-at-idp': { email: 'staff@dosechain.example' } },
});
const t = await buildTestApp({
  config: { publicUrl: PUBLIC_URL, oidc: providerConfig(idp), authRateLimitPerMinute: 1_000_000 },
});
await t.app.mailDispatcher.stop();
await t.app.webhookDispatcher.stop();
const drive = oidcDriver(t);
// Staff is linked to the provider (a real sign-in): its session may start a re-authentication.
const signedIn = await oidcLogin(drive, 'staff-at-idp');
const idTokenCookie = signedIn.fragment.cookies.find((c) => c.startsWith('dosechain_oidc_id='))!;
const staffToken = (await drive.exchange(signedIn.fragment.get('oidc')!)).json().accessToken as string;
const adminToken = (await t.loginAs('admin')).accessToken;
// Genuine flows of this browser: a sign-in's and a signing's, each with its own state.
const loginStart = await drive.start();
const signatureStart = await drive.startSignature(staffToken);
const loginFlow = loginStart.cookie!;
const signatureFlow = signatureStart.cookie!;
const stateOf = (authorizationUrl: string) => new URL(authorizationUrl).searchParams.get('state')!;
const realStates = [stateOf(loginStart.authorizationUrl), stateOf(signatureStart.authorizationUrl)];
const fingerprint = await writeFingerprinter(t.db);

afterAll(async () => {
  await t.close();
  await idp.close();
});

/** A parameter's value: short, empty, odd characters, URL-ish, or far too long. */
const value = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 2 },
  fc.constantFrom('', '%', '%zz', '../../etc/passwd', 'https://evil.example/', '//evil.example', '\u0000'),
  fc.webUrl(),
  fc.string({ minLength: 4_000, maxLength: 12_000 }),
);
const name = fc.oneof(
  fc.constantFrom(
    'code',
    'state',
    'iss',
    'error',
    'error_description',
    'session_state',
    'nonce',
    'redirect',
    'redirect_uri',
    'post_logout_redirect_uri',
    'id_token_hint',
    'returnTo',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
);
/** A query string: encoded pairs (repeated names too), or raw garbage as a client might send it. */
const query = fc.oneof(
  {
    arbitrary: fc
      .array(fc.tuple(name, value), { maxLength: 6 })
      .map((pairs) => new URLSearchParams(pairs).toString()),
    weight: 4,
  },
  fc.string({ maxLength: 200 }).map((raw) => encodeURI(raw).replace(/#/g, '%23')),
  fc.constantFrom('', 'state', 'code=&state=', '&&&==', 'state[]=a&state[]=b', 'code=a%00b&state=%FF'),
);
const forgedCode = fc
  .tuple(fc.constantFrom(...realStates), value)
  .map(([state, code]) => new URLSearchParams({ code, state, iss: idp.issuer }).toString());
const flowCookie = fc.constantFrom<[string, string | undefined]>(
  ['none', undefined],
  ['garbage', 'dosechain_oidc_flow=not.a.real.cookie.value'],
  ['login flow', loginFlow],
  ['signature flow', signatureFlow],
  ['both cookies', `${loginFlow}; ${idTokenCookie}`],
);

const send = (options: InjectOptions) => t.app.inject(options);
const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Runs a property on one route, failing on a 5xx and on any table it wrote. */
async function property<T>(
  arbitrary: fc.Arbitrary<T>,
  request: (input: T) => InjectOptions,
  check: (res: Awaited<ReturnType<typeof send>>, input: T) => void,
) {
  let before = await fingerprint();
  await fc.assert(
    fc.asyncProperty(arbitrary, async (input) => {
      const res = await send(request(input));
      expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
      check(res, input);
      const after = await fingerprint();
      expect(changedTables(before, after), `${res.statusCode} ${res.body.slice(0, 200)}`).toEqual([]);
      before = after;
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
}

const locationOf = (res: { headers: Record<string, unknown> }) => new URL(String(res.headers.location));

describe('the provider routes under garbage (OIDC configured)', () => {
  it('[AUT-019] GET /auth/oidc/callback: a forged, missing or foreign state is refused, no session or signature given', async () => {
    await property(
      // Garbage, or a flow's real state with a forged code (the provider's token endpoint refuses it).
      fc.tuple(fc.oneof(query, forgedCode), flowCookie),
      ([q, [, cookie]]) => ({
        method: 'GET',
        url: `${oidcCallbackPath}${q ? `?${q}` : ''}`,
        headers: cookie ? { cookie } : {},
      }),
      (res, [, [kind]]) => {
        if (res.statusCode === 303) {
          const to = locationOf(res);
          expect(`${to.origin}${to.pathname}`).toBe(LOGIN_PAGE);
          const fragment = new URLSearchParams(to.hash.slice(1));
          expect(fragment.get('oidc')).toBeNull();
          expect(fragment.get('oidc-error')).toMatch(/^(FAILED|UNREACHABLE)$/);
        } else {
          // The signing popup's page, only for a signing flow, and never with a token.
          expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
          expect(kind).toBe('signature flow');
          expect(res.body).toContain('"oidc-error"');
          expect(res.body).not.toContain('oidc-signature.');
        }
      },
    );
  });

  it("GET /auth/oidc/login: whatever the query, to the configured provider with DoseChain's own parameters", async () => {
    const sent = new Set([
      'client_id',
      'redirect_uri',
      'scope',
      'response_type',
      'state',
      'nonce',
      'code_challenge',
      'code_challenge_method',
    ]);
    await property(
      query,
      (q) => ({ method: 'GET', url: `/api/v1/auth/oidc/login${q ? `?${q}` : ''}` }),
      (res) => {
        expect(res.statusCode).toBe(303);
        const to = locationOf(res);
        expect(`${to.origin}${to.pathname}`).toBe(`${idp.issuer}/auth`);
        expect([...new Set(to.searchParams.keys())].filter((k) => !sent.has(k))).toEqual([]);
        expect(to.searchParams.getAll('redirect_uri')).toEqual([`${PUBLIC_URL}${oidcCallbackPath}`]);
      },
    );
  });

  it('[AUT-020] GET /auth/oidc/logout: whatever the query or cookie, only to the provider and back to the login page', async () => {
    const fetchSite = fc.constantFrom(undefined, 'same-origin', 'same-site', 'cross-site', 'none', 'garbage');
    await property(
      fc.tuple(query, flowCookie, fetchSite),
      ([q, [, cookie], site]) => ({
        method: 'GET',
        url: `/api/v1/auth/oidc/logout${q ? `?${q}` : ''}`,
        headers: { ...(cookie ? { cookie } : {}), ...(site ? { 'sec-fetch-site': site } : {}) },
      }),
      (res, [, [kind], site]) => {
        expect(res.statusCode).toBe(303);
        const to = locationOf(res);
        expect(`${to.origin}${to.pathname}`).toBe(`${idp.issuer}/session/end`);
        // The sign-in's ID token goes only with DoseChain's own navigation (decision 056).
        expect([...to.searchParams.keys()].sort()).toEqual(
          kind === 'both cookies' && site === 'same-origin'
            ? ['client_id', 'id_token_hint', 'post_logout_redirect_uri']
            : ['client_id', 'post_logout_redirect_uri'],
        );
        expect(to.searchParams.get('post_logout_redirect_uri')).toBe(LOGIN_PAGE);
      },
    );
  });

  it('[AUT-019] POST /auth/oidc/session: no forged, oversized or malformed code starts a session', async () => {
    const body = fc.oneof(
      value.map((code) => JSON.stringify({ code })),
      fc.jsonValue().map((json) => JSON.stringify(json)),
      fc.string({ maxLength: 60 }),
    );
    await property(
      fc.tuple(body, query),
      ([payload, q]) => ({
        method: 'POST',
        url: `/api/v1/auth/oidc/session${q ? `?${q}` : ''}`,
        headers: { 'content-type': 'application/json' },
        payload,
      }),
      (res) => {
        expect([400, 401]).toContain(res.statusCode);
        expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
      },
    );
  });

  it('POST /auth/oidc/signature: anonymous 401, unlinked 400, linked to the provider whatever the body', async () => {
    const who = fc.constantFrom<[string, string | undefined]>(
      ['anonymous', undefined],
      ['admin', adminToken],
      ['staff', staffToken],
      ['forged', 'not-a-token'],
    );
    const body = fc.oneof(
      fc.jsonValue().map((json) => JSON.stringify(json)),
      fc.string({ maxLength: 60 }),
    );
    await property(
      fc.tuple(who, body),
      ([[, token], payload]) => ({
        method: 'POST',
        url: '/api/v1/auth/oidc/signature',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload,
      }),
      (res, [[kind], payload]) => {
        if (res.statusCode === 200) {
          expect(kind).toBe('staff');
          expect(new URL(res.json().authorizationUrl).origin).toBe(idp.issuer);
          return;
        }
        expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
        // A body that is not JSON is refused as it is read, before anyone is asked who they are.
        if (!isJson(payload)) expect(res.statusCode).toBe(400);
        else if (kind === 'anonymous' || kind === 'forged') expect(res.statusCode).toBe(401);
        else expect(res.statusCode).toBe(400);
      },
    );
  });

  it('answers the methods a route does not take with 404, never a 5xx', async () => {
    const routes: Record<string, string> = {
      '/api/v1/auth/oidc/login': 'GET',
      [oidcCallbackPath]: 'GET',
      '/api/v1/auth/oidc/logout': 'GET',
      '/api/v1/auth/oidc/session': 'POST',
      '/api/v1/auth/oidc/signature': 'POST',
    };
    const found: string[] = [];
    for (const [url, taken] of Object.entries(routes)) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        if (method === taken) continue;
        const res = await send({ method, url, headers: { authorization: `Bearer ${adminToken}` } });
        if (res.statusCode !== 404) found.push(`${method} ${url}: ${res.statusCode}`);
      }
    }
    expect(found).toEqual([]);
  });
});
