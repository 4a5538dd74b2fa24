/**
 * Bad input is a 400 on its field, never a 500 (issue 17): text the database cannot store (a
 * NUL character, a lone UTF-16 surrogate) anywhere a request carries a string — a body, a
 * query string, a filter's value — and dates outside 1900–2199. Each repro below answered 500
 * before, writing the SQL and its parameters to the log; here the log must hold no error line.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { messages, storableText } from '@dosechain/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loggerOptions } from '../src/app.ts';
import { drugAvailabilities, orders } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { loadOrderIds, NOW, type OrderIds } from './order-fixtures.ts';
import { memoryLog, Part11, Secrets } from './part11/fixture.ts';

const log = memoryLog();
const routes: RouteOptions[] = [];
let t: TestApp;
let p: Part11;
let ids: OrderIds;

beforeAll(async () => {
  t = await buildTestApp({
    now: NOW,
    logger: { ...(loggerOptions('info') as object), stream: log.stream },
    onRoute: (route) => {
      routes.push(route);
    },
  });
  p = new Part11(t, new Secrets());
  ids = await loadOrderIds(t);
  // Logged in before any fingerprint: a login writes a session row.
  for (const user of ['admin', 'site']) await p.send(user, 'GET', '/users/me');
});
afterAll(async () => {
  await t?.close();
});

const NUL = '\u0000';
const LONE = '\uD800';

interface Answer {
  statusCode: number;
  json(): { code: string; errors: { parameter: string; message: string }[] };
}

/** A 400 VALIDATION_FAILED naming the field with the message, nothing written, nothing logged at error. */
async function expectRefused(send: () => Promise<Answer>, parameter: string, message: string) {
  const before = await p.fingerprint();
  const errorsBefore = errorLines().length;
  const res = await send();
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  expect(res.json().code).toBe('VALIDATION_FAILED');
  expect(res.json().errors).toContainEqual(expect.objectContaining({ parameter, message }));
  expect(await p.fingerprint()).toEqual(before);
  expect(errorLines().slice(errorsBefore)).toEqual([]);
}

const errorLines = () => log.lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('a NUL character or a lone surrogate is a 400 on its field', () => {
  it('in the anonymous login’s username', async () => {
    await expectRefused(
      () => p.send(null, 'POST', '/auth/login', { username: `admin${NUL}`, password: 'whatever' }),
      'username',
      messages.unstorableText,
    );
  });

  it('in the password-recovery e-mail', async () => {
    await expectRefused(
      () => p.send(null, 'POST', '/users/password-recovery', { email: `admin${NUL}@dosechain.example` }),
      'email',
      messages.unstorableText,
    );
  });

  it('in a list’s search (?search=%00)', async () => {
    await expectRefused(() => p.send('admin', 'GET', '/drugs?search=%00'), 'search', messages.unstorableText);
  });

  it('in a filter’s value, escaped in its JSON', async () => {
    for (const value of [`a${NUL}`, LONE]) {
      const filter = JSON.stringify([{ field: 'name', op: 'contains', value }]);
      await expectRefused(
        () => p.send('admin', 'GET', `/drugs?${query({ filter })}`),
        'filter',
        `"name": ${messages.unstorableText}`,
      );
    }
  });

  it('in a check-in-use value', async () => {
    await expectRefused(
      () => p.send('admin', 'GET', `/check-in-use?${query({ entity: 'drug', field: 'name', value: NUL })}`),
      'value',
      messages.unstorableText,
    );
  });

  it('in a name, a nested address line and a reason for change', async () => {
    const signed = { electronicSignature: DEMO_PASSWORD };
    await expectRefused(
      () => p.send('admin', 'POST', '/drugs', { name: `Drug${NUL}`, ...signed }),
      'name',
      messages.unstorableText,
    );
    // A lone surrogate would be stored as U+FFFD: the text silently changed.
    await expectRefused(
      () => p.send('admin', 'POST', '/timepoints', { name: `Week ${LONE}`, ...signed }),
      'name',
      messages.unstorableText,
    );
    await expectRefused(
      () =>
        p.send('admin', 'POST', '/cmos', {
          name: 'Nul Labs',
          timezone: 'America/Chicago',
          address: { line_1: `1 Main St${NUL}`, city: 'Chicago', country: 'US' },
          ...signed,
        }),
      'address.line_1',
      messages.unstorableText,
    );
    const drug = await p.drug('Fludeoxyglucose F18');
    await expectRefused(
      () =>
        p.send('admin', 'PUT', `/drugs/${drug}`, {
          otherName: 'FDG 2',
          reasonForChange: `Fix${NUL}`,
          ...signed,
        }),
      'reasonForChange',
      messages.unstorableText,
    );
  });

  it('in a placed order’s subject id', async () => {
    await expectRefused(
      () => p.send('site', 'POST', '/orders', { ...orderBody(), subjectId: `S${NUL}1` }),
      'subjectId',
      messages.unstorableText,
    );
  });
});

function orderBody() {
  return {
    studyId: ids.study,
    siteId: ids.chicago,
    examId: ids.fdg,
    imagingCenterId: ids.windy,
    timePointId: ids.baseline,
    subjectId: 'RANGE-1',
    calibrationDatetime: '2027-03-02T16:00:00.000Z',
    electronicSignature: DEMO_PASSWORD,
  };
}

describe('a date outside 1900–2199 is a 400 on its field', () => {
  it('a placed order’s calibration in 9999', async () => {
    await expectRefused(
      () =>
        p.send('site', 'POST', '/orders', { ...orderBody(), calibrationDatetime: '9999-12-31T10:00:00Z' }),
      'calibrationDatetime',
      messages.dateOutOfRange,
    );
  });

  it('a delivery at 9999-12-31T23:59 (past year 9999 once read on the imaging center’s clock)', async () => {
    const [accepted] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'accepted'), eq(orders.imagingCenterId, ids.windy)));
    await expectRefused(
      () =>
        p.send('admin', 'PUT', `/orders/${accepted!.id}/status`, {
          status: 'delivered',
          relatedDatetime: '9999-12-31T23:59',
          electronicSignature: DEMO_PASSWORD,
        }),
      'relatedDatetime',
      messages.dateOutOfRange,
    );
  });

  it('an availability’s end, a search’s day and a report’s range', async () => {
    const [availability] = await t.db
      .select({ id: drugAvailabilities.id })
      .from(drugAvailabilities)
      .orderBy(asc(drugAvailabilities.id))
      .limit(1);
    await expectRefused(
      () =>
        p.send('admin', 'PUT', `/drug-availabilities/${availability!.id}`, {
          validUntil: '9999-12-31',
          electronicSignature: DEMO_PASSWORD,
        }),
      'validUntil',
      messages.dateOutOfRange,
    );
    await expectRefused(
      () =>
        p.send(
          'admin',
          'GET',
          `/drug-availabilities/search?${query({ studyId: String(ids.study), siteId: String(ids.chicago), examId: String(ids.fdg), from: '1000-01-01' })}`,
        ),
      'from',
      messages.dateOutOfRange,
    );
    await expectRefused(
      () =>
        p.send(
          'admin',
          'GET',
          `/reports/orders-count?${query({ from: '2026-01-01T00:00:00Z', to: '9999-12-31T00:00:00Z' })}`,
        ),
      'to',
      messages.dateOutOfRange,
    );
  });
});

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions are untyped on purpose.
type Def = any;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const isZod = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** The string schemas under `schema`, by path, and whether each carries the storable-text check. */
function strings(schema: z.ZodType, path: string, seen = new Set<unknown>()): [string, boolean][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const into = (s: unknown, at: string) => (isZod(s) ? strings(s, at, seen) : []);
  switch (def.type as string) {
    case 'string':
      return [[path, ((def.checks ?? []) as unknown[]).includes(storableText)]];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) =>
        into(v, `${path}.${k}`),
      );
    case 'array':
      return into(def.element, `${path}[]`);
    case 'tuple':
      return (def.items as unknown[]).flatMap((item, i) => into(item, `${path}[${i}]`));
    case 'record':
      return [...into(def.keyType, `${path}{key}`), ...into(def.valueType, `${path}{}`)];
    case 'union':
      return (def.options as unknown[]).flatMap((o, i) => into(o, `${path}|${i}`));
    case 'intersection':
      return [...into(def.left, path), ...into(def.right, path)];
    case 'pipe':
      return [...into(def.in, path), ...into(def.out, path)];
    case 'lazy':
      return into(def.getter(), path);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return into(def.innerType, path);
    default:
      return [];
  }
}

describe('every string a route takes in', () => {
  it('carries the storable-text check: bodies, query strings and params of every route', () => {
    const inputs = routes.flatMap((route) =>
      (['body', 'querystring', 'params'] as const).flatMap((part) => {
        const schema = (route.schema as Record<string, unknown> | undefined)?.[part];
        return isZod(schema)
          ? [{ at: `${[route.method].flat().join(',')} ${route.url} ${part}`, schema }]
          : [];
      }),
    );
    const found = inputs.flatMap(({ at, schema }) => strings(schema, at));
    // A floor: the hook saw the route table, and the walk reached the strings in it.
    expect(inputs.length).toBeGreaterThan(60);
    expect(found.length).toBeGreaterThan(100);
    const unchecked = found.filter(([, checked]) => !checked).map(([at]) => at);
    expect(unchecked, 'build these from inputString() (packages/contract/src/text.ts)').toEqual([]);
  });
});
