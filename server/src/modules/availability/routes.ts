import {
  availabilityCreateBodySchema,
  availabilityExceptionListSchema,
  availabilityExceptionSchema,
  availabilitySchema,
  availabilitySearchAnswerSchema,
  availabilitySearchQuerySchema,
  availabilityUpdateBodySchema,
  errorBodySchema,
  exceptionCreateBodySchema,
  exceptionDeleteBodySchema,
  exceptionParams,
  exceptionUpdateBodySchema,
  idParam,
  listQuerySchema,
  listResponseSchema,
  STAFF_ADMIN,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceContext } from '../../kernel/http/context.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { createException, deleteException, listExceptions, updateException } from './exceptions.ts';
import { searchAvailability } from './search.ts';
import { createAvailability, getAvailability, listAvailabilities, updateAvailability } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const withNotFound = { ...errors, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['drug-availabilities'];
const path = '/drug-availabilities';

/**
 * `/drug-availabilities`: staff/admin with cmoManufactureAvailability.read / create / update
 * (activate and inactivate are updates); the search is for whoever places orders. Its
 * manufacturing exceptions (decision 026): read with the availability, added, changed and
 * removed by whoever may update it.
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
        response: {
          200: listResponseSchema(availabilitySchema.partial().required({ id: true }), availabilitySchema),
          ...errors,
        },
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
  const editors = { permissions: ['cmoManufactureAvailability.update' as const], roles: STAFF_ADMIN };
  r.get(
    `${path}/:id/exceptions`,
    {
      config: { access: { permissions: ['cmoManufactureAvailability.read'], roles: STAFF_ADMIN } },
      schema: { tags, params: idParam, response: { 200: availabilityExceptionListSchema, ...withNotFound } },
    },
    (request) => listExceptions(serviceContext(request, deps), request.params.id),
  );
  r.post(
    `${path}/:id/exceptions`,
    {
      config: { access: editors },
      schema: {
        tags,
        params: idParam,
        body: exceptionCreateBodySchema,
        response: { 201: availabilityExceptionSchema, ...withNotFound },
      },
    },
    async (request, reply) => {
      const answer = await createException(serviceContext(request, deps), request.params.id, request.body);
      if (answer.mailed) deps.mailer.wake();
      return reply.status(201).send(answer.exception);
    },
  );
  r.put(
    `${path}/:id/exceptions/:exceptionId`,
    {
      config: { access: editors },
      schema: {
        tags,
        params: exceptionParams,
        body: exceptionUpdateBodySchema,
        response: { 200: availabilityExceptionSchema, ...withNotFound },
      },
    },
    async (request) => {
      const { id, exceptionId } = request.params;
      const answer = await updateException(serviceContext(request, deps), id, exceptionId, request.body);
      if (answer.mailed) deps.mailer.wake();
      return answer.exception;
    },
  );
  r.delete(
    `${path}/:id/exceptions/:exceptionId`,
    {
      config: { access: editors },
      schema: {
        tags,
        params: exceptionParams,
        body: exceptionDeleteBodySchema,
        response: { 204: z.null(), ...withNotFound },
      },
    },
    async (request, reply) => {
      const { id, exceptionId } = request.params;
      await deleteException(serviceContext(request, deps), id, exceptionId, request.body);
      return reply.status(204).send(null);
    },
  );
}
