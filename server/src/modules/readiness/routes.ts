import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyAccessToken } from '../../kernel/auth/access-token.ts';
import { isApiKeyToken } from '../../kernel/auth/api-key.ts';
import { checkReadiness, serverVersion } from '../../kernel/health/readiness.ts';
import { sessionPrincipal } from '../../kernel/http/access.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { sameSecret } from '../../kernel/metrics/route.ts';

const checkNames = z.enum(['database', 'migrations', 'mailDispatcher', 'shutdown']);
const readinessSchema = z.object({
  ready: z.boolean(),
  /** Only for staff or admin, or the METRICS_TOKEN bearer: which build runs helps an attacker pick an exploit. */
  version: z.string().optional(),
  commit: z.string().optional(),
  checks: z.object({
    database: z.boolean(),
    migrations: z.boolean(),
    mailDispatcher: z.boolean(),
    shutdown: z.boolean(),
  }),
  failed: z.array(checkNames),
});

/**
 * Whether the caller may read the build: `Authorization: Bearer <METRICS_TOKEN>` (when one is
 * configured), or the access token of a live session acting as staff or admin. Anything else —
 * none, a wrong or expired token, an API key, a company role — is an anonymous probe, answered
 * the checks alone and never refused (a load balancer sends no token).
 */
async function mayReadBuild(request: FastifyRequest, deps: AppDeps): Promise<boolean> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) return false;
  if (deps.config.metricsToken && sameSecret(token, deps.config.metricsToken)) return true;
  if (isApiKeyToken(token)) return false;
  const claims = await verifyAccessToken(token, deps.config.jwtSecret, deps.clock);
  if (!claims) return false;
  const principal = await sessionPrincipal(deps, claims, request.headers['role-id']).catch(() => null);
  const type = principal?.currentRole?.type;
  return type === 'staff' || type === 'admin';
}

/**
 * Readiness for a load balancer or orchestrator: 200 when this instance can serve, else 503
 * naming the failed checks (public). The version and commit are added for staff and admin and
 * for the metrics scraper's token only. `/health` stays liveness only (it never touches the database).
 */
export function readinessRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ready',
    {
      config: { access: 'public' },
      schema: { tags: ['app'], response: { 200: readinessSchema, 503: readinessSchema } },
    },
    async (request, reply) => {
      const readiness = await checkReadiness({
        db: deps.db,
        mailDispatcherAlive: app.mailDispatcher.isAlive(),
        shuttingDown: app.lifecycle.shuttingDown,
      });
      const build = (await mayReadBuild(request, deps))
        ? { version: serverVersion, commit: deps.config.commit ?? 'unknown' }
        : {};
      return reply.code(readiness.ready ? 200 : 503).send({ ...readiness, ...build });
    },
  );
}
