import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthenticated } from '../http/app-error.ts';
import type { AppMetrics } from './instruments.ts';

/** Where Prometheus scrapes; outside /api/v1, so the user permission system never sees it. */
export const METRICS_PATH = '/metrics';

/** Compares in constant time: both sides are hashed first, so their lengths leak nothing either. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The route label of the web app's files (its assets, and index.html for the UI's own paths). */
export const STATIC_ROUTE = 'static';
const staticFileRequests = new WeakSet<FastifyRequest>();

/**
 * Counts the request as one for a file of the web app (`http/web-app.ts` calls it as it sends
 * one): each asset has a route of its own and the UI's paths have none, so their patterns would
 * be one label per file of each build, or "unmatched".
 */
export function countAsStaticFile(request: FastifyRequest): void {
  staticFileRequests.add(request);
}

/**
 * Times every request by its route pattern (not its URL: ids would explode the label set); the
 * web app's files as "static", requests no route matched as "unmatched".
 */
export function registerRequestTiming(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: staticFileRequests.has(request) ? STATIC_ROUTE : (request.routeOptions.url ?? 'unmatched'),
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * `GET /metrics` in Prometheus's text format for `Authorization: Bearer <METRICS_TOKEN>`, 401
 * otherwise. Registered only when a token is configured: without one it is an unknown route.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics, token: string): void {
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!sameSecret(given, token)) throw unauthenticated();
    reply.header('cache-control', 'no-store');
    return reply.type(metrics.registry.contentType).send(await metrics.scrape());
  });
}
