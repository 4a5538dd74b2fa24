import { errorBodySchema, ordersCountQuerySchema, ordersCountSchema, STAFF_ADMIN } from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../http/context.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ordersCount } from './service.ts';

/** `GET /reports/orders-count` (staff/admin with reports.read; company scope in the service). */
export function reportRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/reports/orders-count',
    {
      config: { access: { permissions: ['reports.read'], roles: STAFF_ADMIN } },
      schema: {
        tags: ['reports'],
        querystring: ordersCountQuerySchema,
        response: {
          200: ordersCountSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    (request) => ordersCount(serviceContext(request, deps), request.query),
  );
}
