import { existsSync } from 'node:fs';
import path from 'node:path';
import { type ErrorBody, messages } from '@dosechain/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { countAsStaticFile } from '../metrics/route.ts';

/** Vite names every file under assets/ by a hash of its content: it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files are checked with the server on every use. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built single-page app from `webDist` (when there is one) and answers every other
 * path: API paths and non-GET requests with the contract's 404 body, the rest with index.html,
 * whose router shows 'Page not found' itself.
 *
 * The build stores a Brotli and a gzip copy beside each text file (web/vite.config.ts);
 * they are sent to browsers that accept them, so nothing is compressed per request.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        countAsStaticFile(reply.request);
        const inAssets = path.relative(webDist, filePath).split(path.sep)[0] === 'assets';
        reply.header('cache-control', inAssets ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api') || !hasWeb || request.method !== 'GET') {
      const body: ErrorBody = { code: 'NOT_FOUND', message: messages.notFoundGeneric, errors: [] };
      return reply.status(404).send(body);
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
