import {
  type ConfigResourceKey,
  configResourceOf,
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
import { type ServiceContext, serviceContext } from '../../kernel/http/context.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import type { ListItem } from '../../kernel/http/list-query.ts';
import type { CheckedFields } from './unique-name.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const withNotFound = { ...errors, 404: errorBodySchema, 409: errorBodySchema };

/**
 * A configuration entity's server side: its schemas and service functions, and what the
 * registry entry does not say. Its path and access come from the entry (`configResources[key]`).
 */
export interface ConfigResource<
  C extends z.ZodType = z.ZodType,
  U extends z.ZodType = z.ZodType,
  T extends { id: number } = { id: number },
> {
  /** Its entry in the contract's `configResources`. */
  key: ConfigResourceKey;
  /** The contract's schemas of its routes: the item answered, the create and update bodies. */
  schemas: { item: z.ZodObject; create: C; update: U };
  list: (ctx: ServiceContext, query: ListQuery) => Promise<ListResponse<ListItem<T>>>;
  get: (ctx: ServiceContext, id: number) => Promise<T>;
  create: (ctx: ServiceContext, input: z.output<C>) => Promise<T>;
  update: (ctx: ServiceContext, id: number, input: z.output<U>) => Promise<T>;
  /**
   * Where `GET /check-in-use` finds the values of the entry's `checkInUse` entity (its table,
   * column and id), per field; needed when the entry names one.
   */
  unique?: CheckedFields;
  /** Its routes besides the four (a study's pairings, a user's unlock). */
  moreRoutes?: (app: FastifyInstance, deps: AppDeps) => void;
}

/**
 * A configuration entity's server side, the default export of `modules/<key>/resource.ts`
 * (`config-resources/load.ts` finds it there by the key). The service functions are typed by the
 * schemas.
 */
export function defineConfigResource<C extends z.ZodType, U extends z.ZodType, T extends { id: number }>(
  resource: ConfigResource<C, U, T>,
): ConfigResource<C, U, T> {
  return resource;
}

/**
 * The four routes of a configuration resource — list, create, read, update (toggling is an
 * update) — under the registry entry's path, with its read, create and update requirements, and
 * the resource's schemas; then its own routes.
 */
export function configRoutes<C extends z.ZodType, U extends z.ZodType, T extends { id: number }>(
  resource: ConfigResource<C, U, T>,
) {
  const { path, access } = configResourceOf(resource.key);
  const { schemas } = resource;
  const item = schemas.item;
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
          response: { 200: listResponseSchema(item.partial().required({ id: true }), item), ...errors },
        },
      },
      (request) => resource.list(serviceContext(request, deps), request.query),
    );
    r.post(
      path,
      {
        config: { access: access.create },
        schema: { tags, body: schemas.create, response: { 201: item, ...withNotFound } },
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
          body: schemas.update,
          response: { 200: item, ...withNotFound },
        },
      },
      (request) =>
        resource.update(serviceContext(request, deps), request.params.id, request.body as z.output<U>),
    );
    resource.moreRoutes?.(app, deps);
  };
}
