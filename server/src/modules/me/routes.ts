import { errorBodySchema, meUserSchema, switchRoleBodySchema } from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { getMe, switchRole } from './service.ts';

const errors = { 401: errorBodySchema, 403: errorBodySchema };

export function meRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/me',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['me'], response: { 200: meUserSchema, ...errors } },
    },
    (request) => getMe(deps.db, principalOf(request)),
  );
  r.put(
    '/users/me/role',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['me'],
        body: switchRoleBodySchema,
        response: { 200: meUserSchema, 400: errorBodySchema, ...errors },
      },
    },
    (request) => switchRole(deps.db, principalOf(request), request.body.roleId),
  );
}
