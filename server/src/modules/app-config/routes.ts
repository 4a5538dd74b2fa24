import { appConfigSchema } from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../kernel/http/deps.ts';

/** Public settings the web app needs before login: support contact and e-signature mode. */
export function appConfigRoutes(app: FastifyInstance, deps: AppDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/app-config',
      { config: { access: 'public' }, schema: { tags: ['app'], response: { 200: appConfigSchema } } },
      () => {
        const { oidc } = deps.config;
        const base = { supportEmail: deps.config.supportEmail, eSignature: deps.config.eSignature };
        // The login page's "Sign in with …" button, only when a provider is configured.
        return oidc ? { ...base, oidc: { buttonLabel: oidc.buttonLabel, issuer: oidc.issuer } } : base;
      },
    );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['app'], response: { 200: z.object({ ok: z.boolean() }) } },
    },
    () => ({ ok: true }),
  );
}
