import { errorBodySchema } from '@dosechain/contract';
import { asc, eq, inArray, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../src/kernel/db/schema.ts';
import { existingIds, paramsArbitrary } from './fuzz/existing-ids.ts';
import { changedTables, writeFingerprinter } from './fuzz/fingerprint.ts';
import { fieldHints } from './fuzz/hints.ts';
import {
  type FuzzRoute,
  type GeneratedRequest,
  parts,
  requestArbitrary,
  toQuery,
  toUrl,
} from './fuzz/request.ts';
import { excludedRoutes, routeInputs, routesWithoutInput } from './fuzz/routes.ts';
import { buildTestApp } from './helpers.ts';

/**
 * Property-based requests to every route, generated from its own zod schemas (issue 8): valid
 * inputs, near-misses (one thing broken) and arbitrary JSON, sent as the admin (who passes
 * authorization, so validation and the handlers are reached). Every answer must be below 500,
 * match the response schema the route declares for its status (a 4xx also the common error
 * body), and a 4xx must leave every table as it was. FUZZ_RUNS (default 200) requests per
 * route; FUZZ_SEED fixes the seed (default: a constant, so CI runs the same cases every time),
 * and a failure prints the seed and path that replay it.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

const collected: RouteOptions[] = [];
const t = await buildTestApp({
  // Well above the fuzz's own rate; the limiter is not what is under test here.
  config: { authRateLimitPerMinute: 1_000_000 },
  onRoute: (route) => {
    collected.push(route);
  },
});
// Mail and webhook deliveries stay queued: an attempt in the background would be a write no
// request made (a webhook's attempt writes its delivery and its endpoint's circuit breaker).
await t.app.mailDispatcher.stop();
await t.app.webhookDispatcher.stop();
const fingerprint = await writeFingerprinter(t.db);
// Replaced when a fuzzed request ended the admin's sessions (its own password change).
let headers = (await t.loginAs('admin')).headers();
const [adminRow] = await t.db.select().from(users).where(eq(users.username, 'admin'));
const otherUserIds = (
  await t.db.select({ id: users.id }).from(users).where(ne(users.id, adminRow!.id)).orderBy(asc(users.id))
).map((u) => u.id);
const overrides = routeInputs();
const hint = fieldHints(t.clock.now());
const existing = await existingIds(t.db, otherUserIds);

/** The demo users' sign-in state, put back after a request that changed a password. */
const demoUsers = await t.db.select().from(users);
async function restoreUsers(usernames: readonly string[]): Promise<void> {
  for (const row of demoUsers.filter((u) => usernames.includes(u.username))) {
    await t.db
      .update(users)
      .set({
        passwordHash: row.passwordHash,
        passwordChangedAt: row.passwordChangedAt,
        failedLoginCount: row.failedLoginCount,
        lastFailedLoginAt: row.lastFailedLoginAt,
        lockedOut: row.lockedOut,
        lockedUntil: row.lockedUntil,
        active: row.active,
        isAdmin: row.isAdmin,
      })
      .where(inArray(users.id, [row.id]));
  }
  // A password change ends every session of the user at once: the admin logs in again.
  if (usernames.includes('admin')) headers = (await t.loginAs('admin')).headers();
}

/**
 * A wrong e-signature counts toward the lock like a wrong password, by design (a write on a
 * 400, as a wrong login is); the fuzz signs as the admin, so it puts the admin's count back
 * after each one: the 400 then leaves every table as it was, and the admin is never paced.
 */
interface SignInState {
  count: number;
  last: string | null;
  signatureCount: number;
  signatureLast: string | null;
  locked: boolean;
  until: string | null;
  updated: string;
}
// Timestamps as text: PostgreSQL keeps microseconds that a JavaScript Date would drop.
const signInState = async (): Promise<SignInState> => {
  const result = await t.db.execute(sql`
    select failed_login_count as count, last_failed_login_at::text as last,
           failed_signature_count as "signatureCount", last_failed_signature_at::text as "signatureLast",
           locked_out as locked,
           locked_until::text as until, updated_at::text as updated
    from users where id = ${adminRow!.id}`);
  return (result as unknown as { rows: SignInState[] }).rows[0]!;
};
const restoreSignInState = (s: SignInState) =>
  t.db.execute(sql`
    update users set failed_login_count = ${s.count}, last_failed_login_at = ${s.last}::timestamptz,
      failed_signature_count = ${s.signatureCount}, last_failed_signature_at = ${s.signatureLast}::timestamptz,
      locked_out = ${s.locked}, locked_until = ${s.until}::timestamptz, updated_at = ${s.updated}::timestamptz
    where id = ${adminRow!.id}`);
const isSignatureFailure = (status: number, body: string) =>
  status === 400 && body.includes('"code":"ESIGN_FAILED"');

/**
 * Whether a route's body can carry an e-signature (so a request can count a failure): only then
 * is the admin's sign-in state read before each request, a query saved on every other request.
 * A schema that cannot be shown as JSON Schema is assumed to carry one.
 */
function takesSignature(route: FuzzRoute): boolean {
  const body = route.inputs.body;
  if (!body) return false;
  try {
    return JSON.stringify(z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' })).includes(
      '"electronicSignature"',
    );
  } catch {
    return true;
  }
}

afterAll(async () => {
  await t.close();
});

const schemaOf = (value: unknown): z.ZodType | undefined =>
  value && typeof value === 'object' && '_zod' in value ? (value as z.ZodType) : undefined;

/** Every registered route and method (HEAD twins left out), with its zod schemas. */
const routes: FuzzRoute[] = collected.flatMap((route) =>
  [route.method]
    .flat()
    .filter((method) => method !== 'HEAD')
    .map((method) => {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const inputs: FuzzRoute['inputs'] = {};
      for (const part of parts) {
        const s = schemaOf(schema[part]);
        if (s) inputs[part] = s;
      }
      const responses = Object.fromEntries(
        Object.entries((schema.response ?? {}) as Record<string, unknown>).flatMap(([status, s]) => {
          const zod = schemaOf(s);
          return zod ? [[status, zod]] : [];
        }),
      );
      return { key: `${method} ${route.url}`, method, url: route.url, inputs, responses };
    }),
);
const hasInput = (r: FuzzRoute) => Object.keys(r.inputs).length > 0;
const fuzzed = routes.filter((r) => hasInput(r) && !(r.key in excludedRoutes));

function injectOptions(route: FuzzRoute, request: GeneratedRequest): InjectOptions {
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: toUrl(route.url, request.params),
    headers,
  };
  if (request.querystring !== undefined) options.query = toQuery(request.querystring);
  if (request.body && 'json' in request.body) {
    options.payload = JSON.stringify(request.body.json);
    options.headers = { ...headers, 'content-type': 'application/json' };
  } else if (request.body && 'raw' in request.body) {
    options.payload = request.body.raw;
    options.headers = { ...headers, 'content-type': 'application/json' };
  }
  return options;
}

/** What is wrong with one answer, or undefined. */
function answerProblem(
  route: FuzzRoute,
  status: number,
  contentType: string,
  text: string,
): string | undefined {
  if (status >= 500) return `answered ${status}`;
  const declared = route.responses[String(status)];
  if (!declared) return `answered ${status}, a status the route does not declare`;
  if (status === 204) return text === '' ? undefined : 'a 204 with a body';
  let body: unknown;
  if (text !== '') {
    if (!contentType.startsWith('application/json')) return `a ${contentType} body, not JSON`;
    body = JSON.parse(text);
  }
  const parsed = declared.safeParse(body);
  if (!parsed.success)
    return `the body does not match the declared ${status} schema: ${parsed.error.message}`;
  if (status >= 400 && !errorBodySchema.safeParse(body).success) return 'a 4xx that is not the error body';
  return undefined;
}

describe('route fuzzing', () => {
  it('collects the routes from the app itself, and leaves none out silently', () => {
    expect(routes.length).toBeGreaterThan(60);
    // Without OIDC_* settings no provider route exists (decision 056); with them,
    // oidc-routes-fuzz.test.ts fuzzes each and the authorization matrix checks them.
    expect(routes.filter((r) => r.url.startsWith('/api/v1/auth/oidc')).map((r) => r.key)).toEqual([]);
    const withoutInput = routes.filter((r) => !hasInput(r)).map((r) => r.key);
    expect(
      withoutInput.sort(),
      'routes without a body/querystring/params schema: list each in routesWithoutInput (server/test/fuzz/routes.ts)',
    ).toEqual([...routesWithoutInput].sort());
    const stale = Object.keys({ ...excludedRoutes, ...overrides }).filter(
      (k) => !routes.some((r) => r.key === k),
    );
    expect(stale, 'excluded or narrowed routes that are not registered').toEqual([]);
  });

  it('the write fingerprint sees a committed change made after it, and the change put back', async () => {
    const start = await fingerprint();
    expect(changedTables(start, await fingerprint())).toEqual([]);
    const moved = sql`update users set updated_at = updated_at + interval '1 second' where id = ${adminRow!.id}`;
    await t.db.execute(moved);
    const changed = await fingerprint();
    expect(changedTables(start, changed)).toEqual(['users']);
    await t.db.execute(
      sql`update users set updated_at = updated_at - interval '1 second' where id = ${adminRow!.id}`,
    );
    expect(changedTables(changed, await fingerprint())).toEqual(['users']);
    expect(changedTables(start, await fingerprint())).toEqual([]);
  });

  for (const route of fuzzed) {
    it(`${route.key}: no 5xx, answers match their schemas, nothing written on a 4xx`, async () => {
      const given = overrides[route.key] ?? {};
      const params = route.inputs.params;
      const inputs = params
        ? { ...given, params: { valid: paramsArbitrary(route.url, params, existing, hint), ...given.params } }
        : given;
      const statuses = new Map<number, number>();
      // The state before each request is the state after the one before it (one query a request).
      let before = await fingerprint();
      const signs = takesSignature(route);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route, hint, inputs), async (request) => {
          const adminState = signs ? await signInState() : undefined;
          const res = await t.app.inject(injectOptions(route, request));
          if (isSignatureFailure(res.statusCode, res.body)) {
            if (!adminState)
              throw new Error(`${route.key} checked a signature its body schema does not name`);
            await restoreSignInState(adminState);
          }
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const problem = answerProblem(
            route,
            res.statusCode,
            String(res.headers['content-type'] ?? ''),
            res.body,
          );
          if (problem) throw new Error(`${route.key} ${problem}\nanswer: ${res.body.slice(0, 600)}`);
          if (res.statusCode < 400 && given.restoreUsers) await restoreUsers(given.restoreUsers);
          const after = await fingerprint();
          // A failed password by name is paced per source address (decision 010): that record is
          // written on a 401 by design, as the account's own count is.
          const changed = changedTables(before, after).filter((table) => table !== 'login_failures');
          before = after;
          if (res.statusCode >= 400 && changed.length > 0)
            throw new Error(
              `${route.key} answered ${res.statusCode} but wrote to ${changed.join(', ')}\nanswer: ${res.body.slice(0, 300)}`,
            );
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (process.env.FUZZ_VERBOSE) console.log(route.key, Object.fromEntries([...statuses].sort()));
      // The admin must still be able to work, or the routes after this one were not really fuzzed.
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
      expect(me.statusCode, `after ${route.key} the admin can no longer call the API`).toBe(200);
    });
  }
});
