import {
  drugCreateBodySchema,
  drugSchema,
  drugUpdateBodySchema,
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
import { createDrug, getDrug, listDrugs, updateDrug } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['drugs'];

/** `/drugs`: list, create, read, update; configuration is staff/admin only. */
export function drugRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/drugs',
    {
      config: { access: { permissions: ['config.read'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(drugSchema.partial().required({ id: true })), ...errors },
      },
    },
    (request) => listDrugs(serviceContext(request, deps), request.query),
  );
  r.post(
    '/drugs',
    {
      config: { access: { permissions: ['config.create'], roles: STAFF_ADMIN } },
      schema: { tags, body: drugCreateBodySchema, response: { 201: drugSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await createDrug(serviceContext(request, deps), request.body)),
  );
  r.get(
    '/drugs/:id',
    {
      config: { access: { permissions: ['config.read'], roles: STAFF_ADMIN } },
      schema: { tags, params: idParam, response: { 200: drugSchema, 404: errorBodySchema, ...errors } },
    },
    (request) => getDrug(serviceContext(request, deps), request.params.id),
  );
  r.put(
    '/drugs/:id',
    {
      config: { access: { permissions: ['config.update'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        params: idParam,
        body: drugUpdateBodySchema,
        response: { 200: drugSchema, 404: errorBodySchema, ...errors },
      },
    },
    (request) => updateDrug(serviceContext(request, deps), request.params.id, request.body),
  );
}
