import { errorBodySchema, reasonForChangeSchema } from '@dosechain/contract';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reasonsForChange } from '../../kernel/db/schema.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';

/** `GET /reasons-for-change`: the reason choices of audited forms, in their set order ('Other' included). */
export function reasonsForChangeRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/reasons-for-change',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['reasons-for-change'],
        response: { 200: z.array(reasonForChangeSchema), 401: errorBodySchema },
      },
    },
    () =>
      deps.db
        .select({ id: reasonsForChange.id, name: reasonsForChange.name })
        .from(reasonsForChange)
        .orderBy(asc(reasonsForChange.sortOrder), asc(reasonsForChange.id)),
  );
}
