import { messages } from '@dosechain/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, exams, studies, studyPairings } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signed = { electronicSignature: DEMO_PASSWORD };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, user = 'admin') =>
  t.request(user, {
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload: { ...signed, ...payload } } : {}),
  });
const studyId = async (name: string) =>
  (await t.db.select().from(studies).where(eq(studies.name, name)))[0]!.id;
const examId = async (name: string) => (await t.db.select().from(exams).where(eq(exams.name, name)))[0]!.id;
const companyId = async (name: string) =>
  (await t.db.select().from(companies).where(eq(companies.name, name)))[0]!.id;
const studyTrail = async (id: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'studies'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id))
  ).map((a) => [a.eventType, a.changeset, a.reason, a.signatureMeaning]);

describe('studies', () => {
  it('lists studies, searchable by sponsor, and answers one with its distribution list', async () => {
    const list = await call('GET', '/studies?search=cortex');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ name: 'NEURO-AMY-301', sponsor: 'Cortex Bio', active: true }],
    });
    expect(list.json().items[0].distributionList).toBeUndefined();
    const one = await call('GET', `/studies/${await studyId('ONCO-2026-01')}`);
    expect(one.json().distributionList).toEqual([
      { name: 'Helios Study Manager', email: 'onco-pm@helios.example', companyType: null, companies: [] },
      {
        name: 'Boston Dispatch',
        email: 'dispatch@isotopelabs.example',
        companyType: 'cmo',
        companies: [{ id: await companyId('Isotope Labs Boston'), name: 'Isotope Labs Boston' }],
      },
      {
        name: 'Lakeside Coordinator',
        email: 'coordinator@lakeside.example',
        companyType: 'clinical_site',
        companies: [
          { id: await companyId('Lakeside Clinical Research'), name: 'Lakeside Clinical Research' },
        ],
      },
    ]);
    const inactive = encodeURIComponent(JSON.stringify([{ field: 'active', op: 'eq', value: false }]));
    expect(
      (await call('GET', `/studies?filter=${inactive}`)).json().items.map((s: { name: string }) => s.name),
    ).toEqual(['CARDIO-2024']);
  });

  it('creates a study, audited, with unique names ignoring case (also when two race)', async () => {
    const created = await call('POST', '/studies', { name: ' CARDIO-2027 ', sponsor: 'Vitalis Pharma' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'CARDIO-2027',
      sponsor: 'Vitalis Pharma',
      active: true,
      distributionList: [],
    });
    expect(await studyTrail(created.json().id)).toEqual([
      [
        'new',
        { name: [null, 'CARDIO-2027'], sponsor: [null, 'Vitalis Pharma'], active: [null, true] },
        null,
        'Created Study',
      ],
    ]);
    const dup = await call('POST', '/studies', { name: 'onco-2026-01', sponsor: 'X' });
    expect(dup.json().errors).toEqual([
      { code: 'not_unique', message: 'This value is already used', parameter: 'name' },
    ]);
    const renameOntoTaken = await call('PUT', `/studies/${created.json().id}`, { name: 'NEURO-amy-301' });
    expect(renameOntoTaken.json().errors[0].message).toBe('This value is already used');

    const [a, b] = await Promise.all([
      call('POST', '/studies', { name: 'RACE-1', sponsor: 'A' }),
      call('POST', '/studies', { name: 'race-1', sponsor: 'B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    expect([a, b].find((r) => r.statusCode === 400)!.json().errors[0].message).toBe(
      'This value is already used',
    );
    expect(await t.db.select().from(studies).where(sql`lower(${studies.name}) = 'race-1'`)).toHaveLength(1);
  });

  it('validates name and sponsor with the spec messages', async () => {
    const res = await call('POST', '/studies', { name: '  ', sponsor: 's'.repeat(51) });
    expect(res.json().errors).toEqual([
      { code: 'custom', message: "Can't contain only spaces", parameter: 'name' },
      { code: 'too_big', message: 'Longer than maximum length 50', parameter: 'sponsor' },
    ]);
    expect((await call('POST', '/studies', { name: 'No sponsor' })).json().errors[0]).toMatchObject({
      parameter: 'sponsor',
      message: 'Required',
    });
  });

  it('inactivates with a required reason and activates again, audited', async () => {
    const id = (await call('POST', '/studies', { name: 'TOGGLE-1', sponsor: 'S' })).json().id;
    expect((await call('PUT', `/studies/${id}`, { active: false })).json().errors[0].parameter).toBe(
      'reasonForChange',
    );
    expect(
      (await call('PUT', `/studies/${id}`, { active: false, reasonForChange: 'Study closed' })).json().active,
    ).toBe(false);
    expect((await call('PUT', `/studies/${id}`, { active: true })).json().active).toBe(true);
    expect((await studyTrail(id)).slice(1)).toEqual([
      ['update', { active: [true, false] }, 'Study closed', 'Inactivated Study'],
      ['update', { active: [false, true] }, null, 'Activated Study'],
    ]);
  });

  it('[CFG-006] answers 404 "Study not found" and 403 to company users', async () => {
    expect((await call('GET', '/studies/999999')).json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Study not found',
    });
    for (const user of ['cmo', 'site', 'imaging']) {
      expect((await call('GET', '/studies', undefined, user)).statusCode).toBe(403);
      expect((await call('POST', '/studies', { name: 'Nope', sponsor: 'S' }, user)).statusCode).toBe(403);
    }
  });
});

describe('distribution list', () => {
  const entries = async () => [
    { name: 'Trial Lead', email: 'lead@sponsor.example' },
    {
      name: 'Boston Dispatch',
      email: 'dispatch@isotopelabs.example',
      companyType: 'cmo',
      companyIds: [await companyId('Isotope Labs Boston')],
    },
  ];

  it('is replaced as a whole, each entry removed or added audited with the reason', async () => {
    const id = (
      await call('POST', '/studies', { name: 'DL-1', sponsor: 'S', distributionList: await entries() })
    ).json().id;
    const [lead, dispatch] = await entries();
    const pacific = await companyId('Pacific Radiopharma');
    const saved = await call('PUT', `/studies/${id}`, {
      distributionList: [
        dispatch,
        { ...lead!, email: 'lead2@sponsor.example' },
        {
          name: 'West Coast',
          email: 'west@pacific.example',
          companyType: 'cmo',
          companyIds: [pacific, await companyId('Isotope Labs Boston')],
        },
      ],
      reasonForChange: 'New contact',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().distributionList.map((e: { email: string }) => e.email)).toEqual([
      'dispatch@isotopelabs.example',
      'lead2@sponsor.example',
      'west@pacific.example',
    ]);
    expect(saved.json().distributionList[2].companies.map((c: { name: string }) => c.name)).toEqual([
      'Isotope Labs Boston',
      'Pacific Radiopharma',
    ]);
    const trail = await studyTrail(id);
    expect(trail.slice(-3)).toEqual([
      [
        'removed',
        { distributionList: ['Trial Lead <lead@sponsor.example>', null] },
        'New contact',
        'Updated Study',
      ],
      [
        'added',
        { distributionList: [null, 'Trial Lead <lead2@sponsor.example>'] },
        'New contact',
        'Updated Study',
      ],
      [
        'added',
        {
          distributionList: [
            null,
            'West Coast <west@pacific.example> · CMO: Isotope Labs Boston, Pacific Radiopharma',
          ],
        },
        'New contact',
        'Updated Study',
      ],
    ]);
    // The same list again writes nothing; only a new order is recorded as an update.
    const count = trail.length;
    const same = saved
      .json()
      .distributionList.map(
        (e: { name: string; email: string; companyType: string | null; companies: { id: number }[] }) => ({
          name: e.name,
          email: e.email,
          companyType: e.companyType,
          companyIds: e.companies.map((c) => c.id),
        }),
      );
    await call('PUT', `/studies/${id}`, { distributionList: same });
    expect(await studyTrail(id)).toHaveLength(count);
    await call('PUT', `/studies/${id}`, { distributionList: [...same].reverse() });
    const reordered = await studyTrail(id);
    expect(reordered).toHaveLength(count + 1);
    expect(reordered.at(-1)![0]).toBe('update');
    // Emptying the list removes every entry.
    expect((await call('PUT', `/studies/${id}`, { distributionList: [] })).json().distributionList).toEqual(
      [],
    );
  });

  it('[CFG-009] validates each row with the spec messages, naming the row', async () => {
    const id = await studyId('NEURO-AMY-301');
    const res = await call('PUT', `/studies/${id}`, {
      distributionList: [
        { name: '', email: 'not-an-email' },
        { name: 'n'.repeat(51), email: `${'e'.repeat(250)}@x.org` },
        { name: 'Typed', email: 'typed@x.org', companyType: 'clinical_site', companyIds: [] },
        // A display name would put another recipient in the mail's header: a bare address only.
        { name: 'Victim', email: '"victim"<evil@attacker.example>' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(
      res.json().errors.map((e: { parameter: string; message: string }) => [e.parameter, e.message]),
    ).toEqual([
      ['distributionList.0.name', 'Required'],
      ['distributionList.0.email', 'Invalid email format'],
      ['distributionList.1.name', 'Longer than maximum length 50'],
      ['distributionList.1.email', 'Longer than maximum length 254'],
      ['distributionList.2.companyIds', 'Required'],
      ['distributionList.3.email', 'Invalid email format'],
    ]);
    const wrongType = await call('PUT', `/studies/${id}`, {
      distributionList: [
        {
          name: 'Typed',
          email: 'typed@x.org',
          companyType: 'clinical_site',
          companyIds: [await companyId('Isotope Labs Boston')],
        },
      ],
    });
    expect(wrongType.json().errors[0]).toMatchObject({ parameter: 'distributionList.0.companyIds' });
    // Nothing was written by the refused saves.
    expect((await call('GET', `/studies/${id}`)).json().distributionList).toHaveLength(2);
  });

  it('refuses an address twice in any case (issue 33), naming the later row and the first', async () => {
    const id = await studyId('NEURO-AMY-301');
    const res = await call('PUT', `/studies/${id}`, {
      distributionList: [
        { name: 'Anna', email: 'anna@example.org' },
        { name: 'Bob', email: 'bob@example.org' },
        { name: 'Anna again', email: 'ANNA@example.org' },
      ],
      reasonForChange: 'Contacts',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        parameter: 'distributionList.2.email',
        message: messages.distributionEmailDuplicate(1),
      }),
    ]);
    // The same address for a CMO and for a site reaches other orders: kept.
    const both = await call('PUT', `/studies/${id}`, {
      distributionList: [
        {
          name: 'Anna',
          email: 'anna@example.org',
          companyType: 'cmo',
          companyIds: [await companyId('Isotope Labs Boston')],
        },
        {
          name: 'Anna',
          email: 'ANNA@example.org',
          companyType: 'clinical_site',
          companyIds: [await companyId('Lakeside Clinical Research')],
        },
      ],
      reasonForChange: 'Contacts',
    });
    expect(both.statusCode).toBe(200);
    expect(both.json().distributionList).toHaveLength(2);
  });
});

describe('pairings', () => {
  it("lists a study's pairings with exam, drug, site and CMO names", async () => {
    const res = await call('GET', `/studies/${await studyId('NEURO-AMY-301')}/pairings?sort=site_name`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(res.json().items[0]).toMatchObject({
      exam: { name: 'Amyloid PET', drug: { name: 'Florbetapir F18' } },
      site: { name: 'Lakeside Clinical Research' },
      cmo: { name: 'Isotope Labs Boston' },
    });
    expect((await call('GET', '/studies/999999/pairings')).json().message).toBe('Study not found');
  });

  it('[CFG-007] adds a pairing (audited on the study) and refuses a second for the same exam and site', async () => {
    const study = await studyId('NEURO-AMY-301');
    const body = {
      examId: await examId('Amyloid PET'),
      siteId: await companyId('Hudson Oncology Center'),
      cmoId: await companyId('Isotope Labs Boston'),
      reasonForChange: 'Site activated',
    };
    const created = await call('POST', `/studies/${study}/pairings`, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ studyId: study, site: { name: 'Hudson Oncology Center' } });
    expect((await studyTrail(study)).at(-1)).toEqual([
      'added',
      { pairings: [null, 'Amyloid PET (Florbetapir F18) · Hudson Oncology Center · Isotope Labs Boston'] },
      'Site activated',
      'Created Pairing',
    ]);
    const again = await call('POST', `/studies/${study}/pairings`, {
      ...body,
      cmoId: await companyId('Pacific Radiopharma'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'RESOURCE_ALREADY_EXISTS',
      message: 'A pairing already exists for this Study with this Exam and Site',
    });
  });

  it('lets one of two concurrent identical pairings win', async () => {
    const study = (await call('POST', '/studies', { name: 'PAIR-RACE', sponsor: 'S' })).json().id;
    const body = {
      examId: await examId('PSMA PET'),
      siteId: await companyId('Lakeside Clinical Research'),
      cmoId: await companyId('Isotope Labs Boston'),
    };
    const results = await Promise.all([
      call('POST', `/studies/${study}/pairings`, body),
      call('POST', `/studies/${study}/pairings`, body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(studyPairings).where(eq(studyPairings.studyId, study))).toHaveLength(1);
    expect((await studyTrail(study)).filter((a) => a[0] === 'added')).toHaveLength(1);
  });

  it('names each wrong record on its field: missing, inactive or of the wrong kind', async () => {
    const study = await studyId('ONCO-2026-01');
    const res = await call('POST', `/studies/${study}/pairings`, {
      examId: await examId('Myocardial Perfusion SPECT'),
      siteId: await companyId('Isotope Labs Boston'),
      cmoId: await companyId('Lakeside Clinical Research'),
    });
    expect(
      res.json().errors.map((e: { parameter: string; message: string }) => [e.parameter, e.message]),
    ).toEqual([
      ['examId', 'This Exam is inactive'],
      ['siteId', 'Clinical Site not found'],
      ['cmoId', 'CMO not found'],
    ]);
    expect(
      (await call('POST', `/studies/${study}/pairings`, { examId: 999999 }))
        .json()
        .errors.map((e: { parameter: string }) => e.parameter),
    ).toEqual(['siteId', 'cmoId']);
  });

  it('[CFG-007] deletes a pairing only with a reason, audited; a pairing of another study is 404', async () => {
    const study = await studyId('ONCO-2026-01');
    const [pairing] = (await call('GET', `/studies/${study}/pairings?sort=created_at`)).json().items;
    const other = await studyId('NEURO-AMY-301');
    expect(
      (await call('DELETE', `/studies/${other}/pairings/${pairing.id}`, { reasonForChange: 'x' })).statusCode,
    ).toBe(404);
    const noReason = await call('DELETE', `/studies/${study}/pairings/${pairing.id}`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ parameter: 'reasonForChange', message: 'Required' });
    const deleted = await call('DELETE', `/studies/${study}/pairings/${pairing.id}`, {
      reasonForChange: 'Site closed',
    });
    expect(deleted.statusCode).toBe(204);
    expect((await studyTrail(study)).at(-1)).toEqual([
      'removed',
      {
        pairings: [
          `${pairing.exam.name} (${pairing.exam.drug.name}) · ${pairing.site.name} · ${pairing.cmo.name}`,
          null,
        ],
      },
      'Site closed',
      'Deleted Pairing',
    ]);
    expect(
      (await call('DELETE', `/studies/${study}/pairings/${pairing.id}`, { reasonForChange: 'again' }))
        .statusCode,
    ).toBe(404);
  });

  it('is staff/admin only', async () => {
    const study = await studyId('ONCO-2026-01');
    expect((await call('GET', `/studies/${study}/pairings`, undefined, 'cmo')).statusCode).toBe(403);
    expect(
      (await call('POST', `/studies/${study}/pairings`, { examId: 1, siteId: 1, cmoId: 1 }, 'site'))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/studies/${study}/pairings/1`, { reasonForChange: 'x' }, 'imaging')).statusCode,
    ).toBe(403);
  });
});
