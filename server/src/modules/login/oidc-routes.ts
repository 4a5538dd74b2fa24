import {
  errorBodySchema,
  loginQuerySchema,
  loginResponseSchema,
  oidcMessages,
  oidcSessionBodySchema,
  oidcSignatureStartSchema,
} from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createIdentityProvider,
  IdentityProviderUnreachable,
  oidcCallbackPath,
} from '../../kernel/auth/identity-provider.ts';
import { consumeOidcGrant, issueOidcGrant } from '../../kernel/auth/oidc-grants.ts';
import { users } from '../../kernel/db/schema.ts';
import { principalOf } from '../../kernel/http/access.ts';
import { AppError } from '../../kernel/http/app-error.ts';
import { authContextOf, publicCredentialRoute } from '../../kernel/http/credential-routes.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { meAfterLogin } from '../me/index.ts';
import {
  clearFlowCookie,
  clearIdTokenCookie,
  openFlowCookie,
  openIdTokenCookie,
  sealFlowCookie,
  sealIdTokenCookie,
} from './oidc-flow-cookie.ts';
import { OidcSignInRefused, userOfIdentity } from './oidc-sign-in.ts';
import { SignatureRefused, signatureOfIdentity } from './oidc-signature.ts';
import { sendSignaturePage } from './oidc-signature-page.ts';
import { startSession } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema };

/**
 * Sign-in with the organisation's OpenID provider (issue 38, decision 056), registered only when
 * OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. The browser goes to the provider
 * and back to the callback, which hands the login page a one-time code (exchanged for DoseChain's
 * own tokens, as after a password) or the signing popup a one-time signature token.
 */
export async function oidcRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const settings = deps.config.oidc;
  if (!settings) return;
  const publicUrl = deps.config.publicUrl;
  const provider = createIdentityProvider(settings, `${publicUrl}${oidcCallbackPath}`);
  const secure = publicUrl.startsWith('https:');
  const secret = deps.config.jwtSecret;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = authContextOf(deps);
  const limited = publicCredentialRoute(deps);
  const toPage = (reply: FastifyReply, path: string, fragment: Record<string, string | undefined>) => {
    const said = Object.entries(fragment).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    );
    return reply.redirect(`${publicUrl}${path}#${new URLSearchParams(said)}`, 303);
  };

  r.get(
    '/auth/oidc/login',
    { config: limited, schema: { tags: ['auth'], hide: true } },
    async (request, reply) => {
      try {
        const { url, secrets } = await provider.start();
        const now = deps.clock.now();
        reply.header(
          'set-cookie',
          await sealFlowCookie({ ...secrets, purpose: 'login' }, secret, now, secure),
        );
        return reply.redirect(url, 303);
      } catch (err) {
        if (!(err instanceof IdentityProviderUnreachable)) throw err;
        request.log.warn({ event: 'oidc.unreachable' }, 'the identity provider cannot be reached');
        return toPage(reply, '/login', { 'oidc-error': 'UNREACHABLE' });
      }
    },
  );

  r.post(
    '/auth/oidc/signature',
    {
      config: { access: 'authenticated', rateLimit: limited.rateLimit },
      schema: { tags: ['auth'], response: { 200: oidcSignatureStartSchema, ...errors } },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      if (!user.oidcSubject) throw new AppError(400, 'ESIGN_FAILED', oidcMessages.reauthFailed);
      try {
        const { url, secrets } = await provider.start({ reauthenticate: true, loginHint: user.email });
        const flow = { ...secrets, purpose: 'signature' as const, userId: user.id };
        reply.header('set-cookie', await sealFlowCookie(flow, secret, deps.clock.now(), secure));
        return { authorizationUrl: url };
      } catch (err) {
        if (!(err instanceof IdentityProviderUnreachable)) throw err;
        throw new AppError(503, 'IDP_UNREACHABLE', oidcMessages.unreachable);
      }
    },
  );

  r.get(
    '/auth/oidc/callback',
    { config: limited, schema: { tags: ['auth'], hide: true } },
    async (request, reply) => {
      const now = deps.clock.now();
      const flow = await openFlowCookie(request.headers.cookie, secret, now);
      reply.header('set-cookie', clearFlowCookie(secure));
      const failed = { 'oidc-error': 'FAILED' };
      const signing = flow?.purpose === 'signature';
      const answer = (fragment: { token: string } | { 'oidc-error': string; email?: string }) =>
        signing
          ? sendSignaturePage(
              reply,
              'token' in fragment ? fragment : { 'oidc-error': fragment['oidc-error'] },
            )
          : toPage(reply, '/login', fragment);
      if (!flow) return answer(failed);
      const search = new URL(request.url, publicUrl).search;
      try {
        const identity = await provider.finish(new URL(`${publicUrl}${oidcCallbackPath}${search}`), flow);
        if (flow.purpose === 'signature') {
          const token = await signatureOfIdentity(ctx(request), flow.userId as number, identity);
          return answer({ token });
        }
        const user = await userOfIdentity(ctx(request), identity);
        const code = await issueOidcGrant(
          deps.db,
          { kind: 'login', userId: user.id, issuer: identity.issuer },
          now,
        );
        // Kept in this browser for the provider's logout (its id_token_hint).
        const idTokenCookie =
          identity.idToken && (await sealIdTokenCookie(identity.idToken, secret, now, secure));
        if (idTokenCookie) reply.header('set-cookie', idTokenCookie);
        return toPage(reply, '/login', { oidc: code });
      } catch (err) {
        if (err instanceof OidcSignInRefused) {
          return answer({ 'oidc-error': err.code, ...(err.email ? { email: err.email } : {}) });
        }
        if (err instanceof SignatureRefused) return answer({ 'oidc-error': err.code });
        const unreachable = err instanceof IdentityProviderUnreachable;
        // The library's message, never a token: state, nonce, PKCE or ID token checks that failed.
        request.log.warn(
          {
            event: 'oidc.callback_failed',
            purpose: flow.purpose,
            reason: err instanceof Error ? err.message : 'unknown',
          },
          'a sign-in with the identity provider failed',
        );
        return answer(unreachable ? { 'oidc-error': 'UNREACHABLE' } : failed);
      }
    },
  );

  r.post(
    '/auth/oidc/session',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        querystring: loginQuerySchema,
        body: oidcSessionBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      const grant = await consumeOidcGrant(deps.db, request.body.code, { kind: 'login' }, deps.clock.now());
      const [user] = grant ? await deps.db.select().from(users).where(eq(users.id, grant.userId)) : [];
      if (!user) throw new AppError(401, 'INVALID_CREDENTIALS', oidcMessages.failed);
      const tokens = await startSession(c, user);
      if (request.query.includeUser !== 'true') return tokens;
      return { ...tokens, user: await meAfterLogin(deps.db, user) };
    },
  );

  /**
   * The provider's end of a logout (RP-initiated logout), where the web app goes after it ended
   * DoseChain's session: to the provider's end_session_endpoint with this browser's ID token as
   * id_token_hint, coming back to DoseChain's login page; straight to the login page when the
   * provider has none or cannot be reached. Its only input is the cookie the sign-in left: no
   * query parameter chooses where the browser goes, so it redirects nowhere else (no open
   * redirect). The hint is sent, and the cookie cleared, only when DoseChain's own page sent the
   * browser here (Sec-Fetch-Site: same-origin): another site linking here gets the provider's
   * logout by client_id alone, which the provider confirms with the person, so it cannot sign
   * them out of their organisation silently (logout CSRF).
   */
  r.get(
    '/auth/oidc/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'], hide: true } },
    async (request, reply) => {
      const ours = request.headers['sec-fetch-site'] === 'same-origin';
      const idToken = ours ? await openIdTokenCookie(request.headers.cookie, secret, deps.clock.now()) : null;
      const url = await provider.endSessionUrl(`${publicUrl}/login`, idToken);
      if (ours) reply.header('set-cookie', clearIdTokenCookie(secure));
      return reply.redirect(url ?? `${publicUrl}/login`, 303);
    },
  );
}
