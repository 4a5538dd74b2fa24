import { orderTargetStatuses } from '@dosechain/contract';
import { asc, eq } from 'drizzle-orm';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcCallbackPath } from '../src/kernel/auth/identity-provider.ts';
import { orders, roles, users } from '../src/kernel/db/schema.ts';
import { demoGroups } from '../src/seed/demo.ts';
import {
  authorizationMatrix,
  comingRoutes,
  type MatrixColumn,
  type MatrixRow,
  matrixColumns,
  type Outcome,
  oidcRoutesMatrix,
  statusChangeMatrix,
  statusChangeRoute,
} from './authorization-matrix.ts';
import { addCompanyUser, addRolelessUser } from './company-users.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { startIdentityProvider, type TestIdentityProvider } from './oidc-provider.ts';
import { providerConfig } from './oidc-test-driver.ts';

/** Every row: the OpenID provider's routes too, as the app is built with a provider configured. */
const allRows: Record<string, MatrixRow> = { ...authorizationMatrix, ...oidcRoutesMatrix };

/** `METHOD /path` of every route the app registers (HEAD twins of GET routes left out). */
const registered = new Set<string>();
/** The routes whose 200 is a stream of server-sent events (it never ends by itself). */
const streaming = new Set<string>();
const headRoutes = new Set<string>();
let t: TestApp;
let idp: TestIdentityProvider;
const headersOf = {} as Record<MatrixColumn, Record<string, string>>;
/** A delivered order every demo company user sees: each status change on it is a 409, never a write. */
let deliveredOrderId: number;

beforeAll(async () => {
  // OIDC configured (issue 38): its routes are registered and checked with the others.
  idp = await startIdentityProvider({
    redirectUri: `http://dosechain.test${oidcCallbackPath}`,
    accounts: {},
  });
  t = await buildTestApp({
    config: { oidc: providerConfig(idp) },
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        (method === 'HEAD' ? headRoutes : registered).add(`${method} ${route.url}`);
        if (method !== 'HEAD' && isEventStream(route)) streaming.add(`${method} ${route.url}`);
      }
    },
  });
  await addCompanyUser(t.db, {
    username: 'nopermissions',
    role: 'clinical_site',
    companyName: 'Lakeside Clinical Research',
    groupNames: [],
  });
  const everyGroup = Object.keys(demoGroups);
  await addCompanyUser(t.db, {
    username: 'cmoineverygroup',
    role: 'cmo',
    companyName: 'Isotope Labs Boston',
    groupNames: everyGroup,
  });
  await addRolelessUser(t.db, { username: 'norole', groupNames: everyGroup });
  headersOf.anonymous = {};
  const logins: [MatrixColumn, string][] = [
    ['admin', 'admin'],
    ['staff', 'staff'],
    ['cmo', 'cmo'],
    ['site', 'site'],
    ['imaging', 'imaging'],
    ['none', 'nopermissions'],
    ['cmoInEveryGroup', 'cmoineverygroup'],
    ['noRole', 'norole'],
  ];
  for (const [column, username] of logins) headersOf[column] = (await t.loginAs(username)).headers();
  // multi acts in each of its two roles, named by the Role-Id header.
  const multiRoles = await t.db
    .select({ id: roles.id, type: roles.type })
    .from(roles)
    .innerJoin(users, eq(users.id, roles.userId))
    .where(eq(users.username, 'multi'));
  const multi = await t.loginAs('multi');
  headersOf.multiCmo = multi.headers(multiRoles.find((r) => r.type === 'cmo')!.id);
  headersOf.multiSite = multi.headers(multiRoles.find((r) => r.type === 'clinical_site')!.id);
  const [delivered] = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.status, 'delivered'))
    .orderBy(asc(orders.id))
    .limit(1);
  deliveredOrderId = delivered!.id;
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** A URL for a route pattern: ids that do not exist, so an allowed call finds nothing to change. */
function probeUrl(path: string): string {
  return path
    .replace(':entityType', 'orders')
    .replace(/:[A-Za-z]+/g, '999999')
    .replace(/\*$/, 'no-such-file.css');
}

function outcomeOf(statusCode: number): Outcome {
  if (statusCode === 401) return 'unauthenticated';
  if (statusCode === 403) return 'forbidden';
  return 'allowed';
}

interface Probe {
  label: string;
  /** `METHOD /path` as registered. */
  route: string;
  method: string;
  url: string;
  payload?: Record<string, unknown>;
  row: MatrixRow;
}

function isEventStream(route: RouteOptions): boolean {
  const ok = (route.schema?.response as Record<string, { content?: object }> | undefined)?.[200];
  return ok?.content !== undefined && 'text/event-stream' in ok.content;
}

/**
 * `app.inject`; on a streaming route the answer is taken as soon as its head arrives, and an
 * opened stream dropped (as a client that goes away), so it does not wait for the stream's end.
 */
async function send(route: string, options: InjectOptions): Promise<{ statusCode: number; body: string }> {
  if (!streaming.has(route)) return t.app.inject(options);
  const res = await t.app.inject({ ...options, payloadAsStream: true });
  if (res.statusCode === 200) {
    (res.raw.res as unknown as { destroy(): void }).destroy();
    return { statusCode: 200, body: '' };
  }
  let body = '';
  for await (const chunk of res.stream()) body += String(chunk);
  return { statusCode: res.statusCode, body };
}

/** Sends one probe as every column and lists each answer that differs from the row. */
async function mismatches(probe: Probe): Promise<string[]> {
  const out: string[] = [];
  for (const [i, column] of matrixColumns.entries()) {
    const res = await send(probe.route, {
      method: probe.method as 'GET',
      url: probe.url,
      headers: headersOf[column],
      ...(probe.payload ? { payload: probe.payload } : {}),
    });
    const expected = probe.row[i]!;
    const actual = outcomeOf(res.statusCode);
    if (res.statusCode >= 500)
      out.push(`${probe.label} as ${column}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    else if (actual !== expected)
      out.push(
        `${probe.label} as ${column}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
      );
    else if (actual === 'forbidden' && JSON.parse(res.body).code !== forbiddenCode(column))
      out.push(
        `${probe.label} as ${column}: 403 with code ${JSON.parse(res.body).code}, expected ${forbiddenCode(column)}`,
      );
  }
  return out;
}

/** A user without a role is told so; everyone else gets the plain refusal. */
const forbiddenCode = (column: MatrixColumn) => (column === 'noRole' ? 'NO_ROLE' : 'FORBIDDEN');

const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'DELETE';

describe('authorization matrix', () => {
  it('[P11-016] collects the routes from the app itself', () => {
    // A sanity floor: the hook saw the whole route table, not an empty or partial one.
    expect(registered.size).toBeGreaterThan(60);
    expect(registered.has('GET /api/v1/orders/:id')).toBe(true);
    expect([...streaming]).toEqual(['GET /api/v1/events']);
  });

  it('[P11-016] has a row for every registered route', () => {
    const missing = [...registered].filter(
      (route) => !(route in allRows) && !(route in comingRoutes) && route !== statusChangeRoute,
    );
    expect(
      missing,
      `routes without a row in server/test/authorization-matrix.ts (add one per route): ${missing.join(', ')}`,
    ).toEqual([]);
  });

  it('every HEAD route is the twin of a GET route with a row', () => {
    // Fastify also answers HEAD on a prefixed route's trailing-slash form (`/api/docs/`).
    const twin = (route: string) => route.replace(/^HEAD /, 'GET ').replace(/(.)\/$/, '$1');
    const orphans = [...headRoutes].filter((route) => !registered.has(twin(route)));
    expect(orphans, `HEAD routes without a GET twin: ${orphans.join(', ')}`).toEqual([]);
  });

  it('[P11-016] has no stale rows: every row of the matrix names a registered route', () => {
    const stale = Object.keys(allRows).filter((route) => !registered.has(route));
    expect(stale, `rows whose route is not registered: ${stale.join(', ')}`).toEqual([]);
  });

  it('[P11-016] answers every route as every role as the matrix says', async () => {
    const rows = { ...allRows, ...comingRoutes };
    const probes: Probe[] = Object.entries(rows)
      .filter(([route]) => registered.has(route))
      .map(([route, row]) => {
        const [method, path] = route.split(' ') as [string, string];
        // A body no route accepts (unknown fields are rejected), so an allowed call writes nothing.
        return {
          label: route,
          route,
          method,
          url: probeUrl(path),
          ...(hasBody(method) ? { payload: { matrixProbe: true } } : {}),
          row,
        };
      });
    const found: string[] = [];
    for (const probe of probes) found.push(...(await mismatches(probe)));
    expect(found, found.join('\n')).toEqual([]);
    // Every stream a probe opened was dropped, and nothing of it is left.
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.app.liveEvents.stats()).toEqual({ streams: 0, users: 0 });
  });

  it('[P11-016, ORD-012] authorizes a status change by the status asked for', async (context) => {
    if (!registered.has(statusChangeRoute)) context.skip();
    const [method, path] = statusChangeRoute.split(' ') as [string, string];
    const url = path.replace(':id', String(deliveredOrderId));
    // The wall-clock date-time as typed, read in the given zone (contract: YYYY-MM-DDTHH:mm).
    const when = new Date(Date.now() + 3600_000).toISOString().slice(0, 16);
    const bodies = {
      accepted: { status: 'accepted', relatedDatetime: when, timezone: 'America/Chicago' },
      rejected: { status: 'rejected', comment: 'Matrix probe' },
      shipped: {
        status: 'shipped',
        relatedDatetime: when,
        timezone: 'America/Chicago',
        lotNumber: 'Matrix probe',
        assayedActivity: 10,
        assayedAt: when,
        expiresAt: new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 16),
      },
      delivered: { status: 'delivered', relatedDatetime: when, timezone: 'America/Chicago' },
      canceled: { status: 'canceled', comment: 'Matrix probe' },
    };
    // Every status an action moves to has its row (a new action joins the matrix).
    expect(Object.keys(statusChangeMatrix).sort()).toEqual([...orderTargetStatuses].sort());
    const found: string[] = [];
    for (const [status, row] of Object.entries(statusChangeMatrix)) {
      const payload = { ...bodies[status as keyof typeof bodies], electronicSignature: DEMO_PASSWORD };
      found.push(
        ...(await mismatches({
          label: `${statusChangeRoute} ${status}`,
          route: statusChangeRoute,
          method,
          url,
          payload,
          row,
        })),
      );
    }
    expect(found, found.join('\n')).toEqual([]);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, deliveredOrderId));
    expect(after!.status).toBe('delivered');
  });
});
