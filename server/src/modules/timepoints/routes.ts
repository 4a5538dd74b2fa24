import {
  errorBodySchema,
  idParam,
  listQuerySchema,
  listResponseSchema,
  STAFF_ADMIN,
  timepointCreateBodySchema,
  timepointSchema,
  timepointUpdateBodySchema,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../http/context.ts';
import type { AppDeps } from '../../http/deps.ts';
import { createTimepoint, getTimepoint, listTimepoints, updateTimepoint } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['timepoints'];

/** `/timepoints`: list, create, read, update; configuration is staff/admin only. */
export function timepointRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/timepoints',
    {
      config: { access: { permissions: ['config.read'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(timepointSchema.partial().required({ id: true })), ...errors },
      },
    },
    (request) => listTimepoints(serviceContext(request, deps), request.query),
  );
  r.post(
    '/timepoints',
    {
      config: { access: { permissions: ['config.create'], roles: STAFF_ADMIN } },
      schema: { tags, body: timepointCreateBodySchema, response: { 201: timepointSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await createTimepoint(serviceContext(request, deps), request.body)),
  );
  r.get(
    '/timepoints/:id',
    {
      config: { access: { permissions: ['config.read'], roles: STAFF_ADMIN } },
      schema: { tags, params: idParam, response: { 200: timepointSchema, 404: errorBodySchema, ...errors } },
    },
    (request) => getTimepoint(serviceContext(request, deps), request.params.id),
  );
  r.put(
    '/timepoints/:id',
    {
      config: { access: { permissions: ['config.update'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        params: idParam,
        body: timepointUpdateBodySchema,
        response: { 200: timepointSchema, 404: errorBodySchema, ...errors },
      },
    },
    (request) => updateTimepoint(serviceContext(request, deps), request.params.id, request.body),
  );
}
