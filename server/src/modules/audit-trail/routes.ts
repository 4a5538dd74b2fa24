import {
  auditCheckpointSchema,
  auditTrailVerificationSchema,
  auditVerifyBodySchema,
  changesetEntrySchema,
  changesetParams,
  errorBodySchema,
  messages,
  STAFF_ADMIN,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keyBytes } from '../../kernel/audit/chain.ts';
import { checkpointSignatureValid, issueCheckpoint } from '../../kernel/audit/checkpoint.ts';
import { verifyAuditTrail } from '../../kernel/audit/trail-verification.ts';
import { AppError } from '../../kernel/http/app-error.ts';
import { serviceContext } from '../../kernel/http/context.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { changesetOf } from './service.ts';

const auditTrailAccess = { access: { permissions: ['auditTrail.read'], roles: STAFF_ADMIN } } as const;

/**
 * `GET /audit-logs/changeset/{entityType}/{entityId}`: a record's history. Audit trail is
 * staff/admin with auditTrail.read; the service adds the entity's own read permission.
 */
export function auditLogRoutes(app: FastifyInstance, deps: AppDeps): void {
  const key = keyBytes(deps.config.auditKey);
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

  // `GET /audit-logs/verify`: the whole audit chain checked with the server's key (decision 015),
  // and that its end has not moved back behind what this server wrote or verified (issue 31).
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit-logs/verify',
    {
      config: auditTrailAccess,
      schema: {
        tags: ['audit-logs'],
        response: { 200: auditTrailVerificationSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    () => verifyAuditTrail(deps.db, key, deps.auditChainEnd),
  );

  // `POST /audit-logs/verify`: the same, and that a checkpoint kept elsewhere is still in the chain.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/audit-logs/verify',
    {
      config: auditTrailAccess,
      schema: {
        tags: ['audit-logs'],
        description:
          'Verifies the audit trail as `GET /audit-logs/verify` does, and that the checkpoint given (from `GET /audit-logs/checkpoint`) is still in it: its entry at the same position with the same chain value, and the trail up to it holding the entries it counted (`checkpoint.failed` names the check that failed). A checkpoint whose signature does not verify with the server’s key: 400 AUDIT_CHECKPOINT_INVALID.',
        body: auditVerifyBodySchema,
        response: {
          200: auditTrailVerificationSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { checkpoint } = request.body;
      if (!checkpointSignatureValid(key, checkpoint)) {
        throw new AppError(400, 'AUDIT_CHECKPOINT_INVALID', messages.auditCheckpointInvalid);
      }
      return verifyAuditTrail(deps.db, key, deps.auditChainEnd, checkpoint);
    },
  );

  // `GET /audit-logs/checkpoint`: where the chain ends now, signed, to keep outside the database.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit-logs/checkpoint',
    {
      config: auditTrailAccess,
      schema: {
        tags: ['audit-logs'],
        description:
          'A checkpoint of the audit chain as its head records it now: the newest entry’s position and chain value, the count of entries up to it, the time, and an HMAC-SHA256 signature under a key derived from the server’s audit key. Keep it outside the database (e.g. filed with the study’s QA records); `POST /audit-logs/verify` later shows whether the trail still holds it.',
        response: { 200: auditCheckpointSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    () => issueCheckpoint(deps.db, key, deps.clock.now()),
  );
}
