import { type AccessRequirement, errorBodySchema, meetsRequirement, messages } from '@dosechain/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AccessClaims, type VerifiedAccess, verifyAccessToken } from '../auth/access-token.ts';
import { apiKeyPrincipal, isApiKeyToken } from '../auth/api-key.ts';
import { sessionLockedAt } from '../auth/lockout.ts';
import { actingIn, chooseRole, loadUserWithAccess, type Principal } from '../auth/principal.ts';
import { AppError, forbidden, unauthenticated } from './app-error.ts';
import type { AppDeps } from './deps.ts';

/**
 * What a route needs, declared with the route: `public` (no login), `authenticated` (any
 * logged-in user), or permissions and roles. The authorization matrix is read off these.
 */
export type RouteAccess = 'public' | 'authenticated' | AccessRequirement;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Whether an integration API key may call the route (decision 027): only the routes that say
     * so; on any other a valid key gets 403 API_KEY_NOT_ALLOWED.
     */
    apiKey?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The verified access token of an authenticated request: its user, session and expiry. */
    accessSession: VerifiedAccess | null;
  }
}

export const API_PREFIX = '/api/v1';

/** The logged-in principal of a request on a non-public route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

async function authenticate(request: FastifyRequest, deps: AppDeps): Promise<Principal> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw unauthenticated();
  if (isApiKeyToken(token)) {
    // A revoked, expired or unknown key: 401; a live one on a route keys may not use: 403.
    const principal = await apiKeyPrincipal(deps.db, deps.clock, token);
    if (!principal) throw unauthenticated();
    if (request.routeOptions.config?.apiKey !== true) {
      throw new AppError(403, 'API_KEY_NOT_ALLOWED', messages.apiKeyNotAllowed);
    }
    return principal;
  }
  const claims = await verifyAccessToken(token, deps.config.jwtSecret, deps.clock);
  if (!claims) throw unauthenticated();
  request.accessSession = claims;
  return sessionPrincipal(deps, claims, request.headers['role-id']);
}

/**
 * The principal of a verified token's session, acting in the role the Role-Id header names:
 * what every authenticated request acts as, and what a live event stream re-reads when its
 * user's access may have changed. Throws the request's 401 or 403.
 */
export async function sessionPrincipal(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  claims: AccessClaims,
  roleHeader: string | string[] | undefined,
): Promise<Principal> {
  // One round trip: the user, their roles and permissions and their session, read fresh on every request.
  const loaded = await loadUserWithAccess(deps.db, claims.userId, claims.sessionId);
  const user = loaded?.user;
  // An ended session, an inactive user, or one locked by wrong passwords in a session loses access
  // at once, not when the token expires. A lock by failed logins refuses new logins only (decision 010).
  if (!loaded?.sessionLive || !user?.active || sessionLockedAt(user, deps.clock.now()))
    throw unauthenticated();
  const choice = chooseRole(user, loaded.roles, Array.isArray(roleHeader) ? roleHeader[0] : roleHeader);
  if (choice.kind === 'not-allowed') throw new AppError(403, 'ROLE_NOT_ALLOWED', messages.roleNotAllowed);
  // The permissions of the role this request acts in: its groups' grants within that role type's ceiling.
  return actingIn(loaded, choice.role);
}

/** Throws the 403 a principal gets on a route of this access (`public`, `authenticated`: none). */
export function checkAccess(principal: Principal, access: RouteAccess): void {
  if (access === 'public' || access === 'authenticated') return;
  const { permissions, currentRole } = principal;
  if (!currentRole) throw new AppError(403, 'NO_ROLE', messages.noRoleAssigned);
  if (!meetsRequirement({ permissions, roleType: currentRole.type }, access)) throw forbidden();
}

/**
 * Every API route must declare its access; one hook authenticates and checks the declared
 * permissions and roles before the request is validated, so a caller who may not use a route
 * learns nothing of its schema (401/403, never a 400 listing the fields).
 */
export function registerAccessControl(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('accessSession', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access requirement`);
    }
    // A change may be signed, and a signature's password checks are limited per user (429);
    // declared here once, so every such route's documented answers say so.
    const response = route.schema?.response as Record<string, unknown> | undefined;
    const changes = [route.method].flat().some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m));
    if (response && changes && !response[429]) response[429] = errorBodySchema;
  });
  app.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    request.principal = await authenticate(request, deps);
    // Later lines of this request (its completion, its errors) say who made it, acting as which role.
    // A key's lines name the key by its public id (never its secret), not its creator.
    const { apiKey } = request.principal;
    const who = apiKey
      ? { apiKeyId: apiKey.id }
      : { userId: request.principal.user.id, roleId: request.principal.currentRole?.id ?? null };
    request.log = request.log.child(who);
    reply.log = request.log;
    checkAccess(request.principal, access);
  });
}
