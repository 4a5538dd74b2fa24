import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, drugAvailabilities, drugs, exams } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signed = { electronicSignature: DEMO_PASSWORD };
const post = (payload: object, user = 'admin') =>
  t.request(user, { method: 'POST', url: '/api/v1/exams', payload: { ...signed, ...payload } });
const put = (id: number, payload: object, user = 'admin') =>
  t.request(user, { method: 'PUT', url: `/api/v1/exams/${id}`, payload: { ...signed, ...payload } });
const drugId = async (name: string) => (await t.db.select().from(drugs).where(eq(drugs.name, name)))[0]!.id;
const examTrail = async (id: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'exams'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id))
  ).map((a) => [a.eventType, a.changeset, a.reason, a.signatureMeaning]);

describe('exams', () => {
  it('lists the seeded exams with their drugs, searchable by drug name and filterable by drug', async () => {
    const fdg = await drugId('Fludeoxyglucose F18');
    const res = await t.request('staff', { method: 'GET', url: '/api/v1/exams?search=fludeoxy&sort=name' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((e: { name: string }) => e.name)).toEqual([
      'FDG PET Brain',
      'FDG PET Whole Body',
    ]);
    expect(res.json().items[0].drug).toEqual({ id: fdg, name: 'Fludeoxyglucose F18', active: true });
    const filter = encodeURIComponent(JSON.stringify([{ field: 'drug_id', op: 'eq', value: fdg }]));
    const byDrug = await t.request('staff', { method: 'GET', url: `/api/v1/exams?filter=${filter}` });
    expect(byDrug.json().total).toBe(2);
    const sorted = await t.request('staff', {
      method: 'GET',
      url: '/api/v1/exams?sort=drug_name,name&fields=name',
    });
    expect(sorted.json().items[0]).toEqual({ id: expect.any(Number), name: 'Amyloid PET' });
  });

  it('creates an exam on an active drug, with its audit row naming the drug', async () => {
    const res = await post({ name: ' FDG PET Cardiac ', drugId: await drugId('Fludeoxyglucose F18') });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'FDG PET Cardiac',
      active: true,
      drug: { name: 'Fludeoxyglucose F18' },
    });
    expect(await examTrail(res.json().id)).toEqual([
      [
        'new',
        { name: [null, 'FDG PET Cardiac'], drug: [null, 'Fludeoxyglucose F18'], active: [null, true] },
        null,
        'Created Exam',
      ],
    ]);
  });

  it('[CFG-003] refuses the same name on the same drug (EXAM_NAME_DRUG_UNIQUE) but allows it on another drug', async () => {
    const same = await post({ name: 'fdg pet brain', drugId: await drugId('Fludeoxyglucose F18') });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({
      code: 'EXAM_NAME_DRUG_UNIQUE',
      message: 'An Exam with this name already exists for Drug Fludeoxyglucose F18',
      errors: [
        {
          code: 'EXAM_NAME_DRUG_UNIQUE',
          message: 'An Exam with this name already exists for Drug Fludeoxyglucose F18',
          parameter: 'name',
        },
      ],
    });
    const other = await post({ name: 'FDG PET Brain', drugId: await drugId('Florbetapir F18') });
    expect(other.statusCode).toBe(201);
    // Renaming onto a taken (name, drug) is refused too.
    const renamed = await put(other.json().id, { drugId: await drugId('Fludeoxyglucose F18') });
    expect(renamed.json().code).toBe('EXAM_NAME_DRUG_UNIQUE');
  });

  it('lets exactly one of two concurrent creates of one name and drug win', async () => {
    const drug = await drugId('Gallium Ga68 PSMA-11');
    const [a, b] = await Promise.all([
      post({ name: 'PSMA PET Pelvis', drugId: drug }),
      post({ name: 'psma pet pelvis', drugId: drug }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('EXAM_NAME_DRUG_UNIQUE');
    const rows = await t.db
      .select()
      .from(exams)
      .where(and(eq(exams.drugId, drug), sql`lower(${exams.name}) = 'psma pet pelvis'`));
    expect(rows).toHaveLength(1);
  });

  it('[CFG-004] refuses to create or activate an exam on an inactive drug (EXAM_DRUG_INACTIVE)', async () => {
    const tc = await drugId('Technetium Tc99m Sestamibi');
    const created = await post({ name: 'Bone SPECT', drugId: tc });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({
      code: 'EXAM_DRUG_INACTIVE',
      message: "Drug Technetium Tc99m Sestamibi is inactive, an Exam can't be created or activated on it",
      errors: [{ parameter: 'drugId' }],
    });
    const [spect] = await t.db.select().from(exams).where(eq(exams.name, 'Myocardial Perfusion SPECT'));
    const activated = await put(spect!.id, { active: true });
    expect(activated.json().code).toBe('EXAM_DRUG_INACTIVE');
    expect((await t.db.select().from(exams).where(eq(exams.id, spect!.id)))[0]!.active).toBe(false);
    // Moving an active exam onto an inactive drug is the same thing.
    const [amyloid] = await t.db.select().from(exams).where(eq(exams.name, 'Amyloid PET'));
    expect((await put(amyloid!.id, { drugId: tc })).json().code).toBe('EXAM_DRUG_INACTIVE');
    // An inactive exam may be edited while its drug is inactive.
    const renamed = await put(spect!.id, { name: 'Myocardial Perfusion SPECT (rest)' });
    expect(renamed.statusCode).toBe(200);
  });

  it('inactivates with a required reason and activates with a signature, both audited', async () => {
    const created = await post({ name: 'Amyloid PET Research', drugId: await drugId('Florbetapir F18') });
    const id = created.json().id;
    const noReason = await put(id, { active: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([
      { code: 'required', message: 'Required', parameter: 'reasonForChange' },
    ]);
    const longReason = await put(id, { active: false, reasonForChange: 'r'.repeat(141) });
    expect(longReason.json().errors[0]).toMatchObject({
      parameter: 'reasonForChange',
      message: 'Longer than maximum length 140',
    });
    const unsigned = await put(id, {
      active: false,
      reasonForChange: 'Retired',
      electronicSignature: 'wrong',
    });
    expect(unsigned.json()).toMatchObject({
      code: 'ESIGN_FAILED',
      errors: [{ parameter: 'electronicSignature' }],
    });
    expect((await put(id, { active: false, reasonForChange: 'Retired' })).json().active).toBe(false);
    expect((await put(id, { active: true })).json().active).toBe(true);
    expect((await examTrail(id)).slice(1)).toEqual([
      ['update', { active: [true, false] }, 'Retired', 'Inactivated Exam'],
      ['update', { active: [false, true] }, null, 'Activated Exam'],
    ]);
  });

  it('[FRM-001] validates with the spec messages', async () => {
    const fdg = await drugId('Fludeoxyglucose F18');
    expect((await post({ name: '  ', drugId: fdg })).json().errors[0]).toMatchObject({
      parameter: 'name',
      message: "Can't contain only spaces",
    });
    expect((await post({ name: 'x'.repeat(51), drugId: fdg })).json().errors[0].message).toBe(
      'Longer than maximum length 50',
    );
    expect((await post({ name: 'No drug' })).json().errors[0]).toMatchObject({
      parameter: 'drugId',
      message: 'Required',
    });
    expect((await post({ name: 'Ghost drug', drugId: 999999 })).json().errors[0]).toMatchObject({
      parameter: 'drugId',
      message: 'Drug not found',
    });
    expect((await post({ name: 'Extra', drugId: fdg, color: 'red' })).json().errors[0]).toMatchObject({
      parameter: 'color',
      message: 'Unknown field',
    });
  });

  it('is staff/admin only: config.read lists, 403 to company users, 404 "Exam not found"', async () => {
    expect((await t.request('staff', { method: 'GET', url: '/api/v1/exams' })).statusCode).toBe(200);
    expect((await t.request('cmo', { method: 'GET', url: '/api/v1/exams' })).statusCode).toBe(403);
    expect(
      (await post({ name: 'By a site', drugId: await drugId('Fludeoxyglucose F18') }, 'site')).statusCode,
    ).toBe(403);
    const missing = await t.request('admin', { method: 'GET', url: '/api/v1/exams/999999' });
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Exam not found' });
  });
});

describe('a drug in use', () => {
  it('[CFG-002] cannot be inactivated while an active exam uses it (DRUG_IN_USE), and can once none does', async () => {
    const created = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/drugs',
      payload: { name: 'Flurpiridaz F18', ...signed },
    });
    const drug = created.json().id;
    const exam = (await post({ name: 'Cardiac PET', drugId: drug })).json().id;
    const inactivate = () =>
      t.request('admin', {
        method: 'PUT',
        url: `/api/v1/drugs/${drug}`,
        payload: { active: false, reasonForChange: 'Discontinued', ...signed },
      });
    const refused = await inactivate();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'DRUG_IN_USE',
      message: "You can't inactivate Drug Flurpiridaz F18 because it's in use. Used by exam Cardiac PET.",
      errors: [],
    });
    expect((await t.db.select().from(drugs).where(eq(drugs.id, drug)))[0]!.active).toBe(true);
    await put(exam, { active: false, reasonForChange: 'Retired' });
    expect((await inactivate()).json().active).toBe(false);
  });

  it('says where a seeded drug is used: its exams with their studies, its availabilities, a count of the rest', async () => {
    const [drug] = await t.db.select().from(drugs).where(eq(drugs.name, 'Florbetapir F18'));
    for (const name of ['Amyloid PET follow-up', 'Amyloid PET screening', 'Amyloid PET baseline']) {
      expect((await post({ name, drugId: drug!.id })).statusCode).toBe(201);
    }
    const refused = await t.request('admin', {
      method: 'PUT',
      url: `/api/v1/drugs/${drug!.id}`,
      payload: { active: false, reasonForChange: 'Retired', ...signed },
    });
    expect(refused.statusCode).toBe(409);
    const activeExams = await t.db
      .select()
      .from(exams)
      .where(and(eq(exams.drugId, drug!.id), eq(exams.active, true)));
    const availabilities = await t.db
      .select()
      .from(drugAvailabilities)
      .where(and(eq(drugAvailabilities.drugId, drug!.id), eq(drugAvailabilities.active, true)));
    const more = activeExams.length + availabilities.length - 3;
    expect(refused.json().message).toBe(
      "You can't inactivate Drug Florbetapir F18 because it's in use. Used by exam Amyloid PET in study NEURO-AMY-301; " +
        `exam Amyloid PET Research; exam Amyloid PET baseline; and ${more} more.`,
    );
  });

  it('never ends inactive under an active exam when the two changes race', async () => {
    for (let round = 0; round < 5; round++) {
      const name = `Race drug ${round}`;
      const drug = (
        await t.request('admin', { method: 'POST', url: '/api/v1/drugs', payload: { name, ...signed } })
      ).json().id;
      const [examRes, drugRes] = await Promise.all([
        post({ name: `Race exam ${round}`, drugId: drug }),
        t.request('admin', {
          method: 'PUT',
          url: `/api/v1/drugs/${drug}`,
          payload: { active: false, reasonForChange: 'Race', ...signed },
        }),
      ]);
      const [d] = await t.db.select().from(drugs).where(eq(drugs.id, drug));
      const activeExams = await t.db
        .select()
        .from(exams)
        .where(and(eq(exams.drugId, drug), eq(exams.active, true)));
      expect(d!.active === false && activeExams.length > 0).toBe(false);
      if (examRes.statusCode === 201) {
        expect(drugRes.json().code).toBe('DRUG_IN_USE');
      } else {
        expect(examRes.json().code).toBe('EXAM_DRUG_INACTIVE');
        expect(drugRes.statusCode).toBe(200);
      }
    }
  });
});
