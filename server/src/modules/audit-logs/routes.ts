import { changesetEntrySchema, changesetParams, errorBodySchema, STAFF_ADMIN } from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceContext } from '../../http/context.ts';
import type { AppDeps } from '../../http/deps.ts';
import { changesetOf } from './service.ts';

/**
 * `GET /audit-logs/changeset/{entityType}/{entityId}`: a record's history. Audit trail is
 * staff/admin with auditTrail.read; the service adds the entity's own read permission.
 */
export function auditLogRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit-logs/changeset/:entityType/:entityId',
    {
      config: { access: { permissions: ['auditTrail.read'], roles: STAFF_ADMIN } },
      schema: {
        tags: ['audit-logs'],
        params: changesetParams,
        response: {
          200: z.array(changesetEntrySchema),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    (request) =>
      changesetOf(serviceContext(request, deps), request.params.entityType, request.params.entityId),
  );
}
