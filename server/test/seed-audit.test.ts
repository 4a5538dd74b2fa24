/**
 * Records the seeds create have their `new` audit rows (issue 17): the demo data by "System
 * (demo data)" and the first administrator by "System (first start)" — no user, no role,
 * unsigned — written in the seed's transaction, with the fields a create through the API
 * records. The history answers them like any other row.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/kernel/db/client.ts';
import {
  auditLog,
  companies,
  drugAvailabilities,
  drugs,
  exams,
  groups,
  orders,
  radionuclides,
  studies,
  timepoints,
  users,
} from '../src/kernel/db/schema.ts';
import { bootstrapAdmin } from '../src/seed/bootstrap.ts';
import { referenceRadionuclides, seedReferenceData } from '../src/seed/reference-data.ts';
import { buildTestApp, freshDatabase, type TestApp } from './helpers.ts';

/** How many times the audit rows carry: one for rows of one transaction (now() is its start). */
async function distinctIssuedAt(db: Database['db']): Promise<number> {
  const result = await db.execute(sql`select count(distinct issued_at)::int as n from audit_log`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

const system = (fullName: string) => ({
  actorUserId: null,
  actorUsername: 'system',
  actorFullName: fullName,
  actorRoleType: null,
  signed: false,
  signatureMeaning: null,
  reason: null,
  eventType: 'new',
});

describe('the demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const entityOfCompany = { cmo: 'cmos', clinical_site: 'clinical-sites', imaging_center: 'imaging-centers' };

  it('[P11-012] writes one `new` row by the system for every record it creates, and no other row', async () => {
    const ids = async (
      table:
        | typeof drugs
        | typeof radionuclides
        | typeof exams
        | typeof studies
        | typeof timepoints
        | typeof groups,
    ) => (await t.db.select({ id: table.id }).from(table)).map((r) => r.id);
    const expected = [
      ...(await t.db.select({ id: companies.id, type: companies.type }).from(companies)).map(
        (c) => `${entityOfCompany[c.type]}/${c.id}`,
      ),
      ...(await ids(timepoints)).map((id) => `timepoints/${id}`),
      ...(await ids(drugs)).map((id) => `drugs/${id}`),
      ...(await ids(radionuclides)).map((id) => `radionuclides/${id}`),
      ...(await ids(exams)).map((id) => `exams/${id}`),
      ...(await ids(studies)).map((id) => `studies/${id}`),
      ...(await ids(groups)).map((id) => `groups/${id}`),
      ...(await t.db.select({ id: users.id }).from(users)).map((r) => `users/${r.id}`),
      ...(await t.db.select({ id: drugAvailabilities.id }).from(drugAvailabilities)).map(
        (r) => `drug-availabilities/${r.id}`,
      ),
      ...(await t.db.select({ id: orders.id }).from(orders)).map((r) => `orders/${r.id}`),
    ];
    const rows = await t.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(rows.map((r) => `${r.entityType}/${r.entityId}`).sort()).toEqual(expected.sort());
    expect(rows.length).toBe(66);
    for (const row of rows) expect(row).toMatchObject(system('System (demo data)'));
    expect(await distinctIssuedAt(t.db)).toBe(1);
  });

  it('[P11-012] records the fields a create through the API records', async () => {
    const row = async (entityType: string, entityId: number) =>
      (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
      )[0]!;
    const [fdg] = await t.db.select().from(drugs).where(eq(drugs.name, 'Fludeoxyglucose F18'));
    expect((await row('drugs', fdg!.id)).changeset).toEqual({
      name: [null, 'Fludeoxyglucose F18'],
      otherName: [null, 'FDG'],
      radionuclide: [null, 'F-18'],
      active: [null, true],
    });
    const [site] = await t.db.select().from(users).where(eq(users.username, 'site'));
    const siteRow = await row('users', site!.id);
    expect(siteRow.changeset).toMatchObject({
      username: [null, 'site'],
      groups: [null, ['Site Users']],
      roles: [null, ['Clinical Site — Lakeside Clinical Research']],
      password: [null, '[set]'],
    });
    // Never the hash, nor anything that looks like one.
    expect(JSON.stringify(siteRow.changeset)).not.toContain('$argon2');
    const [group] = await t.db.select().from(groups).where(eq(groups.name, 'Staff'));
    expect((await row('groups', group!.id)).changeset).toMatchObject({ users: [null, ['staff']] });
    const [order] = await t.db.select().from(orders).where(eq(orders.subjectId, 'ONC-001'));
    expect((await row('orders', order!.id)).changeset).toMatchObject({
      number: [null, order!.number],
      status: [null, 'delivered'],
      subjectId: [null, 'ONC-001'],
      site: [null, 'Lakeside Clinical Research'],
      calibrationDatetime: [null, order!.calibrationDatetime.toISOString()],
      deliveredAt: [null, order!.deliveredAt!.toISOString()],
      // Issue 35: its journey, as the records hold it.
      shipment: [null, expect.objectContaining({ lotNumber: expect.stringMatching(/^FDG-\d{6}-01$/) })],
      receipt: [null, expect.objectContaining({ deviation: false, tolerancePercent: 10 })],
      administration: [null, expect.objectContaining({ administered: true })],
    });
    const journey = (await t.request('imaging', { url: `/api/v1/orders/${order!.id}` })).json();
    expect(journey.receipt.deviationPercent).toBeCloseTo(-3, 0); // the assay rounded to 0.01 mCi
    // 5.6 mCi in the syringe at calibration, injected 15 min later, 0.12 mCi left: about 4.97 mCi.
    expect(journey.administration.administeredActivity).toBeCloseTo(4.97, 2);
    // Issue 36: NEURO-AMY-301 is created with its schedule, as the study's `new` row says.
    const [neuro] = await t.db.select().from(studies).where(eq(studies.name, 'NEURO-AMY-301'));
    expect((await row('studies', neuro!.id)).changeset).toMatchObject({
      name: [null, 'NEURO-AMY-301'],
      schedule: [null, 'Baseline (anchor) day 0 −0/+0; Week 4 day 28 −7/+7; Week 12 day 84 −7/+7'],
    });
    const tps = new Map((await t.db.select().from(timepoints)).map((r) => [r.name, r.id]));
    const schedule = await t.request('staff', { url: `/api/v1/studies/${neuro!.id}/schedule` });
    expect(schedule.json()).toEqual({
      anchorTimePointId: tps.get('Baseline'),
      entries: [
        { timePointId: tps.get('Baseline'), dayOffset: 0, windowBeforeDays: 0, windowAfterDays: 0 },
        { timePointId: tps.get('Week 4'), dayOffset: 28, windowBeforeDays: 7, windowAfterDays: 7 },
        { timePointId: tps.get('Week 12'), dayOffset: 84, windowBeforeDays: 7, windowAfterDays: 7 },
      ],
    });
  });

  it('[P11-012, P11-020] answers in the history as the system’s, unsigned', async () => {
    const [fdg] = await t.db.select().from(drugs).where(eq(drugs.name, 'Fludeoxyglucose F18'));
    const res = await t.request('admin', {
      method: 'GET',
      url: `/api/v1/audit-logs/changeset/drugs/${fdg!.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        eventType: 'new',
        issuedBy: { fullName: 'System (demo data)', username: 'system' },
        signed: false,
        signatureMeaning: null,
        reason: null,
      }),
    ]);
  });
});

describe('the first start without demo data', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('[P11-012] audits the Administrators group and the admin user as the system’s, in its transaction', async () => {
    const password = 'First-Start-Secret-9';
    await bootstrapAdmin(database.db, '/nonexistent', password);
    const rows = await database.db.select().from(auditLog).orderBy(asc(auditLog.id));
    const [group] = await database.db.select().from(groups);
    const [admin] = await database.db.select().from(users);
    expect(rows.map((r) => `${r.entityType}/${r.entityId}`)).toEqual([
      `groups/${group!.id}`,
      `users/${admin!.id}`,
    ]);
    for (const row of rows) expect(row).toMatchObject(system('System (first start)'));
    expect(rows[0]!.changeset).toMatchObject({ name: [null, 'Administrators'], users: [null, ['admin']] });
    expect(rows[1]!.changeset).toMatchObject({
      username: [null, 'admin'],
      isAdmin: [null, true],
      groups: [null, ['Administrators']],
      password: [null, '[set]'],
    });
    const text = JSON.stringify(rows);
    expect(text).not.toContain(password);
    expect(text).not.toContain('$argon2');
    // In the seed's transaction: the rows' time is the transaction's.
    expect(await distinctIssuedAt(database.db)).toBe(1);
  });
});

describe('the reference data every start adds where it is missing', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('[P11-012] gives a production database the radionuclides once, each with its `new` row by the system', async () => {
    await bootstrapAdmin(database.db, '/nonexistent', 'First-Start-Secret-9');
    const mark = (await database.db.select().from(auditLog)).length;
    await seedReferenceData(database.db);
    const rows = await database.db.select().from(radionuclides).orderBy(asc(radionuclides.id));
    expect(rows.map((r) => [r.name, r.halfLife, r.halfLifeUnit])).toEqual(
      referenceRadionuclides.map((r) => [r.name, r.halfLife, r.halfLifeUnit]),
    );
    expect(rows.find((r) => r.name === 'Tc-99m')).toMatchObject({
      halfLife: 6.0058,
      halfLifeUnit: 'h',
      active: true,
    });
    const audit = (await database.db.select().from(auditLog).orderBy(asc(auditLog.id))).slice(mark);
    expect(audit.map((a) => `${a.entityType}/${a.entityId}`)).toEqual(
      rows.map((r) => `radionuclides/${r.id}`),
    );
    for (const row of audit) expect(row).toMatchObject(system('System (reference data)'));
    expect(audit[0]!.changeset).toEqual({
      name: [null, 'F-18'],
      halfLife: [null, '109.77 min'],
      active: [null, true],
    });

    // A later start adds nothing, whatever was changed since.
    await database.db.update(radionuclides).set({ active: false }).where(eq(radionuclides.name, 'Ac-225'));
    await seedReferenceData(database.db);
    expect(await database.db.select().from(radionuclides)).toHaveLength(referenceRadionuclides.length);
    expect((await database.db.select().from(auditLog)).length).toBe(mark + referenceRadionuclides.length);
  });
});
