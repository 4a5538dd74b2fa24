import {
  apiKeyCreateBodySchema,
  apiKeyCreatedSchema,
  apiKeyParams,
  apiKeyRevokeBodySchema,
  apiKeySchema,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../kernel/http/context.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { studyAccess, studyPartErrors, studyPartRoutes } from '../shared/index.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

const tag = 'api-keys';

/**
 * `/studies/{id}/api-keys`: a study's integration API keys (decision 027), managed by staff and
 * admin as the study's configuration: list, create (the secret answered once), revoke (with a reason).
 */
export function apiKeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  studyPartRoutes(app, deps, {
    segment: 'api-keys',
    tag,
    item: apiKeySchema,
    create: apiKeyCreateBodySchema,
    created: apiKeyCreatedSchema,
    createDocs: { summary: "Create a study's API key (its secret is answered this once)" },
    list: listApiKeys,
    add: createApiKey,
  });
  app.withTypeProvider<ZodTypeProvider>().put(
    '/studies/:id/api-keys/:keyId/revoke',
    {
      config: { access: studyAccess.update },
      schema: {
        tags: [tag],
        params: apiKeyParams,
        body: apiKeyRevokeBodySchema,
        response: { 200: apiKeySchema, ...studyPartErrors },
      },
    },
    (request) =>
      revokeApiKey(serviceContext(request, deps), request.params.id, request.params.keyId, request.body),
  );
}
