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
import { AppError } from '../../kernel/http/app-error.ts';
import { authContextOf, publicCredentialRoute } from '../../kernel/http/credential-routes.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { meAfterLogin } from '../me/index.ts';
import { resetPasswordWithToken } from '../password-recovery/index.ts';
import { oidcRoutes } from './oidc-routes.ts';
import { changePassword, login, logout, refresh, timingDecoy } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };

export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await timingDecoy();
  const ctx = authContextOf(deps);
  const limited = publicCredentialRoute(deps);

  r.post(
    '/auth/login',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        querystring: loginQuerySchema,
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, tokens } = await login(ctx(request), request.body).catch((err: unknown) => {
        if (err instanceof AppError) deps.metrics.loginFailures.inc({ reason: err.code });
        throw err;
      });
      if (request.query.includeUser !== 'true') return tokens;
      return { ...tokens, user: await meAfterLogin(deps.db, user) };
    },
  );

  r.post(
    '/auth/refresh',
    {
      config: limited,
      schema: { tags: ['auth'], body: refreshBodySchema, response: { 200: tokenPairSchema, ...errors } },
    },
    (request) => refresh(ctx(request), request.body.refreshToken),
  );

  r.post(
    '/auth/logout',
    {
      config: limited,
      schema: { tags: ['auth'], body: refreshBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await logout(ctx(request), request.body.refreshToken);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/users/password-change',
    {
      config: limited,
      schema: { tags: ['auth'], body: passwordChangeBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const { body } = request;
      // The token form completes password recovery; the username form serves an expired password.
      await ('token' in body
        ? resetPasswordWithToken(ctx(request), body)
        : changePassword(ctx(request), body));
      return reply.status(204).send(null);
    },
  );

  // Only when OIDC_* are set: without them the API is as before.
  await oidcRoutes(app, deps);
}
