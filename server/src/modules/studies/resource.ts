import {
  companySchema,
  idParam,
  listQuerySchema,
  listResponseSchema,
  pairingCreateBodySchema,
  pairingDeleteBodySchema,
  pairingParams,
  pairingSchema,
  studyCreateBodySchema,
  studySchema,
  studyUpdateBodySchema,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { studies } from '../../kernel/db/schema.ts';
import { serviceContext } from '../../kernel/http/context.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import {
  defineConfigResource,
  studyAccess,
  studyPartErrors,
  studyPartRoutes,
  uniqueNameOf,
} from '../shared/index.ts';
import { listPairedSites } from './paired-sites.ts';
import { createPairing, deletePairing, listPairings } from './pairings.ts';
import { createStudy, getStudy, listStudies, updateStudy } from './service.ts';

/**
 * `/studies/{id}/pairings`: list, add, delete (with a reason); `/studies/{id}/sites`: the clinical
 * sites the pairings name, each once (an API key's site is one of them).
 */
function pairingRoutes(app: FastifyInstance, deps: AppDeps): void {
  studyPartRoutes(app, deps, {
    segment: 'pairings',
    tag: 'studies',
    item: pairingSchema,
    create: pairingCreateBodySchema,
    list: listPairings,
    add: createPairing,
  });
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/studies/:id/pairings/:pairingId',
    {
      config: { access: studyAccess.update },
      schema: {
        tags: ['studies'],
        params: pairingParams,
        body: pairingDeleteBodySchema,
        response: { 204: z.null(), ...studyPartErrors },
      },
    },
    async (request, reply) => {
      const { id, pairingId } = request.params;
      await deletePairing(serviceContext(request, deps), id, pairingId, request.body);
      return reply.status(204).send(null);
    },
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/studies/:id/sites',
    {
      config: { access: studyAccess.read },
      schema: {
        tags: ['studies'],
        summary: 'List the clinical sites the study is paired with',
        params: idParam,
        querystring: listQuerySchema,
        response: {
          200: listResponseSchema(companySchema.partial().required({ id: true }), companySchema),
          ...studyPartErrors,
        },
      },
    },
    (request) => listPairedSites(serviceContext(request, deps), request.params.id, request.query),
  );
}

/** `/studies`: list, create, read, update (toggle and distribution list included), and its pairings. */
export default defineConfigResource({
  key: 'studies',
  schemas: { item: studySchema, create: studyCreateBodySchema, update: studyUpdateBodySchema },
  list: listStudies,
  get: getStudy,
  create: createStudy,
  update: updateStudy,
  unique: uniqueNameOf(studies),
  moreRoutes: pairingRoutes,
});
