import {
  errorBodySchema,
  idParam,
  listQuerySchema,
  listResponseSchema,
  pairingCreateBodySchema,
  pairingDeleteBodySchema,
  pairingParams,
  pairingSchema,
  STAFF_ADMIN,
  studyCreateBodySchema,
  studySchema,
  studyUpdateBodySchema,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { studies } from '../../db/schema.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppDeps } from '../../http/deps.ts';
import { defineConfigResource } from '../shared/config-routes.ts';
import { uniqueNameOf } from '../shared/unique-name.ts';
import { createPairing, deletePairing, listPairings } from './pairings.ts';
import { createStudy, getStudy, listStudies, updateStudy } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['studies'];

/** `/studies/{id}/pairings`: list, add, delete (with a reason). */
function pairingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/studies/:id/pairings',
    {
      config: { access: { permissions: ['config.read'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        params: idParam,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(pairingSchema.partial().required({ id: true })), ...errors },
      },
    },
    (request) => listPairings(serviceContext(request, deps), request.params.id, request.query),
  );
  r.post(
    '/studies/:id/pairings',
    {
      config: { access: { permissions: ['config.create'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        params: idParam,
        body: pairingCreateBodySchema,
        response: { 201: pairingSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createPairing(serviceContext(request, deps), request.params.id, request.body)),
  );
  r.delete(
    '/studies/:id/pairings/:pairingId',
    {
      config: { access: { permissions: ['config.update'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        params: pairingParams,
        body: pairingDeleteBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, pairingId } = request.params;
      await deletePairing(serviceContext(request, deps), id, pairingId, request.body);
      return reply.status(204).send(null);
    },
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
