import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID provider for tests and e2e (issue 38): panva's certified oidc-provider on loopback,
 * with its own development login page (any password) and no consent step. Each account is a
 * login name with the claims it proves.
 */
export interface TestAccount {
  email: string;
  /** `email_verified` (default true); null: the claim is not sent (as Entra ID does). */
  emailVerified?: boolean | null;
  /** More claims of the email scope, e.g. Entra's `xms_edov`. */
  emailClaims?: Record<string, unknown>;
  givenName?: string;
  familyName?: string;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startIdentityProvider(options: {
  accounts: Record<string, TestAccount>;
  redirectUri: string;
  postLogoutRedirectUri?: string;
}): Promise<TestIdentityProvider> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'dosechain';
  const clientSecret = 'dosechain-test-client-secret-0123456789';
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: options.postLogoutRedirectUri ? [options.postLogoutRedirectUri] : [],
        require_auth_time: true,
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified', 'xms_edov'],
      profile: ['given_name', 'family_name'],
    },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    // The client is first-party: no consent page, every requested scope granted.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const account = options.accounts[id] ?? { email: `${id}@unknown.example` };
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          ...(account.emailVerified === null ? {} : { email_verified: account.emailVerified ?? true }),
          ...account.emailClaims,
          given_name: account.givenName,
          family_name: account.familyName,
        }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  handle = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A person at the provider's login page: follows the authorization URL with the provider's
 * cookies, signs in as `login` (any password) when asked, and answers the URL the provider sends
 * the browser back to (DoseChain's callback, with code and state).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookies = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL(authorizationUrl);
  const provider = url.origin;
  for (let step = 0; step < 10; step++) {
    if (url.origin !== provider) return url;
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookies() } });
    remember(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const page = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`the provider answered ${res.status} without a form: ${page.slice(0, 300)}`);
    const submitted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookies(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }),
    });
    remember(submitted);
    url = new URL(submitted.headers.get('location') ?? '', url);
  }
  throw new Error('the provider did not send the browser back');
}
