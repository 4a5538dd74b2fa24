import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../src/kernel/db/schema.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const check = (query: Record<string, string | number>, user = 'admin') =>
  t.request(user, {
    method: 'GET',
    url: `/api/v1/check-in-use?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
  });
async function inUse(query: Record<string, string | number>, user = 'admin'): Promise<boolean> {
  const res = await check(query, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().inUse;
}
const idOf = async (name: string) =>
  (await t.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)))[0]!.id;
const userId = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

describe('GET /check-in-use', () => {
  it('[FRM-005] finds company names per type, ignoring case and surrounding spaces', async () => {
    expect(await inUse({ entity: 'cmo', field: 'name', value: '  isotope LABS boston ' })).toBe(true);
    expect(await inUse({ entity: 'cmo', field: 'name', value: 'Isotope Labs' })).toBe(false);
    expect(await inUse({ entity: 'cmo', field: 'name', value: 'Lakeside Clinical Research' })).toBe(false);
    expect(await inUse({ entity: 'clinical-site', field: 'name', value: 'lakeside clinical research' })).toBe(
      true,
    );
    expect(await inUse({ entity: 'imaging-center', field: 'name', value: 'WINDY CITY IMAGING' })).toBe(true);
    expect(await inUse({ entity: 'cmo', field: 'name', value: '   ' })).toBe(false);
  });

  it('ignores the record being edited (excludeId)', async () => {
    const id = await idOf('Isotope Labs Boston');
    expect(await inUse({ entity: 'cmo', field: 'name', value: 'isotope labs boston', excludeId: id })).toBe(
      false,
    );
    const other = await idOf('Pacific Radiopharma');
    expect(
      await inUse({ entity: 'cmo', field: 'name', value: 'isotope labs boston', excludeId: other }),
    ).toBe(true);
    expect(
      await inUse({ entity: 'cmo', field: 'name', value: 'isotope labs boston', excludeId: 99_999_999_999 }),
    ).toBe(true);
  });

  it('[FRM-005] checks usernames, e-mails and group names', async () => {
    expect(await inUse({ entity: 'user', field: 'username', value: 'STAFF' })).toBe(true);
    expect(await inUse({ entity: 'user', field: 'username', value: 'nobody' })).toBe(false);
    expect(await inUse({ entity: 'user', field: 'email', value: ' Site@DoseChain.example ' })).toBe(true);
    expect(await inUse({ entity: 'group', field: 'name', value: 'administrators' })).toBe(true);
    expect(await inUse({ entity: 'study', field: 'name', value: ' onco-2026-01 ' })).toBe(true);
    expect(await inUse({ entity: 'study', field: 'name', value: 'ONCO-2027' })).toBe(false);
  });

  it('takes SQL and wildcards as plain text', async () => {
    expect(await inUse({ entity: 'cmo', field: 'name', value: "' or 1=1 --" })).toBe(false);
    expect(await inUse({ entity: 'cmo', field: 'name', value: '%' })).toBe(false);
    expect(await inUse({ entity: 'user', field: 'username', value: '_____' })).toBe(false);
  });

  it('answers 400 on field for a field the entity does not have', async () => {
    for (const query of [
      { entity: 'cmo', field: 'email', value: 'x' },
      { entity: 'user', field: 'name', value: 'x' },
      { entity: 'study', field: 'email', value: 'x' },
    ]) {
      const res = await check(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ parameter: 'field' }] });
    }
  });

  it('answers 400 for an unknown entity, field or parameter', async () => {
    expect((await check({ entity: 'orders', field: 'name', value: 'x' })).json().errors[0].parameter).toBe(
      'entity',
    );
    expect(
      (await check({ entity: 'cmo', field: 'password_hash', value: 'x' })).json().errors[0].parameter,
    ).toBe('field');
    expect(
      (await check({ entity: 'cmo', field: 'name', value: 'x', sql: '1' })).json().errors[0].parameter,
    ).toBe('sql');
    expect((await check({ entity: 'cmo', field: 'name' })).statusCode).toBe(400);
  });

  it('needs a login, and the right to create or edit the entity', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/check-in-use?entity=cmo&field=name&value=x',
    });
    expect(res.statusCode).toBe(401);
    expect(await inUse({ entity: 'cmo', field: 'name', value: 'Isotope Labs Boston' }, 'staff')).toBe(true);
    const refused: Record<string, string | number>[] = [
      { entity: 'cmo', field: 'name', value: 'x' },
      { entity: 'user', field: 'username', value: 'admin' },
      { entity: 'user', field: 'email', value: 'admin@dosechain.example', excludeId: await userId('admin') },
    ];
    for (const query of refused) {
      expect((await check(query, 'cmo')).statusCode).toBe(403);
    }
    // Staff reads users but does not manage them.
    expect((await check({ entity: 'user', field: 'username', value: 'admin' }, 'staff')).statusCode).toBe(
      403,
    );
  });

  it('lets any user check their own e-mail for the profile form', async () => {
    const self = await userId('site');
    expect(
      await inUse(
        { entity: 'user', field: 'email', value: 'cmo@dosechain.example', excludeId: self },
        'site',
      ),
    ).toBe(true);
    expect(
      await inUse(
        { entity: 'user', field: 'email', value: 'site@dosechain.example', excludeId: self },
        'site',
      ),
    ).toBe(false);
  });
});

describe('GET /reasons-for-change', () => {
  it('[FRM-011] lists the reasons in their order, Other included, to any logged-in user', async () => {
    const res = await t.request('cmo', { method: 'GET', url: '/api/v1/reasons-for-change' });
    expect(res.statusCode).toBe(200);
    const reasons = res.json() as { id: number; name: string }[];
    expect(reasons.map((r) => r.name)).toEqual([
      'Initial entry',
      'Data entry error',
      'New information',
      'Correction requested',
      'Other',
    ]);
    expect(Object.keys(reasons[0]!).sort()).toEqual(['id', 'name']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/reasons-for-change' })).statusCode).toBe(401);
  });
});
