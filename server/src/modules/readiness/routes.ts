import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkReadiness, serverVersion } from '../../health/readiness.ts';
import type { AppDeps } from '../../http/deps.ts';

const checkNames = z.enum(['database', 'migrations', 'mailDispatcher', 'shutdown']);
const readinessSchema = z.object({
  ready: z.boolean(),
  version: z.string(),
  commit: z.string(),
  checks: z.object({
    database: z.boolean(),
    migrations: z.boolean(),
    mailDispatcher: z.boolean(),
    shutdown: z.boolean(),
  }),
  failed: z.array(checkNames),
});

/**
 * Readiness for a load balancer or orchestrator: 200 when this instance can serve, else 503
 * naming the failed checks. `/health` stays liveness only (it never touches the database).
 */
export function readinessRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ready',
    {
      config: { access: 'public' },
      schema: { tags: ['app'], response: { 200: readinessSchema, 503: readinessSchema } },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness({
        db: deps.db,
        mailDispatcherAlive: app.mailDispatcher.isAlive(),
        shuttingDown: app.lifecycle.shuttingDown,
      });
      return reply
        .code(readiness.ready ? 200 : 503)
        .send({ ...readiness, version: serverVersion, commit: deps.config.commit ?? 'unknown' });
    },
  );
}
