/**
 * Issue 19: the web app's calls are typed from the contract's endpoint table
 * (`packages/contract/src/api-endpoints.ts`). Each entry must be a route of the server with the
 * same query, body and success answer, so that a type the web app reads is the one the server
 * sends: a route renamed, or an answer changed on one side only, fails here by name.
 */
import { type ApiEndpoint, apiEndpoints } from '@dosechain/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from './helpers.ts';

interface RouteSchemas {
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Record<string, z.ZodType>;
}

const routes = new Map<string, RouteSchemas>();
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    seed: false,
    // The sign-in with an identity provider's routes exist only when one is configured (never reached here).
    config: {
      oidc: {
        issuer: 'http://127.0.0.1:9',
        clientId: 'dosechain',
        clientSecret: 'unused',
        buttonLabel: 'Sign in',
        createUsers: false,
      },
    },
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat())
        routes.set(`${method} ${route.url.replace(/^\/api\/v1/, '')}`, (route.schema ?? {}) as RouteSchemas);
    },
  });
});
afterAll(() => t.close());

/** A schema as JSON Schema, for comparing two schemas built apart (each list's item, e.g.). */
const json = (schema: z.ZodType | undefined) =>
  schema === undefined ? undefined : z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' });

/** The answer of the route's success status (the one 2xx it declares). */
function successAnswer(schemas: RouteSchemas): z.ZodType | undefined {
  const statuses = Object.keys(schemas.response ?? {}).filter((s) => s.startsWith('2'));
  return statuses.length === 1 ? schemas.response?.[statuses[0] as string] : undefined;
}

describe('the contract endpoint table', () => {
  const entries = Object.entries(apiEndpoints) as [string, ApiEndpoint][];

  it.each(entries)('%s is a route of the server with the same schemas', (key, endpoint) => {
    const route = routes.get(key);
    expect(route, `${key} is not a route of the server`).toBeDefined();
    if (!route) return;
    expect(json(successAnswer(route)), `${key}: answer`).toEqual(json(endpoint.answer));
    expect(json(route.body), `${key}: body`).toEqual(json(endpoint.body));
    if (endpoint.query) expect(json(route.querystring), `${key}: query`).toEqual(json(endpoint.query));
  });

  it('names a list item only for list routes, the answer holding it partially', () => {
    for (const [key, endpoint] of entries) {
      if (!endpoint.item) continue;
      const items = (json(endpoint.answer) as { properties?: { items?: unknown } }).properties?.items;
      expect(items, `${key} answers a list`).toBeDefined();
    }
  });
});
