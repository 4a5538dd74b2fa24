import { checkInUseQuerySchema, checkInUseResponseSchema, errorBodySchema } from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../kernel/http/context.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { checkInUse } from './service.ts';

/** `GET /check-in-use`: the forms' debounced uniqueness check. */
export function checkInUseRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/check-in-use',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['check-in-use'],
        querystring: checkInUseQuerySchema,
        response: {
          200: checkInUseResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    (request) => checkInUse(serviceContext(request, deps), request.query),
  );
}
