import {
  type ConfigResourceKey,
  configResources,
  errorBodySchema,
  idParam,
  type ListQuery,
  type ListResponse,
  listQuerySchema,
  listResponseSchema,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type ServiceContext, serviceContext } from '../../http/context.ts';
import type { AppDeps } from '../../http/deps.ts';
import type { ListItem } from '../../http/list-query.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const withNotFound = { ...errors, 404: errorBodySchema, 409: errorBodySchema };

/** A configuration resource: its registry entry (path and access), schemas and service functions. */
export interface ConfigResource<T extends { id: number }, C extends z.ZodType, U extends z.ZodType> {
  /** Its entry in the contract's `configResources`. */
  key: ConfigResourceKey;
  item: z.ZodObject;
  createBody: C;
  updateBody: U;
  list: (ctx: ServiceContext, query: ListQuery) => Promise<ListResponse<ListItem<T>>>;
  get: (ctx: ServiceContext, id: number) => Promise<T>;
  create: (ctx: ServiceContext, input: z.output<C>) => Promise<T>;
  update: (ctx: ServiceContext, id: number, input: z.output<U>) => Promise<T>;
}

/**
 * The four routes of a configuration resource — list, create, read, update (toggling is an
 * update) — under the registry entry's path, with its read, create and update requirements.
 */
export function configRoutes<T extends { id: number }, C extends z.ZodType, U extends z.ZodType>(
  resource: ConfigResource<T, C, U>,
) {
  const { item } = resource;
  const { path, access } = configResources[resource.key];
  const tags = [path.slice(1)];
  return (app: FastifyInstance, deps: AppDeps): void => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      path,
      {
        config: { access: access.read },
        schema: {
          tags,
          querystring: listQuerySchema,
          response: { 200: listResponseSchema(item.partial().required({ id: true })), ...errors },
        },
      },
      (request) => resource.list(serviceContext(request, deps), request.query),
    );
    r.post(
      path,
      {
        config: { access: access.create },
        schema: { tags, body: resource.createBody, response: { 201: item, ...withNotFound } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await resource.create(serviceContext(request, deps), request.body as z.output<C>)),
    );
    r.get(
      `${path}/:id`,
      {
        config: { access: access.read },
        schema: { tags, params: idParam, response: { 200: item, ...withNotFound } },
      },
      (request) => resource.get(serviceContext(request, deps), request.params.id),
    );
    r.put(
      `${path}/:id`,
      {
        config: { access: access.update },
        schema: {
          tags,
          params: idParam,
          body: resource.updateBody,
          response: { 200: item, ...withNotFound },
        },
      },
      (request) =>
        resource.update(serviceContext(request, deps), request.params.id, request.body as z.output<U>),
    );
  };
}
