import {
  apiKeyCreateBodySchema,
  apiKeyCreatedSchema,
  apiKeyParams,
  apiKeyRevokeBodySchema,
  apiKeySchema,
  errorBodySchema,
  idParam,
  listQuerySchema,
  listResponseSchema,
  STAFF_ADMIN,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../http/context.ts';
import type { AppDeps } from '../../http/deps.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['api-keys'];

/**
 * `/studies/{id}/api-keys`: a study's integration API keys (decision 027), managed by staff and
 * admin as the study's configuration: list, create (the secret answered once), revoke (with a reason).
 */
export function apiKeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/studies/:id/api-keys',
    {
      config: { access: { permissions: ['config.read'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        params: idParam,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(apiKeySchema.partial().required({ id: true })), ...errors },
      },
    },
    (request) => listApiKeys(serviceContext(request, deps), request.params.id, request.query),
  );
  r.post(
    '/studies/:id/api-keys',
    {
      config: { access: { permissions: ['config.create'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        summary: "Create a study's API key (its secret is answered this once)",
        params: idParam,
        body: apiKeyCreateBodySchema,
        response: { 201: apiKeyCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createApiKey(serviceContext(request, deps), request.params.id, request.body)),
  );
  r.put(
    '/studies/:id/api-keys/:keyId/revoke',
    {
      config: { access: { permissions: ['config.update'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        params: apiKeyParams,
        body: apiKeyRevokeBodySchema,
        response: { 200: apiKeySchema, ...errors },
      },
    },
    (request) =>
      revokeApiKey(serviceContext(request, deps), request.params.id, request.params.keyId, request.body),
  );
}
