import {
  availabilityCreateBodySchema,
  availabilitySchema,
  availabilitySearchAnswerSchema,
  availabilitySearchQuerySchema,
  availabilityUpdateBodySchema,
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
import { searchAvailability } from './search.ts';
import { createAvailability, getAvailability, listAvailabilities, updateAvailability } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const withNotFound = { ...errors, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['drug-availabilities'];
const path = '/drug-availabilities';

/**
 * `/drug-availabilities`: staff/admin with cmoManufactureAvailability.read / create / update
 * (activate and inactivate are updates); the search is for whoever places orders.
 */
export function availabilityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    path,
    {
      config: { access: { permissions: ['cmoManufactureAvailability.read'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(availabilitySchema.partial().required({ id: true })), ...errors },
      },
    },
    (request) => listAvailabilities(serviceContext(request, deps), request.query),
  );
  r.get(
    `${path}/search`,
    {
      config: { access: { permissions: ['order.create'] } },
      schema: {
        tags,
        querystring: availabilitySearchQuerySchema,
        response: { 200: availabilitySearchAnswerSchema, ...withNotFound },
      },
    },
    (request) => searchAvailability(serviceContext(request, deps), request.query),
  );
  r.post(
    path,
    {
      config: { access: { permissions: ['cmoManufactureAvailability.create'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        body: availabilityCreateBodySchema,
        response: { 201: availabilitySchema, ...withNotFound },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAvailability(serviceContext(request, deps), request.body)),
  );
  r.get(
    `${path}/:id`,
    {
      config: { access: { permissions: ['cmoManufactureAvailability.read'], roles: STAFF_ADMIN } },
      schema: { tags, params: idParam, response: { 200: availabilitySchema, ...withNotFound } },
    },
    (request) => getAvailability(serviceContext(request, deps), request.params.id),
  );
  r.put(
    `${path}/:id`,
    {
      config: { access: { permissions: ['cmoManufactureAvailability.update'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        params: idParam,
        body: availabilityUpdateBodySchema,
        response: { 200: availabilitySchema, ...withNotFound },
      },
    },
    (request) => updateAvailability(serviceContext(request, deps), request.params.id, request.body),
  );
}
