import {
  errorBodySchema,
  loginBodySchema,
  loginQuerySchema,
  loginResponseSchema,
  passwordChangeBodySchema,
  refreshBodySchema,
  tokenPairSchema,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { meAfterLogin } from '../me/service.ts';
import { changePassword, login, logout, refresh } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Credentials are guessed per IP: every call that takes a password or token is rate-limited.
  const limited = {
    access: 'public' as const,
    rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' },
  };

  r.post(
    '/auth/login',
    {
      config: limited,
      schema: {
        tags: ['session'],
        querystring: loginQuerySchema,
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, tokens } = await login(deps, request.body, request.log);
      if (request.query.includeUser !== 'true') return tokens;
      return { ...tokens, user: await meAfterLogin(deps.db, user) };
    },
  );

  r.post(
    '/auth/refresh',
    {
      config: limited,
      schema: { tags: ['session'], body: refreshBodySchema, response: { 200: tokenPairSchema, ...errors } },
    },
    (request) => refresh(deps, request.body.refreshToken),
  );

  r.post(
    '/auth/logout',
    {
      config: limited,
      schema: { tags: ['session'], body: refreshBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await logout(deps, request.body.refreshToken);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/users/password-change',
    {
      config: limited,
      schema: { tags: ['session'], body: passwordChangeBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await changePassword(deps, request.body, request.log);
      return reply.status(204).send(null);
    },
  );
}
