import fc from 'fast-check';
import type { z } from 'zod';
import type { PartInputs, RouteInputs } from './routes.ts';
import { type Hint, nearMissArbitrary, validArbitrary } from './zod-arbitrary.ts';

export type Part = 'body' | 'querystring' | 'params';
export const parts: readonly Part[] = ['body', 'querystring', 'params'];

export interface FuzzRoute {
  /** `METHOD /path` as registered. */
  key: string;
  method: string;
  url: string;
  inputs: Partial<Record<Part, z.ZodType>>;
  responses: Record<string, z.ZodType>;
}

/** A body sent as JSON, or as raw text claiming to be JSON (malformed on purpose). */
export type GeneratedBody = { json: unknown } | { raw: string };

export interface GeneratedRequest {
  /** Which kind of input this is, for the failure report. */
  kind: 'valid' | `near-miss ${Part}` | `arbitrary ${Part}`;
  body?: GeneratedBody;
  querystring?: unknown;
  params?: unknown;
}

function garbage(part: Part, route: FuzzRoute): fc.Arbitrary<unknown> {
  if (part === 'body') return fc.jsonValue({ maxDepth: 3 });
  if (part === 'querystring')
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 20 }), {
      maxKeys: 4,
    });
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  return fc.record(
    Object.fromEntries(
      names.map((n) => [n, fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.integer())]),
    ),
  );
}

const asBody = (a: fc.Arbitrary<unknown>): fc.Arbitrary<GeneratedBody | undefined> =>
  a.map((json) => (json === undefined ? undefined : { json }));

/**
 * A request for the route: all parts valid; or one part a near-miss (the others valid); or one
 * part arbitrary JSON (a body may also be malformed JSON text).
 */
export function requestArbitrary(
  route: FuzzRoute,
  hint: Hint,
  overrides: RouteInputs = {},
): fc.Arbitrary<GeneratedRequest> {
  const present = parts.filter((p) => route.inputs[p]);
  const valid: Partial<Record<Part, fc.Arbitrary<unknown>>> = {};
  const near: Partial<Record<Part, fc.Arbitrary<unknown>>> = {};
  for (const part of present) {
    const schema = route.inputs[part]!;
    const given: PartInputs = overrides[part] ?? {};
    valid[part] = given.valid ?? validArbitrary(schema, { hint });
    near[part] = nearMissArbitrary(schema, {
      hint,
      base: given.nearMissBase ?? given.valid,
      keep: given.keep,
    });
  }
  const wrap = (part: Part, a: fc.Arbitrary<unknown>) => (part === 'body' ? asBody(a) : a);
  const withOne = (part: Part, replacement: fc.Arbitrary<unknown>) =>
    fc.record(
      Object.fromEntries(present.map((p) => [p, p === part ? wrap(p, replacement) : wrap(p, valid[p]!)])),
    );
  const allValid = fc
    .record(Object.fromEntries(present.map((p) => [p, wrap(p, valid[p]!)])))
    .map((r) => ({ kind: 'valid' as const, ...r }));
  const nearMisses = present.map((part) =>
    withOne(part, near[part]!).map((r) => ({ kind: `near-miss ${part}` as const, ...r })),
  );
  const arbitrary = present.map((part) => {
    const replacement =
      part === 'body'
        ? fc.oneof(
            { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })), weight: 4 },
            fc.string({ maxLength: 30 }).map((raw) => ({ raw })),
          )
        : garbage(part, route);
    return fc
      .record(Object.fromEntries(present.map((p) => [p, p === part ? replacement : wrap(p, valid[p]!)])))
      .map((r) => ({ kind: `arbitrary ${part}` as const, ...r }));
  });
  return fc.oneof(
    { arbitrary: allValid, weight: 4 },
    { arbitrary: fc.oneof(...nearMisses), weight: 4 },
    { arbitrary: fc.oneof(...arbitrary), weight: 2 },
  ) as fc.Arbitrary<GeneratedRequest>;
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Query values as strings (an array as the repeated parameter). */
export function toQuery(value: unknown): Record<string, string | string[]> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    out[k] = Array.isArray(v) ? v.map(text) : text(v);
  }
  return out;
}

/** The route's URL with its params filled in (a missing or empty one as `_`, so the route still matches). */
export function toUrl(pattern: string, params: unknown): string {
  const values = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = values[name];
    const s = v === undefined || v === null ? '' : text(v);
    // `.` and `..` are path steps that clients resolve before sending (RFC 3986): never a value.
    if (s === '' || s === '.' || s === '..') return '_';
    return encodeURIComponent(s);
  });
}
