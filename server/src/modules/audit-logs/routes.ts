import {
  auditChainVerificationSchema,
  changesetEntrySchema,
  changesetParams,
  errorBodySchema,
  STAFF_ADMIN,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keyBytes } from '../../audit/chain.ts';
import { verifyAuditChainShared } from '../../audit/verify.ts';
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

  // `GET /audit-logs/verify`: the whole audit chain checked with the server's key (decision 015).
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit-logs/verify',
    {
      config: { access: { permissions: ['auditTrail.read'], roles: STAFF_ADMIN } },
      schema: {
        tags: ['audit-logs'],
        response: { 200: auditChainVerificationSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    () => verifyAuditChainShared(deps.db, keyBytes(deps.config.auditKey)),
  );
}
