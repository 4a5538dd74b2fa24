import type { OidcConfig } from '../src/kernel/config.ts';
import type { TestApp } from './helpers.ts';
import { signInAtProvider, type TestIdentityProvider } from './oidc-provider.ts';

/** The app's OIDC settings for a test provider. */
export const providerConfig = (idp: TestIdentityProvider): OidcConfig => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  buttonLabel: 'Sign in with your organisation',
  createUsers: false,
});

/** The browser's side of a flow through the app: its flow cookie travels as a browser would send it. */
export function oidcDriver(t: TestApp) {
  const cookieOf = (setCookie: string | string[] | undefined) =>
    (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0];
  return {
    /** "Sign in with …": where the app sends the browser, and the cookie it set. */
    async start() {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/login' });
      if (res.statusCode !== 303) throw new Error(`login start answered ${res.statusCode}`);
      return {
        authorizationUrl: res.headers.location as string,
        cookie: cookieOf(res.headers['set-cookie']),
      };
    },
    /** "Sign with …" in a session: the provider's URL (prompt=login) and the cookie. */
    async startSignature(accessToken: string) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/oidc/signature',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (res.statusCode !== 200) throw new Error(`signature start answered ${res.statusCode} ${res.body}`);
      return {
        authorizationUrl: res.json().authorizationUrl as string,
        cookie: cookieOf(res.headers['set-cookie']),
      };
    },
    /**
     * The provider sent the browser back: what the app answers, as the login page's fragment
     * (a redirect) or the signing popup's message (its page), with `page` saying which.
     */
    async callback(back: URL, cookie: string | undefined) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: cookie ? { cookie } : {},
      });
      if (res.statusCode === 200) {
        const json = /<script type="application\/json" id="result">(.*?)<\/script>/.exec(res.body)?.[1];
        const message = JSON.parse(json ?? '{}') as Record<string, string>;
        return Object.assign(new URLSearchParams(message), {
          page: 'popup',
          csp: res.headers['content-security-policy'],
          cookies: [] as string[],
        });
      }
      if (res.statusCode !== 303) throw new Error(`callback answered ${res.statusCode} ${res.body}`);
      const location = new URL(res.headers.location as string);
      const setCookie = res.headers['set-cookie'];
      return Object.assign(new URLSearchParams(location.hash.slice(1)), {
        page: location.pathname,
        csp: undefined,
        /** The cookies the browser keeps afterwards (`name=value`; a cleared one has no value). */
        cookies: [setCookie ?? []].flat().map((c) => c.split(';')[0]!),
      });
    },
    /** The login page trades the hand-off code for DoseChain's tokens. */
    exchange(code: string) {
      return t.app.inject({ method: 'POST', url: '/api/v1/auth/oidc/session', payload: { code } });
    },
  };
}
export type OidcDriver = ReturnType<typeof oidcDriver>;

/** A whole sign-in: the app, the provider's login page as `login`, back to the app. */
export async function oidcLogin(drive: OidcDriver, login: string) {
  const started = await drive.start();
  const back = await signInAtProvider(started.authorizationUrl, login);
  return { fragment: await drive.callback(back, started.cookie) };
}
