import {
  type CompanyType,
  companyBodySchemas,
  companySchema,
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
import { createCompany, getCompany, listCompanies, updateCompany } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
/** A list item: the whole company, or the `fields` asked for (always with id). */
const companyListSchema = listResponseSchema(companySchema.partial().required({ id: true }));

/**
 * The routes of one company kind under its path (`/cmos`, `/clinical-sites`, `/imaging-centers`):
 * list, create, read, update. Configuration is staff/admin only (spec section 6).
 */
export function companyRoutes(type: CompanyType, path: string) {
  return (app: FastifyInstance, deps: AppDeps): void => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Each kind accepts only its own link field (a CMO has none).
    const bodies = companyBodySchemas(type);
    const tags = [path.slice(1)];

    r.get(
      path,
      {
        config: { access: { permissions: ['config.read'], roles: STAFF_ADMIN } },
        schema: { tags, querystring: listQuerySchema, response: { 200: companyListSchema, ...errors } },
      },
      (request) => listCompanies(serviceContext(request, deps), type, request.query),
    );

    r.post(
      path,
      {
        config: { access: { permissions: ['config.create'], roles: STAFF_ADMIN } },
        schema: { tags, body: bodies.create, response: { 201: companySchema, ...errors } },
      },
      async (request, reply) => {
        const company = await createCompany(serviceContext(request, deps), type, request.body);
        return reply.status(201).send(company);
      },
    );

    r.get(
      `${path}/:id`,
      {
        config: { access: { permissions: ['config.read'], roles: STAFF_ADMIN } },
        schema: { tags, params: idParam, response: { 200: companySchema, 404: errorBodySchema, ...errors } },
      },
      (request) => getCompany(serviceContext(request, deps), type, request.params.id),
    );

    r.put(
      `${path}/:id`,
      {
        config: { access: { permissions: ['config.update'], roles: STAFF_ADMIN } },
        schema: {
          tags,
          params: idParam,
          body: bodies.update,
          response: { 200: companySchema, 404: errorBodySchema, ...errors },
        },
      },
      (request) => updateCompany(serviceContext(request, deps), type, request.params.id, request.body),
    );
  };
}

export const cmoRoutes = companyRoutes('cmo', '/cmos');
export const clinicalSiteRoutes = companyRoutes('clinical_site', '/clinical-sites');
export const imagingCenterRoutes = companyRoutes('imaging_center', '/imaging-centers');
