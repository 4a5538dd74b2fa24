import {
  errorBodySchema,
  meUserSchema,
  ownPasswordChangeBodySchema,
  profileUpdateBodySchema,
  switchRoleBodySchema,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeOwnPassword } from '../../kernel/auth/credentials.ts';
import { principalOf } from '../../kernel/http/access.ts';
import { serviceContext } from '../../kernel/http/context.ts';
import { credentialRateLimit } from '../../kernel/http/credential-routes.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { updateProfile } from './profile.ts';
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
  r.put(
    '/users/me/password',
    {
      config: {
        access: 'authenticated',
        // A stolen session must not be able to guess the current password at speed.
        rateLimit: credentialRateLimit(deps),
      },
      schema: {
        tags: ['me'],
        body: ownPasswordChangeBodySchema,
        response: { 204: z.null(), 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = { db: deps.db, clock: deps.clock, config: deps.config, log: request.log };
      await changeOwnPassword(ctx, principalOf(request).user, request.body);
      return reply.status(204).send(null);
    },
  );
  r.put(
    '/users/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['me'],
        body: profileUpdateBodySchema,
        response: { 200: meUserSchema, 400: errorBodySchema, ...errors },
      },
    },
    (request) => updateProfile(serviceContext(request, deps), request.body),
  );
}
