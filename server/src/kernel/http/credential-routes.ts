import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/credentials.ts';
import type { AppDeps } from './deps.ts';

/**
 * Every route that takes a password, token or address is rate-limited per client address, since
 * credentials are guessed per IP (login, refresh, recovery, the own password, the provider's
 * callbacks).
 */
export const credentialRateLimit = (deps: AppDeps) => ({
  max: deps.config.authRateLimitPerMinute,
  timeWindow: '1 minute',
});

/** A public route's config that takes credentials: open to all, rate-limited. */
export const publicCredentialRoute = (deps: AppDeps) => ({
  access: 'public' as const,
  rateLimit: credentialRateLimit(deps),
});

/** What the credential checks need of a request: the app's parts and the client's address. */
export const authContextOf =
  (deps: AppDeps) =>
  (request: FastifyRequest): AuthContext => ({
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    log: request.log,
    metrics: deps.metrics,
    // Fastify's client address: the peer, or under TRUST_PROXY the forwarded one.
    source: request.ip,
  });
