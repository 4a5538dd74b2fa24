import {
  errorBodySchema,
  ordersCountQuerySchema,
  ordersCountSchema,
  ordersReportOptionsSchema,
  STAFF_ADMIN,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../kernel/http/context.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { ordersReportOptions } from './options.ts';
import { ordersCount } from './service.ts';

/**
 * `GET /reports/orders-count` and its form's choices `GET /reports/orders-count/options`
 * (staff/admin with reports.read; company scope in the services).
 */
export function reportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { permissions: ['reports.read' as const], roles: STAFF_ADMIN };
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
  r.get(
    '/reports/orders-count/options',
    {
      config: { access },
      schema: { tags: ['reports'], response: { 200: ordersReportOptionsSchema, ...errors } },
    },
    (request) => ordersReportOptions(serviceContext(request, deps)),
  );
  r.get(
    '/reports/orders-count',
    {
      config: { access },
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
