import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries read off zod 4 schemas (`schema._zod.def`), for the schema kinds the
 * API's routes use: objects, strings (min/max/length, regex, email, ISO date-time), numbers and
 * integers with bounds, coerced numbers, enums, literals, booleans, null, arrays, tuples,
 * records, optional/nullable/default, unions, pipes and lazy (recursive) schemas.
 *
 * `validArbitrary` aims at values the schema accepts; refinements (`.refine`, `.superRefine`)
 * are opaque, so a `hint` (by the object key being generated) supplies realistic values where
 * the shape alone would rarely pass. `nearMissArbitrary` takes a valid value and breaks one
 * thing in it: a wrong type, a bound crossed, a required field dropped, an unknown field added.
 */

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions are untyped on purpose.
type Def = any;
type Schema = z.ZodType;

/** A generator for the value under an object key, or undefined to read it off the schema. */
export type Hint = (key: string, schema: Schema) => fc.Arbitrary<unknown> | undefined;

export interface ArbitraryOptions {
  hint?: Hint;
  /** How deep recursive (lazy) schemas may go. */
  maxDepth?: number;
}

export const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const checksOf = (def: Def): CheckDef[] =>
  ((def.checks ?? []) as { _zod: { def: CheckDef } }[]).map((c) => c._zod.def);

/** The bounds and format a string or array schema declares. */
export function lengthBounds(def: Def): { min: number; max: number | undefined } {
  let min = 0;
  let max: number | undefined;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum ?? 0);
    if (c.check === 'max_length') max = Math.min(max ?? Number.POSITIVE_INFINITY, c.maximum ?? 0);
    if (c.check === 'length_equals') min = max = c.length ?? 0;
  }
  return { min, max };
}

/** The format of a string schema: on the schema itself (z.email()) or as a check (.regex()). */
function stringFormat(def: Def): { format?: string; pattern?: RegExp } {
  if (def.format) return { format: def.format, pattern: def.pattern };
  const check = checksOf(def).find((c) => c.check === 'string_format');
  return check ? { format: check.format, pattern: check.pattern } : {};
}

export function numberBounds(def: Def): { min: number; max: number; int: boolean } {
  let min = Number.NEGATIVE_INFINITY;
  let max = Number.POSITIVE_INFINITY;
  let int = false;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than') min = Math.max(min, (c.value ?? 0) + (c.inclusive ? 0 : 1));
    if (c.check === 'less_than') max = Math.min(max, (c.value ?? 0) - (c.inclusive ? 0 : 1));
    if (c.check === 'number_format' && /int/.test(c.format ?? '')) int = true;
  }
  return { min, max, int };
}

/**
 * Instants the API sees: mostly near today; sometimes at the edges of the years it accepts
 * (1900–2199: in range, so they reach the handlers) or past them (a 400, never a 500).
 */
export const extremeInstant = fc.constantFrom(
  '1900-01-01T00:00:00.000Z',
  '2199-12-31T23:59:59.999Z',
  '1899-12-31T23:59:59Z',
  '2200-01-01T00:00:00Z',
  '9999-12-31T10:00:00Z',
  '0001-01-01T00:00:00Z',
);
const isoInstant = fc.oneof(
  {
    arbitrary: fc
      .date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2035-12-31T23:59:59Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString()),
    weight: 5,
  },
  extremeInstant,
);

/** Characters the database cannot store: NUL, and UTF-16 surrogates without their other half. */
export const unstorableChar = fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF');
/** A text with one such character somewhere in it. */
export const unstorableText = fc
  .tuple(fc.string({ maxLength: 8 }), unstorableChar, fc.string({ maxLength: 8 }))
  .map(([before, bad, after]) => `${before}${bad}${after}`);

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const { min, max } = lengthBounds(def);
  const { format, pattern } = stringFormat(def);
  let base: fc.Arbitrary<string>;
  if (format === 'datetime') base = isoInstant;
  else if (format === 'email') base = fc.emailAddress();
  else if (format === 'url') base = fc.webUrl();
  else if (pattern) base = fc.stringMatching(pattern);
  else {
    const lengths = { minLength: min, maxLength: Math.min(max ?? 40, Math.max(min, 40)) };
    // Mostly printable ASCII; sometimes any code point (control characters, NUL, astral), or a
    // NUL or lone surrogate for sure (a 400 on the field, never a 500).
    base = fc.oneof(
      { arbitrary: fc.string(lengths), weight: 4 },
      fc.string({ ...lengths, unit: 'binary' }),
      unstorableText,
    );
  }
  // Formats ignore the length bounds: keep what fits (at least one choice always does: the base's own).
  return base.filter((s) => s.length >= min && (max === undefined || s.length <= max));
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const { min, max, int } = numberBounds(def);
  if (int) {
    const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
    const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
    // Small values first: ids and counts of the demo data live there.
    const small = fc.integer({ min: Math.max(lo, -5), max: Math.max(Math.min(hi, 60), Math.max(lo, -5)) });
    return fc.oneof({ arbitrary: small, weight: 3 }, fc.integer({ min: lo, max: hi }));
  }
  return fc.double({
    min: Number.isFinite(min) ? min : -1e9,
    max: Number.isFinite(max) ? max : 1e9,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** Values the schema is meant to accept (refinements aside, unless a hint covers them). */
export function validArbitrary(
  schema: Schema,
  options: ArbitraryOptions = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const recurse = (s: Schema) => validArbitrary(s, options, depth + 1);
  switch (def.type as string) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'bigint':
      return fc.bigInt();
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'date':
      return isoInstant;
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array': {
      const { min, max } = lengthBounds(def);
      return fc.array(recurse(def.element), {
        minLength: min,
        maxLength: Math.min(max ?? 5, Math.max(min, 5)),
      });
    }
    case 'tuple':
      return fc.tuple(...(def.items as Schema[]).map(recurse));
    case 'record':
      return fc.dictionary(
        validArbitrary(def.keyType, options, depth + 1) as fc.Arbitrary<string>,
        recurse(def.valueType),
        { maxKeys: 4 },
      );
    case 'object':
      return objectArbitrary(def, options, depth);
    case 'optional':
      return fc.option(recurse(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(recurse(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(recurse(def.innerType), { nil: undefined, freq: 4 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return recurse(def.innerType);
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map(recurse));
    case 'pipe':
      return recurse(def.in);
    case 'lazy':
      if (depth > (options.maxDepth ?? 4)) return fc.constant(null);
      return recurse(def.getter());
    default:
      throw new Error(`zod-arbitrary: schema kind '${def.type}' is not supported`);
  }
}

/** Whether an object key may be left out. */
export const isOptionalKey = (schema: Schema): boolean =>
  (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';

function objectArbitrary(def: Def, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const shape = def.shape as Record<string, Schema>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [key, value] of Object.entries(shape)) {
    const hinted = options.hint?.(key, value);
    model[key] = hinted ?? validArbitrary(value, options, depth + 1);
    if (!isOptionalKey(value)) requiredKeys.push(key);
  }
  return fc.record(model, { requiredKeys });
}

/** The schema under wrappers that do not change its kind (optional, nullable, default, pipe…). */
export function unwrap(schema: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    const def = defOf(s);
    if (
      ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)
    )
      s = def.innerType;
    else if (def.type === 'pipe') s = def.in;
    else if (def.type === 'lazy') s = def.getter();
    else break;
  }
  return s;
}

/** A value of a JSON type other than the schema's (an object for a string, a string for a number…). */
function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const kind = defOf(unwrap(schema)).type as string;
  const choices: fc.Arbitrary<unknown>[] = [];
  if (kind !== 'string' && kind !== 'enum') choices.push(fc.string({ maxLength: 12 }));
  if (kind !== 'number')
    choices.push(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })));
  if (kind !== 'boolean') choices.push(fc.boolean());
  if (kind !== 'object')
    choices.push(fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }));
  if (kind !== 'array') choices.push(fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }));
  choices.push(fc.constant(null));
  return fc.oneof(...choices);
}

/** Values that cross one of the schema's declared bounds, when it has any. */
function outOfBounds(schema: Schema): fc.Arbitrary<unknown> | undefined {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'string') {
    const { min, max } = lengthBounds(def);
    const out: fc.Arbitrary<unknown>[] = [
      fc.constant(''),
      fc.constant('   '),
      fc.string({ unit: 'binary', maxLength: 20 }),
    ];
    if (max !== undefined) out.push(fc.integer({ min: 1, max: 40 }).map((n) => 'x'.repeat(max + n)));
    if (min > 1) out.push(fc.constant('x'.repeat(min - 1)));
    return fc.oneof(...out);
  }
  if (def.type === 'number') {
    const { min, max, int } = numberBounds(def);
    const out: fc.Arbitrary<unknown>[] = [fc.constantFrom(1e20, -1e20, 2 ** 31, 2 ** 53 + 2)];
    if (Number.isFinite(min)) out.push(fc.integer({ min: 1, max: 1000 }).map((n) => min - n));
    if (Number.isFinite(max)) out.push(fc.integer({ min: 1, max: 1000 }).map((n) => max + n));
    if (int) out.push(fc.constantFrom(0.5, 1.5, -2.25));
    return fc.oneof(...out);
  }
  if (def.type === 'enum') return fc.oneof(fc.string({ maxLength: 10 }), fc.constant(''));
  if (def.type === 'array') {
    const { min, max } = lengthBounds(def);
    const out: fc.Arbitrary<unknown>[] = [fc.constant([])];
    if (max !== undefined) out.push(fc.constant(Array.from({ length: max + 1 }, (_, i) => i + 1)));
    if (min > 0) out.push(fc.constant([]));
    out.push(fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }));
    return fc.oneof(...out);
  }
  return undefined;
}

/** A broken value for one field: wrong type or out of bounds (a nested object: one of its fields broken). */
function brokenField(schema: Schema, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const inner = unwrap(schema);
  const choices: fc.Arbitrary<unknown>[] = [wrongType(schema)];
  const bounds = outOfBounds(schema);
  if (bounds) choices.push(bounds);
  if (defOf(inner).type === 'object' && depth < 2) choices.push(nearMissArbitrary(inner, options, depth + 1));
  if (defOf(inner).type === 'array' && depth < 2) {
    const element = defOf(inner).element as Schema;
    choices.push(
      fc
        .tuple(
          validArbitrary(inner, options, depth + 1) as fc.Arbitrary<unknown[]>,
          brokenField(element, options, depth + 1),
        )
        .map(([list, bad]) => [...list, bad]),
    );
  }
  return fc.oneof(...choices);
}

export interface NearMissOptions extends ArbitraryOptions {
  /** The valid values to break (default: read off the schema). */
  base?: fc.Arbitrary<unknown>;
  /** Keys of the top-level object that are never broken nor dropped. */
  keep?: readonly string[];
}

/**
 * A value that is valid but for one thing: for an object, one field of a wrong type or out of
 * bounds, one required field left out, or one unknown field added; for anything else, a wrong
 * type or a bound crossed.
 */
export function nearMissArbitrary(
  schema: Schema,
  options: NearMissOptions = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  const { base, keep = [], ...arbitraryOptions } = options;
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'union' && !base) {
    return fc.oneof(...(def.options as Schema[]).map((o) => nearMissArbitrary(o, arbitraryOptions, depth)));
  }
  if (def.type !== 'object' && def.type !== 'union') return brokenField(schema, arbitraryOptions, depth);
  const shape = (def.type === 'object' ? def.shape : unionShape(def)) as Record<string, Schema>;
  const valid = (base ?? validArbitrary(inner, arbitraryOptions, depth)) as fc.Arbitrary<
    Record<string, unknown>
  >;
  const keys = Object.keys(shape).filter((k) => !keep.includes(k));
  const required = keys.filter((k) => !isOptionalKey(shape[k]!) && k in shape);
  const mutants: fc.Arbitrary<Record<string, unknown>>[] = [];
  if (keys.length > 0) {
    mutants.push(
      fc
        .constantFrom(...keys)
        .chain((key) => fc.tuple(fc.constant(key), valid, brokenField(shape[key]!, arbitraryOptions, depth)))
        .map(([key, value, bad]) => ({ ...value, [key]: bad })),
    );
  }
  if (required.length > 0) {
    mutants.push(
      fc.tuple(fc.constantFrom(...required), valid).map(([key, value]) => {
        const { [key]: _dropped, ...rest } = value;
        return rest;
      }),
    );
  }
  mutants.push(
    fc
      .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }))
      .filter(([, key]) => !(key in shape) && key !== '__proto__')
      .map(([value, key, extra]) => ({ ...value, [key]: extra })),
  );
  return fc.oneof(...mutants);
}

/** The keys of a union of objects, each with the first schema that declares it. */
function unionShape(def: Def): Record<string, Schema> {
  const shape: Record<string, Schema> = {};
  for (const option of def.options as Schema[]) {
    const optionDef = defOf(unwrap(option));
    if (optionDef.type !== 'object') continue;
    for (const [key, value] of Object.entries(optionDef.shape as Record<string, Schema>))
      shape[key] ??= value;
  }
  return shape;
}
