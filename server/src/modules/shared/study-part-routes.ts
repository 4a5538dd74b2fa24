import {
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

export const studyPartErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * A part of a study's configuration kept under `/studies/{id}/<segment>` (its pairings, its API
 * keys): listed and created with the study's own read and create requirements (the registry's
 * `studies` entry), 404 when the study is missing. Its other routes (delete, revoke) differ and
 * stay with it; `studyAccess` gives them the study's update requirement.
 */
export interface StudyPart<C extends z.ZodType, T extends { id: number }> {
  /** The path segment after `/studies/{id}/`. */
  segment: string;
  /** The OpenAPI tag of its routes. */
  tag: string;
  /** The item a list answers (partially, as `fields` asks) and a creation answers unless `created` says. */
  item: z.ZodObject;
  /** The creation's body. */
  create: C;
  /** What a creation answers when it is not the item (an API key's secret, shown once). */
  created?: z.ZodType;
  /** The creation's summary and description in the OpenAPI document. */
  createDocs?: { summary: string; description?: string };
  list: (ctx: ServiceContext, studyId: number, query: ListQuery) => Promise<ListResponse<ListItem<T>>>;
  add: (ctx: ServiceContext, studyId: number, input: z.output<C>) => Promise<unknown>;
}

/** The study's configuration requirements, which its parts share. */
export const studyAccess = configResourceOf('studies').access;

/** `GET` and `POST /studies/{id}/<segment>` of a study part. */
export function studyPartRoutes<C extends z.ZodType, T extends { id: number }>(
  app: FastifyInstance,
  deps: AppDeps,
  part: StudyPart<C, T>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const path = `/studies/:id/${part.segment}`;
  const tags = [part.tag];
  r.get(
    path,
    {
      config: { access: studyAccess.read },
      schema: {
        tags,
        params: idParam,
        querystring: listQuerySchema,
        response: {
          200: listResponseSchema(part.item.partial().required({ id: true }), part.item),
          ...studyPartErrors,
        },
      },
    },
    (request) => part.list(serviceContext(request, deps), request.params.id, request.query),
  );
  r.post(
    path,
    {
      config: { access: studyAccess.create },
      schema: {
        tags,
        ...part.createDocs,
        params: idParam,
        body: part.create,
        response: { 201: part.created ?? part.item, ...studyPartErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await part.add(serviceContext(request, deps), request.params.id, request.body as z.output<C>)),
  );
}
