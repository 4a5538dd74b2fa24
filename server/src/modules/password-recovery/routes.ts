import {
  errorBodySchema,
  passwordRecoveryBodySchema,
  validateTokenBodySchema,
  validateTokenResponseSchema,
} from '@dosechain/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCredentialRoute } from '../../kernel/http/credential-routes.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { type RecoveryContext, requestRecovery, validateRecoveryToken } from './service.ts';

const errors = { 400: errorBodySchema, 429: errorBodySchema };

/** Password recovery by e-mail; the reset itself is `PUT /users/password-change` with the token. */
export function passwordRecoveryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): RecoveryContext => ({
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    log: request.log,
    mailer: deps.mailer,
  });
  // Addresses and tokens can be guessed per IP, and each request may send a mail: limited like /auth.
  const limited = publicCredentialRoute(deps);

  r.post(
    '/users/password-recovery',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        body: passwordRecoveryBodySchema,
        response: { 202: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await requestRecovery(ctx(request), request.body.email);
      return reply.status(202).send(undefined);
    },
  );

  r.post(
    '/validate-token',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        body: validateTokenBodySchema,
        response: { 200: validateTokenResponseSchema, ...errors },
      },
    },
    async (request) => ({ valid: await validateRecoveryToken(ctx(request), request.body.token) }),
  );
}
