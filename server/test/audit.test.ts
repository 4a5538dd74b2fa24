import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  companies,
  drugs,
  exams,
  groupPermissions,
  groups,
  studies,
  timepoints,
} from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
let cmoId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const created = await t.request('admin', {
    method: 'POST',
    url: '/api/v1/cmos',
    payload: {
      name: 'Audited Isotopes',
      timezone: 'America/Chicago',
      address: { line_1: '1 Audit Way', city: 'Chicago', country: 'US' },
      reasonForChange: 'Initial entry',
      electronicSignature: DEMO_PASSWORD,
    },
  });
  expect(created.statusCode).toBe(201);
  cmoId = created.json().id;
  for (const [user, payload] of [
    ['staff', { name: 'Audited Isotopes LLC', reasonForChange: 'Other: legal name' }],
    ['admin', { timezone: 'America/Denver', reasonForChange: 'Data entry error' }],
  ] as const) {
    const res = await t.request(user, {
      method: 'PUT',
      url: `/api/v1/cmos/${cmoId}`,
      payload: { ...payload, electronicSignature: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const changeset = (path: string, user = 'admin') =>
  t.request(user, { method: 'GET', url: `/api/v1/audit-logs/changeset/${path}` });

describe('GET /audit-logs/changeset/{entityType}/{entityId}', () => {
  it('[P11-014] answers a record’s history oldest first, with who, when and why', async () => {
    const res = await changeset(`cmos/${cmoId}`);
    expect(res.statusCode).toBe(200);
    const entries = res.json();
    expect(entries).toHaveLength(3);
    expect(entries.map((e: { eventType: string }) => e.eventType)).toEqual(['new', 'update', 'update']);
    expect(entries[0]).toMatchObject({
      issuedBy: { fullName: 'Ada Admin', username: 'admin' },
      reason: 'Initial entry',
      changeset: { name: [null, 'Audited Isotopes'], 'address.city': [null, 'Chicago'] },
    });
    expect(entries[1]).toEqual({
      eventType: 'update',
      changeset: { name: ['Audited Isotopes', 'Audited Isotopes LLC'] },
      issuedAt: expect.any(String),
      issuedBy: { fullName: 'Sam Staff', username: 'staff' },
      reason: 'Other: legal name',
      signed: true,
      signatureMeaning: 'Updated CMO',
    });
    expect(entries[2].changeset).toEqual({ timezone: ['America/Chicago', 'America/Denver'] });
    for (const e of entries) expect(new Date(e.issuedAt).toISOString()).toBe(e.issuedAt);
    const times = entries.map((e: { issuedAt: string }) => e.issuedAt);
    expect([...times].sort()).toEqual(times);
  });

  it('[P11-014] answers [] for a record without history, or of another entity type', async () => {
    expect((await changeset('cmos/999999')).json()).toEqual([]);
    expect((await changeset(`clinical-sites/${cmoId}`)).json()).toEqual([]);
    expect((await changeset('orders/999999')).json()).toEqual([]);
    expect((await changeset('cmos/99999999999')).json()).toEqual([]);
  });

  it('[P11-014] answers 400 for an unknown entity type or a bad id', async () => {
    const res = await changeset('companies/1');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].parameter).toBe('entityType');
    expect((await changeset('cmos/abc')).statusCode).toBe(400);
    expect((await changeset('cmos/0')).statusCode).toBe(400);
  });

  it('[P11-015] needs a login, auditTrail.read as staff/admin, and the entity’s read permission', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/audit-logs/changeset/cmos/${cmoId}` })).statusCode,
    ).toBe(401);
    expect((await changeset(`cmos/${cmoId}`, 'staff')).statusCode).toBe(200);
    for (const user of ['cmo', 'site', 'imaging', 'multi']) {
      expect((await changeset(`cmos/${cmoId}`, user)).statusCode).toBe(403);
    }
    const [staffGroup] = await t.db.select().from(groups).where(eq(groups.name, 'Staff'));
    const area = (name: string) =>
      and(eq(groupPermissions.groupId, staffGroup!.id), eq(groupPermissions.area, name));
    await t.db.update(groupPermissions).set({ canRead: false }).where(area('userManagement'));
    try {
      expect((await changeset('users/1', 'staff')).statusCode).toBe(403);
      expect((await changeset('groups/1', 'staff')).statusCode).toBe(403);
      expect((await changeset(`cmos/${cmoId}`, 'staff')).statusCode).toBe(200);
    } finally {
      await t.db.update(groupPermissions).set({ canRead: true }).where(area('userManagement'));
    }
    await t.db.update(groupPermissions).set({ canRead: false }).where(area('auditTrail'));
    try {
      expect((await changeset(`cmos/${cmoId}`, 'staff')).statusCode).toBe(403);
    } finally {
      await t.db.update(groupPermissions).set({ canRead: true }).where(area('auditTrail'));
    }
  });
});

describe('changesets of the audit trail screen', () => {
  it('[P11-014] name related records instead of storing their ids', async () => {
    const drugId = async (name: string) =>
      (await t.db.select().from(drugs).where(eq(drugs.name, name)))[0]!.id;
    const signed = { electronicSignature: DEMO_PASSWORD };
    const exam = await t.request('staff', {
      method: 'POST',
      url: '/api/v1/exams',
      payload: { name: 'Audited Scan', drugId: await drugId('Fludeoxyglucose F18'), ...signed },
    });
    expect(exam.statusCode).toBe(201);
    const moved = await t.request('staff', {
      method: 'PUT',
      url: `/api/v1/exams/${exam.json().id}`,
      payload: { drugId: await drugId('Florbetapir F18'), reasonForChange: 'Data entry error', ...signed },
    });
    expect(moved.statusCode).toBe(200);
    const entries = (await changeset(`exams/${exam.json().id}`, 'staff')).json();
    expect(entries.map((e: { changeset: unknown }) => e.changeset)).toEqual([
      { name: [null, 'Audited Scan'], drug: [null, 'Fludeoxyglucose F18'], active: [null, true] },
      { drug: ['Fludeoxyglucose F18', 'Florbetapir F18'] },
    ]);
    expect(entries[1].reason).toBe('Data entry error');
  });

  it('[P11-014] name the drug, CMO, study, site, exam, imaging center and timepoint of availabilities and orders', async () => {
    const nameId = async (
      table: typeof companies | typeof studies | typeof exams | typeof timepoints | typeof drugs,
      name: string,
    ) => (await t.db.select({ id: table.id }).from(table).where(eq(table.name, name)))[0]!.id;
    const signed = { electronicSignature: DEMO_PASSWORD };
    const created = await t.request('staff', {
      method: 'POST',
      url: '/api/v1/drug-availabilities',
      payload: {
        drugId: await nameId(drugs, 'Fludeoxyglucose F18'),
        cmoId: await nameId(companies, 'Pacific Radiopharma'),
        doses: 4,
        activityUnit: 'mCi',
        validFrom: '2031-03-01',
        validUntil: '2031-06-30',
        frequency: 'Daily',
        repeat: { every: 1 },
        startTime: '07:00',
        endTime: '11:30',
        reasonForChange: 'Initial entry',
        ...signed,
      },
    });
    expect(created.statusCode).toBe(201);
    const availability = (await changeset(`drug-availabilities/${created.json().id}`, 'staff')).json();
    expect(availability[0].changeset).toMatchObject({
      drug: [null, 'Fludeoxyglucose F18'],
      cmo: [null, 'Pacific Radiopharma'],
    });

    // An order on the first day of the demo's FDG availability that is not today.
    const ids = {
      studyId: await nameId(studies, 'ONCO-2026-01'),
      siteId: await nameId(companies, 'Lakeside Clinical Research'),
      examId: await nameId(exams, 'FDG PET Whole Body'),
      imagingCenterId: await nameId(companies, 'Windy City Imaging'),
    };
    const today = new Date().toISOString().slice(0, 10);
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const days = (
      await t.request('site', {
        method: 'GET',
        url: `/api/v1/drug-availabilities/search?${new URLSearchParams(Object.entries({ studyId: ids.studyId, siteId: ids.siteId, examId: ids.examId, from: today, to: inAMonth }).map(([k, v]): [string, string] => [k, String(v)]))}`,
      })
    ).json() as { date: string; intervals: { start: string }[] }[];
    const day = days.find((d) => d.date > today && Date.parse(d.intervals[0]!.start) > Date.now());
    const placed = await t.request('site', {
      method: 'POST',
      url: '/api/v1/orders',
      payload: {
        ...ids,
        timePointId: await nameId(timepoints, 'Baseline'),
        subjectId: 'AUD-001',
        calibrationDatetime: day!.intervals[0]!.start,
        ...signed,
      },
    });
    expect(placed.statusCode).toBe(201);
    const order = (await changeset(`orders/${placed.json().id}`, 'staff')).json();
    expect(order).toHaveLength(1);
    expect(order[0]).toMatchObject({
      eventType: 'new',
      issuedBy: { username: 'site' },
      changeset: {
        status: [null, 'pending'],
        study: [null, 'ONCO-2026-01'],
        site: [null, 'Lakeside Clinical Research'],
        exam: [null, 'FDG PET Whole Body'],
        drug: [null, 'Fludeoxyglucose F18'],
        cmo: [null, expect.any(String)],
        imagingCenter: [null, 'Windy City Imaging'],
        timePoint: [null, 'Baseline'],
        subjectId: [null, 'AUD-001'],
      },
    });
  });

  it('[P11-014] hold no id fields for any entity type the screen offers', async () => {
    // A group with a member writes membership rows on the group and on the user.
    const site = (await t.request('admin', { method: 'GET', url: '/api/v1/users?search=site' })).json();
    const siteUser = site.items.find((u: { username: string }) => u.username === 'site');
    const group = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/groups',
      payload: {
        name: 'Audited Readers',
        permissions: { order: { read: true } },
        userIds: [siteUser.id],
        reasonForChange: 'Initial entry',
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(group.statusCode).toBe(201);
    const screenTypes = [
      'drug-availabilities',
      'clinical-sites',
      'cmos',
      'drugs',
      'exams',
      'groups',
      'imaging-centers',
      'orders',
      'studies',
      'timepoints',
      'users',
    ];
    const rows = await t.db.select().from(auditLog).where(inArray(auditLog.entityType, screenTypes));
    const audited = new Set(rows.map((r) => r.entityType));
    for (const type of ['cmos', 'exams', 'drug-availabilities', 'orders', 'groups', 'users']) {
      expect(audited).toContain(type);
    }
    // An order's subjectId is the trial subject's code as typed, not a reference to a record.
    const notReferences = new Set(['subjectId']);
    const idFields = rows.flatMap((r) =>
      Object.keys(r.changeset).filter((k) => /(Id|Ids|_id)$/.test(k) && !notReferences.has(k)),
    );
    expect(idFields).toEqual([]);
  });
});
