import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, radionuclides } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signed = { electronicSignature: DEMO_PASSWORD };
const post = (payload: object, user = 'staff') =>
  t.request(user, { method: 'POST', url: '/api/v1/radionuclides', payload: { ...payload, ...signed } });
const put = (id: number, payload: object) =>
  t.request('admin', {
    method: 'PUT',
    url: `/api/v1/radionuclides/${id}`,
    payload: { ...payload, ...signed },
  });
const trailOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'radionuclides'), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.id));

describe('radionuclides', () => {
  it('creates one with its half-life stored exactly as given, signed and audited', async () => {
    const res = await post({ name: ' Rb-82 ', halfLife: 1.2575, halfLifeUnit: 'min' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Rb-82', halfLife: 1.2575, halfLifeUnit: 'min', active: true });
    const [row] = await t.db.select().from(radionuclides).where(eq(radionuclides.id, created.id));
    expect(row).toMatchObject({ halfLife: 1.2575, halfLifeUnit: 'min' });
    expect(
      (await t.request('staff', { method: 'GET', url: `/api/v1/radionuclides/${created.id}` })).json(),
    ).toEqual(created);
    const [audit] = await trailOf(created.id);
    expect(audit).toMatchObject({
      eventType: 'new',
      changeset: { name: [null, 'Rb-82'], halfLife: [null, '1.2575 min'], active: [null, true] },
      actorUsername: 'staff',
      signed: true,
      signatureMeaning: 'Created Radionuclide',
    });
  });

  it('keeps names unique ignoring case: "This value is already used" on name, on create and rename', async () => {
    const taken = await post({ name: ' f-18 ', halfLife: 110, halfLifeUnit: 'min' });
    // As every unique name of the API (api-contract): 400 VALIDATION_FAILED naming the field.
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ code: 'not_unique', message: 'This value is already used', parameter: 'name' }],
    });
    const other = (await post({ name: 'O-15', halfLife: 122.24, halfLifeUnit: 'min' })).json();
    const rename = await put(other.id, { name: 'GA-68' });
    expect(rename.json().errors).toEqual([
      { code: 'not_unique', message: 'This value is already used', parameter: 'name' },
    ]);
  });

  it('answers bad input with 400 and the field, never 500', async () => {
    const cases: [object, string, string][] = [
      [{ name: '', halfLife: 1, halfLifeUnit: 'h' }, 'name', 'Required'],
      [{ name: 'x'.repeat(51), halfLife: 1, halfLifeUnit: 'h' }, 'name', 'Longer than maximum length 50'],
      [{ name: 'X-1', halfLife: 0, halfLifeUnit: 'h' }, 'halfLife', 'Must be greater than 0'],
      [{ name: 'X-1', halfLife: 1.1234567, halfLifeUnit: 'h' }, 'halfLife', 'At most 6 decimal places'],
      [{ name: 'X-1', halfLife: 2_000_000, halfLifeUnit: 'h' }, 'halfLife', 'Max value is 1000000'],
      [{ name: 'X-1', halfLife: '12', halfLifeUnit: 'h' }, 'halfLife', 'Required'],
      [{ name: 'X-1', halfLife: 12, halfLifeUnit: 'years' }, 'halfLifeUnit', 'Required'],
      [{ name: 'X-1', halfLife: 12 }, 'halfLifeUnit', 'Required'],
    ];
    for (const [body, parameter, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toContainEqual(
        expect.objectContaining({ parameter, message }),
      );
    }
    const unknown = await post({ name: 'X-1', halfLife: 1, halfLifeUnit: 'h', seconds: 3600 });
    expect(unknown.statusCode).toBe(400);
    expect((await put(999_999, { name: 'Nope' })).json()).toMatchObject({
      message: 'Radionuclide not found',
    });
    expect((await put(2 ** 31, { name: 'Nope' })).statusCode).toBe(404);
  });

  it('inactivates only with a reason, and activates again; each change audited with its meaning', async () => {
    const { id } = (await post({ name: 'Tb-161', halfLife: 6.953, halfLifeUnit: 'd' })).json();
    const noReason = await put(id, { active: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ parameter: 'reasonForChange' });
    expect((await put(id, { active: false, reasonForChange: 'Not supplied any more' })).json().active).toBe(
      false,
    );
    expect((await put(id, { active: true })).json().active).toBe(true);
    expect((await put(id, { halfLife: 6.95, halfLifeUnit: 'd' })).json()).toMatchObject({ halfLife: 6.95 });
    const trail = (await trailOf(id)).slice(1);
    expect(trail.map((a) => [a.changeset, a.reason, a.signatureMeaning])).toEqual([
      [{ active: [true, false] }, 'Not supplied any more', 'Inactivated Radionuclide'],
      [{ active: [false, true] }, null, 'Activated Radionuclide'],
      [{ halfLife: ['6.953 d', '6.95 d'] }, null, 'Updated Radionuclide'],
    ]);
  });

  it('lists by half-life as a duration, whatever the unit; filters active; searches names', async () => {
    const get = async (query: string) =>
      (await t.request('staff', { method: 'GET', url: `/api/v1/radionuclides?size=100&${query}` })).json();
    const shortest = await get('sort=half_life');
    const names = shortest.items.map((r: { name: string }) => r.name);
    // N-13 9.965 min < C-11 20.385 min < Ga-68 67.71 min < F-18 109.77 min < Tc-99m 6.0058 h
    expect(names.indexOf('N-13')).toBeLessThan(names.indexOf('C-11'));
    expect(names.indexOf('Ga-68')).toBeLessThan(names.indexOf('F-18'));
    expect(names.indexOf('F-18')).toBeLessThan(names.indexOf('Tc-99m'));
    expect(names.indexOf('Tc-99m')).toBeLessThan(names.indexOf('Lu-177'));
    const search = await get('search=lu-1');
    expect(search.items).toEqual([
      expect.objectContaining({ name: 'Lu-177', halfLife: 6.6443, halfLifeUnit: 'd' }),
    ]);
    const filter = encodeURIComponent(JSON.stringify([{ field: 'half_life_unit', op: 'eq', value: 'h' }]));
    const hours = await get(`filter=${filter}&sort=name`);
    expect(hours.items.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['Cu-64', 'Tc-99m', 'Y-90', 'Zr-89']),
    );
  });

  it('is staff/admin only', async () => {
    expect((await t.request('site', { method: 'GET', url: '/api/v1/radionuclides' })).statusCode).toBe(403);
    expect((await post({ name: 'Sr-89', halfLife: 50.57, halfLifeUnit: 'd' }, 'cmo')).statusCode).toBe(403);
  });
});

describe('a drug and its radionuclide', () => {
  const drugPost = (payload: object) =>
    t.request('staff', { method: 'POST', url: '/api/v1/drugs', payload: { ...payload, ...signed } });
  const drugPut = (id: number, payload: object) =>
    t.request('admin', { method: 'PUT', url: `/api/v1/drugs/${id}`, payload: { ...payload, ...signed } });
  const drugTrail = (id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'drugs'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id));
  const idOf = async (name: string) =>
    (await t.db.select().from(radionuclides).where(eq(radionuclides.name, name)))[0]!.id;

  it('names the demo drugs’ radionuclides', async () => {
    const res = await t.request('staff', { method: 'GET', url: '/api/v1/drugs?sort=name&size=100' });
    const byName = Object.fromEntries(
      res
        .json()
        .items.map((d: { name: string; radionuclide: { name: string } | null }) => [
          d.name,
          d.radionuclide?.name,
        ]),
    );
    expect(byName).toMatchObject({
      'Fludeoxyglucose F18': 'F-18',
      'Florbetapir F18': 'F-18',
      'Gallium Ga68 PSMA-11': 'Ga-68',
      'Technetium Tc99m Sestamibi': 'Tc-99m',
    });
  });

  it('creates a drug with its radionuclide, audited by name; changes and removes it', async () => {
    const cu64 = await idOf('Cu-64');
    const created = await drugPost({
      name: 'Copper Cu64 Dotatate',
      otherName: 'Detectnet',
      radionuclideId: cu64,
    });
    expect(created.statusCode, created.body).toBe(201);
    const drug = created.json();
    expect(drug.radionuclide).toEqual({ id: cu64, name: 'Cu-64', active: true });
    expect(
      (await t.request('staff', { method: 'GET', url: `/api/v1/drugs/${drug.id}` })).json().radionuclide,
    ).toEqual(drug.radionuclide);
    const filter = encodeURIComponent(
      JSON.stringify([{ field: 'radionuclide_name', op: 'eq', value: 'Cu-64' }]),
    );
    const listed = await t.request('staff', { method: 'GET', url: `/api/v1/drugs?filter=${filter}` });
    expect(listed.json().items.map((d: { name: string }) => d.name)).toEqual(['Copper Cu64 Dotatate']);

    expect((await drugPut(drug.id, { radionuclideId: await idOf('Ga-68') })).json().radionuclide.name).toBe(
      'Ga-68',
    );
    const removed = await drugPut(drug.id, { radionuclideId: null, reasonForChange: 'Data entry error' });
    expect(removed.json().radionuclide).toBeNull();
    const trail = await drugTrail(drug.id);
    expect(trail.map((a) => a.changeset)).toEqual([
      {
        name: [null, 'Copper Cu64 Dotatate'],
        otherName: [null, 'Detectnet'],
        radionuclide: [null, 'Cu-64'],
        active: [null, true],
      },
      { radionuclide: ['Cu-64', 'Ga-68'] },
      { radionuclide: ['Ga-68', null] },
    ]);
    // A drug that is not radioactive has none.
    expect((await drugPost({ name: 'Regadenoson' })).json().radionuclide).toBeNull();
  });

  it('refuses a radionuclide that does not exist (400 on the field) or is inactive (409)', async () => {
    const missing = await drugPost({ name: 'Nowhere', radionuclideId: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      expect.objectContaining({ parameter: 'radionuclideId', message: 'Radionuclide not found' }),
    ]);
    const tooBig = await drugPost({ name: 'Nowhere', radionuclideId: 2 ** 31 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors[0]).toMatchObject({ parameter: 'radionuclideId' });

    const { id } = (await post({ name: 'Sm-153', halfLife: 46.284, halfLifeUnit: 'h' })).json();
    await put(id, { active: false, reasonForChange: 'Not stocked' });
    const inactive = await drugPost({ name: 'Samarium Sm153 Lexidronam', radionuclideId: id });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toMatchObject({
      code: 'RADIONUCLIDE_INACTIVE',
      message: "Radionuclide Sm-153 is inactive, an active Drug can't use it",
      errors: [expect.objectContaining({ parameter: 'radionuclideId' })],
    });
  });

  it('refuses to inactivate a radionuclide an active drug uses, and allows it once the drug is inactive', async () => {
    const { id } = (await post({ name: 'Ra-223', halfLife: 11.43, halfLifeUnit: 'd' })).json();
    const drug = (
      await drugPost({ name: 'Radium Ra223 Dichloride', otherName: 'Xofigo', radionuclideId: id })
    ).json();
    const refused = await put(id, { active: false, reasonForChange: 'Not stocked' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'RADIONUCLIDE_IN_USE',
      message: "You can't inactivate Radionuclide Ra-223 because it's in use",
    });
    expect((await t.db.select().from(radionuclides).where(eq(radionuclides.id, id)))[0]!.active).toBe(true);
    // F-18 too: the demo's FDG uses it.
    expect((await put(await idOf('F-18'), { active: false, reasonForChange: 'Test' })).statusCode).toBe(409);

    await drugPut(drug.id, { active: false, reasonForChange: 'Withdrawn' });
    expect((await put(id, { active: false, reasonForChange: 'Not stocked' })).json().active).toBe(false);
    // The drug cannot be activated again while its radionuclide is inactive.
    const reactivate = await drugPut(drug.id, { active: true });
    expect(reactivate.statusCode).toBe(409);
    expect(reactivate.json().code).toBe('RADIONUCLIDE_INACTIVE');
  });
});
