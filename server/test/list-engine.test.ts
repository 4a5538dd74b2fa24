import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../src/kernel/db/schema.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

// The list engine through a real endpoint: GET /cmos on a known set of CMOs (no demo companies).
let t: TestApp;

const cmo = (
  name: string,
  city: string,
  state: string | null,
  createdAt: string,
  zipCode: string | null = null,
) => ({
  type: 'cmo' as const,
  name,
  timezone: 'America/New_York',
  addressLine1: '1 Main St',
  city,
  state,
  country: 'US',
  zipCode,
  createdAt: new Date(createdAt),
  updatedAt: new Date(createdAt),
});

beforeAll(async () => {
  t = await buildTestApp();
  // The demo CMOs move to 2020; the assertions below look at the CMOs created from 2026 on.
  await t.db.execute(sql`update companies set created_at = '2020-01-01T00:00:00Z' where type = 'cmo'`);
  await t.db
    .insert(companies)
    .values([
      cmo('Alpha Isotopes', 'Boston', 'MA', '2026-01-01T09:00:00Z', '02115'),
      cmo('beta labs', 'Austin', 'TX', '2026-02-01T09:00:00Z'),
      cmo('Gamma_Rays 100%', 'Boston', null, '2026-03-01T09:00:00Z'),
      cmo('Delta Pharma', 'Denver', 'CO', '2026-04-01T09:00:00Z', '80045'),
      cmo("O'Hara Nuclear", 'Dallas', 'TX', '2026-05-01T09:00:00Z'),
    ]);
});
afterAll(() => t.close());

interface ListBody {
  items: Record<string, unknown>[];
  page: number;
  total: number;
}

async function list(query: Record<string, unknown>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return t.request('admin', { method: 'GET', url: `/api/v1/cmos?${params}` });
}
async function ok(query: Record<string, unknown>): Promise<ListBody> {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListBody;
}
/** The names a filter selects, ignoring the demo CMOs (created in 2020). */
async function names(filter: unknown, sort = 'name'): Promise<string[]> {
  const body = await ok({
    filter: { and: [{ field: 'created_at', op: 'ge', value: '2026-01-01T00:00:00Z' }, filter] },
    sort,
    size: '100',
  });
  return body.items.map((i) => i.name as string);
}
async function rejected(query: Record<string, unknown>, parameter: string) {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().code).toBe('VALIDATION_FAILED');
  expect(res.json().errors[0].parameter).toBe(parameter);
  expect(res.body).not.toMatch(/select|syntax|relation|postgres/i);
}

describe('filter ops through /cmos', () => {
  it('[FRM-014] eq, in, contains, startswith, ilike', async () => {
    expect(await names({ field: 'city', op: 'eq', value: 'Boston' })).toEqual([
      'Alpha Isotopes',
      'Gamma_Rays 100%',
    ]);
    expect(await names({ field: 'state', op: 'in', value: ['TX', 'CO'] })).toEqual([
      'beta labs',
      'Delta Pharma',
      "O'Hara Nuclear",
    ]);
    expect(await names({ field: 'name', op: 'contains', value: 'LAB' })).toEqual(['beta labs']);
    expect(await names({ field: 'name', op: 'startswith', value: 'd' })).toEqual(['Delta Pharma']);
    expect(await names({ field: 'name', op: 'ilike', value: '%a_ph%' })).toEqual([
      'Alpha Isotopes',
      'Delta Pharma',
    ]);
    expect(await names({ field: 'state', op: 'eq', value: null })).toEqual(['Gamma_Rays 100%']);
  });

  it('[FRM-014] lt, le, gt, ge on instants, numbers and text', async () => {
    expect(await names({ field: 'created_at', op: 'lt', value: '2026-02-01T09:00:00Z' })).toEqual([
      'Alpha Isotopes',
    ]);
    expect(await names({ field: 'created_at', op: 'le', value: '2026-02-01T09:00:00Z' })).toEqual([
      'Alpha Isotopes',
      'beta labs',
    ]);
    expect(await names({ field: 'created_at', op: 'gt', value: '2026-04-01T11:00:00+02:00' })).toEqual([
      "O'Hara Nuclear",
    ]);
    expect(await names({ field: 'zip_code', op: 'ge', value: '5' })).toEqual(['Delta Pharma']);
    const [first] = (await ok({ sort: 'id', size: '1' })).items;
    expect((await ok({ filter: [{ field: 'id', op: 'le', value: first!.id }] })).total).toBe(1);
  });

  it('[FRM-014] and, or and not', async () => {
    expect(
      await names({
        or: [
          {
            and: [
              { field: 'city', op: 'eq', value: 'Boston' },
              { field: 'state', op: 'eq', value: 'MA' },
            ],
          },
          { field: 'city', op: 'startswith', value: 'Da' },
        ],
      }),
    ).toEqual(['Alpha Isotopes', "O'Hara Nuclear"]);
    expect(await names({ not: { field: 'state', op: 'eq', value: 'TX' } })).toEqual([
      'Alpha Isotopes',
      'Delta Pharma',
      'Gamma_Rays 100%',
    ]);
    expect(
      await names([
        { field: 'city', op: 'eq', value: 'Boston' },
        { not: { field: 'state', op: 'in', value: ['MA'] } },
      ]),
    ).toEqual(['Gamma_Rays 100%']);
  });

  it('treats SQL and wildcards in values as literal text', async () => {
    expect(await names({ field: 'name', op: 'eq', value: "' or 1=1 --" })).toEqual([]);
    expect(await names({ field: 'name', op: 'contains', value: "'; drop table users; --" })).toEqual([]);
    expect(await names({ field: 'name', op: 'contains', value: "O'H" })).toEqual(["O'Hara Nuclear"]);
    expect(await names({ field: 'name', op: 'contains', value: '%' })).toEqual(['Gamma_Rays 100%']);
    expect(await names({ field: 'name', op: 'contains', value: '_' })).toEqual(['Gamma_Rays 100%']);
    expect((await ok({ search: '%' })).items.map((i) => i.name)).toEqual(['Gamma_Rays 100%']);
    expect((await ok({ search: "' OR '1'='1" })).total).toBe(0);
    const [{ n }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });
});

describe('sort, paging, search and fields through /cmos', () => {
  it('[FRM-015] sorts by several fields with a stable id tiebreak, newest first by default', async () => {
    const byDefault = (await ok({ size: '5' })).items.map((i) => i.name);
    expect(byDefault).toEqual([
      "O'Hara Nuclear",
      'Delta Pharma',
      'Gamma_Rays 100%',
      'beta labs',
      'Alpha Isotopes',
    ]);
    expect(await names({ field: 'state', op: 'in', value: ['TX', 'MA', 'CO'] }, '-state,-name')).toEqual([
      "O'Hara Nuclear",
      'beta labs',
      'Alpha Isotopes',
      'Delta Pharma',
    ]);
    expect(await names({ field: 'city', op: 'startswith', value: '' }, 'city,name')).toEqual([
      'beta labs',
      'Alpha Isotopes',
      'Gamma_Rays 100%',
      "O'Hara Nuclear",
      'Delta Pharma',
    ]);
  });

  it('[FRM-015] pages with a total of all matching rows', async () => {
    const filter = [{ field: 'created_at', op: 'ge', value: '2026-01-01T00:00:00Z' }];
    const pages = await Promise.all(
      [1, 2, 3].map((page) => ok({ filter, sort: 'name', size: '2', page: String(page) })),
    );
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pages.flatMap((p) => p.items.map((i) => i.name))).toEqual([
      'Alpha Isotopes',
      'beta labs',
      'Delta Pharma',
      'Gamma_Rays 100%',
      "O'Hara Nuclear",
    ]);
    const beyond = await ok({ filter, page: '9' });
    expect(beyond).toEqual({ items: [], page: 9, total: 5 });
  });

  it('searches names case-insensitively', async () => {
    const found = await ok({ search: ' ISOTOPES ', size: '100' });
    expect(found.items.map((i) => i.name)).toContain('Alpha Isotopes');
    expect(found.items.every((i) => String(i.name).toLowerCase().includes('isotopes'))).toBe(true);
  });

  it('answers only the fields asked for, always with id', async () => {
    const body = await ok({ fields: 'name,city', sort: 'name', size: '1' });
    expect(Object.keys(body.items[0]!).sort()).toEqual(['address', 'id', 'name']);
    expect(body.items[0]).toMatchObject({ name: 'Alpha Isotopes', address: { city: 'Boston' } });
  });
});

describe('rejected list parameters through /cmos', () => {
  const badFilters: [string, unknown][] = [
    ['not JSON', '{"field"'],
    ['injection in a field name', [{ field: 'name; drop table users', op: 'eq', value: 'x' }]],
    ['a column that is not a list field', [{ field: 'type', op: 'eq', value: 'cmo' }]],
    ['camelCase name', [{ field: 'createdAt', op: 'ge', value: '2026-01-01T00:00:00Z' }]],
    ['unknown op', [{ field: 'name', op: 'like', value: 'x' }]],
    ['raw SQL op', [{ field: 'name', op: '= 1 or 1=1 --', value: 'x' }]],
    ['bad instant', [{ field: 'created_at', op: 'ge', value: "2026-01-01' or 1=1 --" }]],
    ['id as text', [{ field: 'id', op: 'eq', value: '1 or 1=1' }]],
    ['contains on a number', [{ field: 'id', op: 'contains', value: '1' }]],
    ['empty in', [{ field: 'state', op: 'in', value: [] }]],
    ['tree too deep', { not: { not: { not: { not: { not: { not: { not: { not: { not: {} } } } } } } } } }],
  ];
  it.each(badFilters)('filter: %s → 400 on filter', (_label, filter) => rejected({ filter }, 'filter'));

  it('sort: unknown or injected field → 400 on sort', async () => {
    await rejected({ sort: 'name;drop table users' }, 'sort');
    await rejected({ sort: '-password_hash' }, 'sort');
    await rejected({ sort: 'name,' }, 'sort');
  });

  it('fields: unknown field → 400 on fields', () => rejected({ fields: 'name,password_hash' }, 'fields'));

  it('page and size outside their bounds → 400', async () => {
    await rejected({ size: '101' }, 'size');
    await rejected({ page: '0' }, 'page');
    await rejected({ page: '1e300' }, 'page');
    await rejected({ color: 'red' }, 'color');
  });
});
