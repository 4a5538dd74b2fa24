import { filterOps } from '@dosechain/contract';
import fc from 'fast-check';
import { DEMO_PASSWORD } from '../helpers.ts';
import { defOf, type Hint, unstorableText, unwrap } from './zod-arbitrary.ts';

/**
 * Realistic values by field name, where the schema's shape alone (refinements are opaque)
 * would rarely pass: a time zone, a phone number, a `YYYY-MM-DD` date, a password meeting the
 * policy, the admin's e-signature. Each still mixes in arbitrary strings.
 */

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** A day from a month ago to a year ahead of `now`, as `YYYY-MM-DD`; sometimes one at or past the years accepted. */
const dateNear = (now: Date) =>
  fc.oneof(
    {
      arbitrary: fc
        .integer({ min: -30, max: 400 })
        .map((days) => isoDate(new Date(now.getTime() + days * DAY_MS))),
      weight: 5,
    },
    fc.constantFrom('1900-01-01', '2199-12-31', '1899-12-31', '2200-01-01', '9999-12-31', '0001-01-01'),
  );

const timeOfDay = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45, 59))
  .map(([h, m]) => `${pad(h)}:${pad(m)}`);

/** A password meeting the policy (8+ characters, an uppercase letter, a digit). */
export const policyPassword = fc
  .tuple(fc.string({ minLength: 6, maxLength: 20 }), fc.integer({ min: 0, max: 999 }))
  .map(([s, n]) => `Fz${s}${n}`);

/** A username no demo user has (so a wrong password for it counts against nobody). */
export const unknownUsername = fc.string({ minLength: 1, maxLength: 24 }).map((s) => `fuzz-${s}`);

const isPlainString = (schema: Parameters<Hint>[1]) => {
  const def = defOf(unwrap(schema));
  return def.type === 'string' && !def.format;
};

const filterField = fc.constantFrom(
  'id',
  'name',
  'active',
  'status',
  'created_at',
  'timezone',
  'email',
  'no_such',
);
const filterCondition = fc.record({
  field: filterField,
  op: fc.constantFrom(...filterOps),
  value: fc.oneof({ arbitrary: fc.jsonValue({ maxDepth: 1 }), weight: 4 }, unstorableText),
});
/** A filter on the id, which every list has: valid, so the list query runs. */
const idCondition = fc.record({
  field: fc.constant('id'),
  op: fc.constantFrom('eq', 'lt', 'le', 'gt', 'ge'),
  value: fc.integer({ min: 1, max: 60 }),
});
const filterText = fc.oneof(
  { arbitrary: fc.array(idCondition, { maxLength: 2 }).map((f) => JSON.stringify(f)), weight: 3 },
  fc.array(filterCondition, { maxLength: 3 }).map((f) => JSON.stringify(f)),
  fc.tuple(filterCondition, filterCondition).map(([a, b]) => JSON.stringify({ or: [a, { not: b }] })),
  fc.string({ maxLength: 30 }),
);
/** Mostly what every list accepts, sometimes anything. */
const mostly = (valid: fc.Arbitrary<string>, other: fc.Arbitrary<string>) =>
  fc.oneof({ arbitrary: valid, weight: 3 }, other);

/** The hint for every route: by the key's name (and only over plain strings or numbers). */
export function fieldHints(now: Date): Hint {
  const date = dateNear(now);
  const localDateTime = fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.integer({ min: -10, max: 60 }), timeOfDay)
        .map(([days, time]) => `${isoDate(new Date(now.getTime() + days * DAY_MS))}T${time}`),
      weight: 5,
    },
    fc.constantFrom('9999-12-31T23:59', '0001-01-01T00:00', '1900-01-01T00:00', '2199-12-31T23:59'),
  );
  const byKey: Record<string, fc.Arbitrary<unknown>> = {
    electronicSignature: fc.oneof(
      { arbitrary: fc.constant(DEMO_PASSWORD), weight: 3 },
      fc.string({ maxLength: 12 }),
    ),
    reasonForChange: fc.oneof(fc.constant('Fuzz test'), fc.string({ maxLength: 40 })),
    password: policyPassword,
    timezone: fc.constantFrom(
      'America/Chicago',
      'America/New_York',
      'Europe/Berlin',
      'UTC',
      'Asia/Kolkata',
      'Mars/Olympus',
    ),
    phone: fc.constantFrom('+1 312 555 0100', '(617) 555-0199', '+49 30 901820', '555', 'not a phone'),
    email: fc.oneof(
      fc.emailAddress().filter((e) => e.length <= 100),
      fc.constantFrom('admin@dosechain.example', 'someone@example.com'),
    ),
    country: fc.constantFrom('US', 'DE', 'GB', 'us', 'USA'),
    // A webhook's URL: a public address literal (accepted without DNS), refused ones, anything.
    url: fc.oneof(
      { arbitrary: fc.constant('https://93.184.216.34/fuzz-hook'), weight: 2 },
      fc.constantFrom('http://93.184.216.34/x', 'https://127.0.0.1/x', 'https://[::1]/x', 'ftp://x'),
      fc.string({ maxLength: 30 }),
    ),
    validFrom: date,
    validUntil: date,
    from: date,
    to: date,
    date,
    startTime: timeOfDay,
    endTime: fc.oneof(timeOfDay, fc.constant('24:00')),
    relatedDatetime: localDateTime,
    filter: filterText,
    sort: mostly(
      fc.constantFrom('id', '-id', '-created_at'),
      fc.oneof(fc.constantFrom('name', 'status', 'no_such'), fc.string({ maxLength: 20 })),
    ),
    fields: mostly(
      fc.constantFrom('id', 'id,created_at'),
      fc.oneof(fc.constantFrom('id,name', 'no_such'), fc.string({ maxLength: 20 })),
    ),
  };
  return (key, schema) => {
    const hinted = byKey[key];
    if (!hinted || !isPlainString(schema)) return undefined;
    return hinted;
  };
}
