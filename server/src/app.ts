import { existsSync } from 'node:fs';
import path from 'node:path';
import { type ErrorBody, messages } from '@dosechain/contract';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX, registerAccessControl } from './http/access.ts';
import type { AppDeps } from './http/deps.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { apiModules } from './modules/index.ts';

export interface BuildAppOptions extends AppDeps {
  logger?: FastifyServerOptions['logger'];
}

/** Log settings: structured pino lines with credentials redacted. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.refreshToken'],
      censor: '[redacted]',
    },
  };
}

/** Builds the whole HTTP application on the given database; tests call this with their own. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { logger, ...deps } = options;
  const app = Fastify({
    logger: logger ?? false,
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Emotion (MUI) injects its styles inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'DoseChain API', version: '1.0.0', description: 'Radiopharmaceutical dose ordering' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerAccessControl(app, deps);
  app.get(`${API_PREFIX}/openapi.json`, { config: { access: 'public' }, schema: { hide: true } }, () =>
    app.swagger(),
  );
  for (const mod of apiModules) await app.register((scope) => mod(scope, deps), { prefix: API_PREFIX });

  const hasWeb = existsSync(path.join(deps.config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: deps.config.webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api') || !hasWeb || request.method !== 'GET') {
      const body: ErrorBody = { code: 'NOT_FOUND', message: messages.notFoundGeneric, errors: [] };
      return reply.status(404).send(body);
    }
    // The single-page app owns every other path (its router shows 'Page not found').
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}
