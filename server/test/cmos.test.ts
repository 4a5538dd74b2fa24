import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, groupPermissions, groups } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const cmoBody = (over: Record<string, unknown> = {}) => ({
  name: 'Nova Isotopes',
  phoneNumber: '(617) 555-0123',
  timezone: 'America/New_York',
  address: { line_1: '1 Main St', line_2: '', city: 'Boston', state: 'MA', country: 'US', zipCode: '02115' },
  reasonForChange: 'Initial entry',
  electronicSignature: DEMO_PASSWORD,
  ...over,
});

const post = (payload: object, user = 'admin') =>
  t.request(user, { method: 'POST', url: '/api/v1/cmos', payload });
const put = (id: number, payload: object, user = 'admin') =>
  t.request(user, { method: 'PUT', url: `/api/v1/cmos/${id}`, payload });
const get = (id: number | string, user = 'admin') =>
  t.request(user, { method: 'GET', url: `/api/v1/cmos/${id}` });

async function companyId(name: string): Promise<number> {
  const [row] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  return row!.id;
}
const auditRows = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'cmos'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);
const countRows = async (table: typeof companies | typeof auditLog) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** The field errors of a 400, as {parameter: message}. */
const fieldErrors = (res: { json(): unknown }) =>
  Object.fromEntries(
    (res.json() as { errors: { parameter: string; message: string }[] }).errors.map((e) => [
      e.parameter,
      e.message,
    ]),
  );

describe('CMO create, read, list, update', () => {
  let id: number;

  it('creates a CMO: 201, trimmed text, E.164 phone, empty optionals stored as NULL', async () => {
    const res = await post(cmoBody({ name: '  Nova Isotopes  ' }));
    expect(res.statusCode).toBe(201);
    const cmo = res.json();
    id = cmo.id;
    expect(cmo).toMatchObject({
      type: 'cmo',
      name: 'Nova Isotopes',
      phoneNumber: '+16175550123',
      timezone: 'America/New_York',
      address: {
        line_1: '1 Main St',
        line_2: null,
        city: 'Boston',
        state: 'MA',
        country: 'US',
        zipCode: '02115',
      },
    });
    expect(new Date(cmo.createdAt).toISOString()).toBe(cmo.createdAt);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, id));
    expect(row).toMatchObject({
      type: 'cmo',
      name: 'Nova Isotopes',
      addressLine2: null,
      phoneNumber: '+16175550123',
    });
  });

  it('reads it back and lists it', async () => {
    const res = await get(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Nova Isotopes');
    const list = await t.request('staff', { method: 'GET', url: '/api/v1/cmos' });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.page).toBe(1);
    expect(body.total).toBe(3);
    expect(body.items[0].name).toBe('Nova Isotopes'); // newest first by default
    expect(body.items.every((c: { type: string }) => c.type === 'cmo')).toBe(true);
  });

  it('answers 404 "CMO not found" for a missing id, a clinical site id and an out-of-range id', async () => {
    const siteId = await companyId('Lakeside Clinical Research');
    for (const missing of [999_999, siteId, 99_999_999_999]) {
      const res = await get(missing);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'CMO not found', errors: [] });
    }
    const put404 = await put(siteId, { name: 'Taken over', electronicSignature: DEMO_PASSWORD });
    expect(put404.statusCode).toBe(404);
    expect((await get('abc')).statusCode).toBe(400);
  });

  it('updates only the fields sent and audits old → new with reason, actor and signature', async () => {
    const res = await put(id, {
      name: 'Nova Isotopes Inc',
      reasonForChange: 'Data entry error',
      electronicSignature: DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Nova Isotopes Inc', phoneNumber: '+16175550123' });
    const rows = await auditRows(id);
    expect(rows).toHaveLength(2);
    const [created, updated] = rows;
    expect(created).toMatchObject({
      eventType: 'new',
      reason: 'Initial entry',
      actorUsername: 'admin',
      actorFullName: 'Ada Admin',
      actorRoleType: 'admin',
      signed: true,
      signatureMeaning: 'Created CMO',
    });
    expect(created!.changeset).toMatchObject({
      name: [null, 'Nova Isotopes'],
      phoneNumber: [null, '+16175550123'],
      'address.city': [null, 'Boston'],
    });
    expect(created!.changeset).not.toHaveProperty('address.line_2');
    expect(updated).toMatchObject({
      eventType: 'update',
      reason: 'Data entry error',
      signed: true,
      signatureMeaning: 'Updated CMO',
      changeset: { name: ['Nova Isotopes', 'Nova Isotopes Inc'] },
    });
  });

  it('changes and clears address fields as a whole address', async () => {
    const res = await put(id, {
      address: { line_1: '2 Main St', city: 'Boston', state: null, country: 'US', zipCode: '' },
      electronicSignature: DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toEqual({
      line_1: '2 Main St',
      line_2: null,
      city: 'Boston',
      state: null,
      country: 'US',
      zipCode: null,
    });
    const last = (await auditRows(id)).at(-1)!;
    expect(last.changeset).toEqual({
      'address.line_1': ['1 Main St', '2 Main St'],
      'address.state': ['MA', null],
      'address.zipCode': ['02115', null],
    });
    expect(last.reason).toBeNull();
  });

  it('answers 200 and writes no audit row for an update that changes nothing', async () => {
    const before = (await auditRows(id)).length;
    const res = await put(id, { name: ' Nova Isotopes Inc ', electronicSignature: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await auditRows(id)).length).toBe(before);
  });

  it('lets staff create and update (config.create/update)', async () => {
    const res = await post(cmoBody({ name: 'Staff Made' }), 'staff');
    expect(res.statusCode).toBe(201);
    const upd = await put(
      res.json().id,
      { timezone: 'Europe/Berlin', electronicSignature: DEMO_PASSWORD },
      'staff',
    );
    expect(upd.statusCode).toBe(200);
    expect((await auditRows(res.json().id)).map((r) => r.actorUsername)).toEqual(['staff', 'staff']);
  });
});

describe('CMO validation', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['empty name', { name: '' }, 'name', 'Required'],
    ['missing name', { name: undefined }, 'name', 'Required'],
    ['only spaces', { name: '   ' }, 'name', "Can't contain only spaces"],
    ['long name', { name: 'x'.repeat(51) }, 'name', 'Longer than maximum length 50'],
    ['bad phone', { phoneNumber: '12' }, 'phoneNumber', 'Invalid phone number'],
    ['bad timezone', { timezone: 'Mars/Olympus' }, 'timezone', 'Invalid time zone'],
    [
      'long line_1',
      { address: { line_1: 'x'.repeat(101), city: 'Boston', country: 'US' } },
      'address.line_1',
      'Longer than maximum length 100',
    ],
    [
      'long city',
      { address: { line_1: 'a', city: 'x'.repeat(101), country: 'US' } },
      'address.city',
      'Longer than maximum length 100',
    ],
    [
      'long zip',
      { address: { line_1: 'a', city: 'b', country: 'US', zipCode: '12345678901' } },
      'address.zipCode',
      'Longer than maximum length 10',
    ],
    [
      'bad country',
      { address: { line_1: 'a', city: 'b', country: 'USA' } },
      'address.country',
      'Invalid country code',
    ],
    ['unknown field', { color: 'red' }, 'color', 'Unknown field'],
    [
      'unknown address field',
      { address: { line_1: 'a', city: 'b', country: 'US', planet: 'Earth' } },
      'address.planet',
      'Unknown field',
    ],
    [
      'long reason',
      { reasonForChange: 'r'.repeat(141) },
      'reasonForChange',
      'Longer than maximum length 140',
    ],
  ];
  it.each(cases)('%s → 400 on the field', async (_label, over, parameter, message) => {
    const before = await countRows(companies);
    const res = await post(cmoBody({ name: `Valid ${_label}`, ...over }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(fieldErrors(res)[parameter]).toBe(message);
    expect(await countRows(companies)).toBe(before);
  });

  it('validates an update the same way', async () => {
    const id = await companyId('Pacific Radiopharma');
    const res = await put(id, { name: ' ', electronicSignature: DEMO_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({ name: "Can't contain only spaces" });
    const unknown = await put(id, { type: 'clinical_site', electronicSignature: DEMO_PASSWORD });
    expect(fieldErrors(unknown)).toEqual({ type: 'Unknown field' });
  });
});

describe('CMO name uniqueness', () => {
  const taken = { code: 'not_unique', message: 'This value is already used', parameter: 'name' };

  it('ignores case and surrounding spaces on create', async () => {
    const res = await post(cmoBody({ name: '  isotope LABS boston ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [taken] });
  });

  it('ignores case on update, but lets a CMO re-case its own name', async () => {
    const id = await companyId('Pacific Radiopharma');
    const res = await put(id, { name: 'ISOTOPE LABS BOSTON', electronicSignature: DEMO_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([taken]);
    const own = await put(id, { name: 'PACIFIC Radiopharma', electronicSignature: DEMO_PASSWORD });
    expect(own.statusCode).toBe(200);
    expect(own.json().name).toBe('PACIFIC Radiopharma');
  });

  it('is per company type: a CMO may share a clinical site’s name', async () => {
    const res = await post(cmoBody({ name: 'Lakeside Clinical Research' }));
    expect(res.statusCode).toBe(201);
  });

  it('holds under concurrent creates: exactly one wins', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => post(cmoBody({ name: i % 2 ? 'Race Labs' : 'race labs ' }))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().errors).toEqual([taken]);
    const rows = await t.db.select().from(companies).where(sql`lower(${companies.name}) = 'race labs'`);
    expect(rows).toHaveLength(1);
  });

  it('holds under concurrent renames', async () => {
    const a = (await post(cmoBody({ name: 'Rename A' }))).json().id;
    const b = (await post(cmoBody({ name: 'Rename B' }))).json().id;
    const results = await Promise.all([
      put(a, { name: 'Renamed', electronicSignature: DEMO_PASSWORD }),
      put(b, { name: 'renamed', electronicSignature: DEMO_PASSWORD }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('CMO e-signature', () => {
  it('[FRM-010] refuses a missing or wrong signature with ESIGN_FAILED and writes nothing', async () => {
    const [companiesBefore, auditBefore] = [await countRows(companies), await countRows(auditLog)];
    for (const signature of [undefined, 'wrong-password']) {
      const res = await post(cmoBody({ name: 'Unsigned Labs', electronicSignature: signature }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'ESIGN_FAILED',
        errors: [{ code: 'ESIGN_FAILED', parameter: 'electronicSignature' }],
      });
    }
    const id = await companyId('Isotope Labs Boston');
    const upd = await put(id, { name: 'Unsigned Rename', electronicSignature: 'nope' });
    expect(upd.json().code).toBe('ESIGN_FAILED');
    expect(await countRows(companies)).toBe(companiesBefore);
    expect(await countRows(auditLog)).toBe(auditBefore);
    expect((await get(id)).json().name).toBe('Isotope Labs Boston');
  });

  it('is not asked for when e-signature is off; the audit row says unsigned', async () => {
    const off = await buildTestApp({ config: { eSignature: false } });
    try {
      const res = await off.request('admin', {
        method: 'POST',
        url: '/api/v1/cmos',
        payload: cmoBody({ name: 'No Signature Labs', electronicSignature: undefined }),
      });
      expect(res.statusCode).toBe(201);
      const [row] = await off.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'cmos'), eq(auditLog.entityId, res.json().id)));
      expect(row).toMatchObject({ signed: false, signatureMeaning: 'Created CMO', eventType: 'new' });
    } finally {
      await off.close();
    }
  });
});

describe('CMO access', () => {
  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/cmos'],
      ['POST', '/api/v1/cmos'],
      ['GET', '/api/v1/cmos/1'],
      ['PUT', '/api/v1/cmos/1'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : cmoBody() });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('[CFG-014] answers 403 to company users, who have no config permission and are not staff/admin', async () => {
    const id = await companyId('Isotope Labs Boston');
    for (const user of ['cmo', 'site', 'imaging', 'multi']) {
      for (const res of [
        await t.request(user, { method: 'GET', url: '/api/v1/cmos' }),
        await get(id, user),
        await post(cmoBody({ name: `${user} made` }), user),
        await put(id, { name: 'Hijacked', electronicSignature: DEMO_PASSWORD }, user),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
  });

  it('[CFG-014] answers 403 to staff without config.create, and 404 before 403 never leaks', async () => {
    const [staffGroup] = await t.db.select().from(groups).where(eq(groups.name, 'Staff'));
    const where = and(eq(groupPermissions.groupId, staffGroup!.id), eq(groupPermissions.area, 'config'));
    await t.db.update(groupPermissions).set({ canCreate: false }).where(where);
    try {
      const res = await post(cmoBody({ name: 'Staff Without Create' }), 'staff');
      expect(res.statusCode).toBe(403);
      expect((await t.request('staff', { method: 'GET', url: '/api/v1/cmos' })).statusCode).toBe(200);
    } finally {
      await t.db.update(groupPermissions).set({ canCreate: true }).where(where);
    }
  });
});
