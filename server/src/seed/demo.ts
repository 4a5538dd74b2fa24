import { allPermissions, emptyPermissions, type PermissionArea, type Permissions } from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../kernel/audit/record.ts';
import { hashPassword } from '../kernel/auth/password.ts';
import type { Db, Executor } from '../kernel/db/client.ts';
import {
  companies,
  drugs,
  exams,
  groupPermissions,
  groups,
  radionuclides,
  reasonsForChange,
  roles,
  siteImagingCenters,
  studies,
  studyDistributionEntries,
  studyDistributionEntryCompanies,
  studyPairings,
  studyScheduleEntries,
  timepoints,
  userGroups,
  users,
} from '../kernel/db/schema.ts';
import { companyAuditFields } from '../modules/companies/queries.ts';
import { companyKinds } from '../modules/companies/service.ts';
import { auditFields as drugAuditFields } from '../modules/drugs/service.ts';
import { auditFields as examAuditFields } from '../modules/exams/service.ts';
import { describeSchedule } from '../modules/schedule/study-schedule.ts';
import { auditFields as studyAuditFields } from '../modules/studies/service.ts';
import { seedDemoOrdering } from './demo-ordering.ts';
import { addReferenceRadionuclides } from './reference-data.ts';
import { auditSeededAccounts, seededEntry } from './seed-audit.ts';

export const DEMO_PASSWORD = 'Demo1234';

export const demoTimepoints = ['Screening', 'Baseline', 'Week 4', 'Week 12', 'End of treatment'];

/** The demo drugs, each with its radionuclide (one of the reference radionuclides, by name). */
export const demoDrugs = [
  { name: 'Fludeoxyglucose F18', otherName: 'FDG', radionuclide: 'F-18' },
  { name: 'Florbetapir F18', otherName: 'Amyvid', radionuclide: 'F-18' },
  { name: 'Gallium Ga68 PSMA-11', otherName: 'Ga-68 PSMA', radionuclide: 'Ga-68' },
  { name: 'Technetium Tc99m Sestamibi', otherName: null, radionuclide: 'Tc-99m', active: false },
];

export const demoExams = [
  { name: 'FDG PET Whole Body', drug: 'Fludeoxyglucose F18' },
  { name: 'FDG PET Brain', drug: 'Fludeoxyglucose F18' },
  { name: 'Amyloid PET', drug: 'Florbetapir F18' },
  { name: 'PSMA PET', drug: 'Gallium Ga68 PSMA-11' },
  { name: 'Myocardial Perfusion SPECT', drug: 'Technetium Tc99m Sestamibi', active: false },
];

export const demoReasons = [
  'Initial entry',
  'Data entry error',
  'New information',
  'Correction requested',
  'Other',
];

type CompanyInsert = typeof companies.$inferInsert;
const company = (c: Omit<CompanyInsert, 'id'>) => c;

export const demoCompanies = {
  cmoBoston: company({
    type: 'cmo',
    name: 'Isotope Labs Boston',
    phoneNumber: '+16175550100',
    timezone: 'America/New_York',
    addressLine1: '200 Longwood Ave',
    city: 'Boston',
    state: 'MA',
    country: 'US',
    zipCode: '02115',
  }),
  cmoLa: company({
    type: 'cmo',
    name: 'Pacific Radiopharma',
    phoneNumber: '+13105550111',
    timezone: 'America/Los_Angeles',
    addressLine1: '1 Isotope Way',
    city: 'Los Angeles',
    state: 'CA',
    country: 'US',
    zipCode: '90095',
  }),
  siteChicago: company({
    type: 'clinical_site',
    name: 'Lakeside Clinical Research',
    phoneNumber: '+13125550122',
    timezone: 'America/Chicago',
    addressLine1: '900 N Michigan Ave',
    city: 'Chicago',
    state: 'IL',
    country: 'US',
    zipCode: '60611',
  }),
  siteDenver: company({
    type: 'clinical_site',
    name: 'Rocky Mountain Trials',
    phoneNumber: '+13035550133',
    timezone: 'America/Denver',
    addressLine1: '1635 Aurora Ct',
    city: 'Aurora',
    state: 'CO',
    country: 'US',
    zipCode: '80045',
  }),
  siteNewYork: company({
    type: 'clinical_site',
    name: 'Hudson Oncology Center',
    phoneNumber: '+12125550144',
    timezone: 'America/New_York',
    addressLine1: '525 E 68th St',
    city: 'New York',
    state: 'NY',
    country: 'US',
    zipCode: '10065',
  }),
  imagingChicago: company({
    type: 'imaging_center',
    name: 'Windy City Imaging',
    phoneNumber: '+13125550155',
    timezone: 'America/Chicago',
    addressLine1: '251 E Huron St',
    city: 'Chicago',
    state: 'IL',
    country: 'US',
    zipCode: '60611',
  }),
  imagingDenver: company({
    type: 'imaging_center',
    name: 'Front Range PET',
    phoneNumber: '+13035550166',
    timezone: 'America/Denver',
    addressLine1: '12605 E 16th Ave',
    city: 'Aurora',
    state: 'CO',
    country: 'US',
    zipCode: '80045',
  }),
  imagingNewYork: company({
    type: 'imaging_center',
    name: 'Manhattan Molecular Imaging',
    phoneNumber: '+12125550177',
    timezone: 'America/New_York',
    addressLine1: '1275 York Ave',
    city: 'New York',
    state: 'NY',
    country: 'US',
    zipCode: '10065',
  }),
};
type DemoCompany = keyof typeof demoCompanies;

const perms = (grants: Partial<Record<PermissionArea, ('create' | 'update' | 'read')[]>>): Permissions => {
  const p = emptyPermissions();
  for (const [area, actions] of Object.entries(grants)) {
    for (const action of actions ?? []) p[area as PermissionArea][action] = true;
  }
  return p;
};

const readEverything = Object.fromEntries(
  Object.keys(emptyPermissions()).map((a) => [a, ['read']]),
) as Partial<Record<PermissionArea, 'read'[]>>;

export const demoGroups: Record<string, Permissions> = {
  Administrators: allPermissions(),
  Staff: perms({
    ...readEverything,
    config: ['create', 'update', 'read'],
    cmoManufactureAvailability: ['create', 'update', 'read'],
    // Staff review pending and accepted orders and record deliveries.
    orderStatus: ['create', 'read'],
  }),
  'CMO Users': perms({
    order: ['read'],
    cmoAcknowledgement: ['create', 'update', 'read'],
    orderStatus: ['create', 'read'],
    cmoManufactureAvailability: ['read'],
  }),
  'Site Users': perms({ order: ['create', 'read'], orderCancel: ['create'], orderStatus: ['read'] }),
  // An imaging center receives its doses and records their administration (issue 35).
  'Imaging Users': perms({
    order: ['create', 'read'],
    orderCancel: ['create'],
    orderStatus: ['create', 'read'],
  }),
};

interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  groups: (keyof typeof demoGroups)[];
  roles: { type: 'cmo' | 'clinical_site' | 'imaging_center'; company: DemoCompany }[];
  isAdmin?: boolean;
  isStaff?: boolean;
  lockedOut?: boolean;
  passwordExpired?: boolean;
  siteCoordinator?: boolean;
  imagingCenterContact?: boolean;
}

export const demoUsers: DemoUser[] = [
  {
    username: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'admin@dosechain.example',
    groups: ['Administrators'],
    roles: [],
    isAdmin: true,
  },
  {
    username: 'staff',
    firstName: 'Sam',
    lastName: 'Staff',
    email: 'staff@dosechain.example',
    groups: ['Staff'],
    roles: [],
    isStaff: true,
  },
  {
    username: 'cmo',
    firstName: 'Carla',
    lastName: 'Manufacturer',
    email: 'cmo@dosechain.example',
    groups: ['CMO Users'],
    roles: [{ type: 'cmo', company: 'cmoBoston' }],
  },
  {
    username: 'site',
    firstName: 'Sid',
    lastName: 'Coordinator',
    email: 'site@dosechain.example',
    groups: ['Site Users'],
    roles: [{ type: 'clinical_site', company: 'siteChicago' }],
    siteCoordinator: true,
  },
  {
    username: 'imaging',
    firstName: 'Iris',
    lastName: 'Imaging',
    email: 'imaging@dosechain.example',
    groups: ['Imaging Users'],
    roles: [{ type: 'imaging_center', company: 'imagingChicago' }],
    imagingCenterContact: true,
  },
  {
    username: 'multi',
    firstName: 'Morgan',
    lastName: 'Multi',
    email: 'multi@dosechain.example',
    groups: ['CMO Users', 'Site Users'],
    roles: [
      { type: 'cmo', company: 'cmoLa' },
      { type: 'clinical_site', company: 'siteDenver' },
    ],
  },
  {
    username: 'expired',
    firstName: 'Eli',
    lastName: 'Expired',
    email: 'expired@dosechain.example',
    groups: ['Site Users'],
    roles: [{ type: 'clinical_site', company: 'siteNewYork' }],
    passwordExpired: true,
  },
  {
    username: 'locked',
    firstName: 'Lou',
    lastName: 'Locked',
    email: 'locked@dosechain.example',
    groups: ['Site Users'],
    roles: [{ type: 'clinical_site', company: 'siteChicago' }],
    lockedOut: true,
  },
];

interface DemoStudy {
  name: string;
  sponsor: string;
  active?: boolean;
  pairings: { exam: string; site: DemoCompany; cmo: DemoCompany }[];
  distributionList: {
    name: string;
    email: string;
    type?: 'cmo' | 'clinical_site' | 'imaging_center';
    companies?: DemoCompany[];
  }[];
}

export const demoStudies: DemoStudy[] = [
  {
    name: 'ONCO-2026-01',
    sponsor: 'Helios Therapeutics',
    pairings: [
      { exam: 'FDG PET Whole Body', site: 'siteChicago', cmo: 'cmoBoston' },
      { exam: 'PSMA PET', site: 'siteChicago', cmo: 'cmoBoston' },
      { exam: 'FDG PET Whole Body', site: 'siteNewYork', cmo: 'cmoBoston' },
      { exam: 'PSMA PET', site: 'siteDenver', cmo: 'cmoLa' },
    ],
    distributionList: [
      { name: 'Helios Study Manager', email: 'onco-pm@helios.example' },
      {
        name: 'Boston Dispatch',
        email: 'dispatch@isotopelabs.example',
        type: 'cmo',
        companies: ['cmoBoston'],
      },
      {
        name: 'Lakeside Coordinator',
        email: 'coordinator@lakeside.example',
        type: 'clinical_site',
        companies: ['siteChicago'],
      },
    ],
  },
  {
    name: 'NEURO-AMY-301',
    sponsor: 'Cortex Bio',
    pairings: [
      { exam: 'Amyloid PET', site: 'siteDenver', cmo: 'cmoLa' },
      { exam: 'Amyloid PET', site: 'siteChicago', cmo: 'cmoBoston' },
    ],
    distributionList: [
      { name: 'Cortex Safety Desk', email: 'safety@cortexbio.example' },
      { name: 'Pacific Orders', email: 'orders@pacificradio.example', type: 'cmo', companies: ['cmoLa'] },
    ],
  },
  { name: 'CARDIO-2024', sponsor: 'Vitalis Pharma', active: false, pairings: [], distributionList: [] },
];

const siteLinks: [DemoCompany, DemoCompany][] = [
  ['siteChicago', 'imagingChicago'],
  ['siteChicago', 'imagingNewYork'],
  ['siteDenver', 'imagingDenver'],
  ['siteNewYork', 'imagingNewYork'],
];

/**
 * NEURO-AMY-301's schedule (issue 36): Baseline the anchor, Week 4 on day 28 and Week 12 on day
 * 84, each ± 7 days. The seeded orders are ONCO-2026-01's, which has no schedule: none is out of
 * its window or a duplicate.
 */
export const demoSchedule = {
  study: 'NEURO-AMY-301',
  anchor: 'Baseline',
  entries: [
    { timepoint: 'Baseline', dayOffset: 0, windowBeforeDays: 0, windowAfterDays: 0 },
    { timepoint: 'Week 4', dayOffset: 28, windowBeforeDays: 7, windowAfterDays: 7 },
    { timepoint: 'Week 12', dayOffset: 84, windowBeforeDays: 7, windowAfterDays: 7 },
  ],
};

export async function isSeeded(db: Executor): Promise<boolean> {
  const result = await db.execute(sql`select exists(select 1 from users) as seeded`);
  const rows = (result as unknown as { rows: { seeded: boolean }[] }).rows;
  return rows[0]?.seeded === true;
}

/** Reasons for change are reference data every installation needs, demo or not. */
export async function seedReasons(db: Executor): Promise<void> {
  await db
    .insert(reasonsForChange)
    .values(demoReasons.map((name, i) => ({ name, sortOrder: i })))
    .onConflictDoNothing();
}

/** Who the demo data's audit rows name: the system, no user and no role. */
export const demoSeedActor: AuditActor = {
  userId: null,
  username: 'system',
  fullName: 'System (demo data)',
  roleType: null,
};

/**
 * Fills an empty database with the demo data of the API contract; `now` dates the expired
 * password. Every record gets its `new` audit row, by the system (`demoSeedActor`), in the same
 * transaction. Rows go in one statement per table where they can (the audit rows one by one,
 * as `recordAudit` writes them), so `npm start` on a fresh data directory stays quick.
 */
export async function seedDemo(db: Db, now: Date): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const actor: AuditActor = demoSeedActor;
  await db.transaction(async (tx) => {
    await seedReasons(tx);
    const companyList = Object.entries(demoCompanies) as [DemoCompany, CompanyInsert][];
    const companyRows = await tx
      .insert(companies)
      .values(companyList.map(([, c]) => c))
      .returning();
    const companyRow = (c: CompanyInsert) => companyRows.find((r) => r.type === c.type && r.name === c.name)!;
    const companyIds = Object.fromEntries(companyList.map(([key, c]) => [key, companyRow(c).id])) as Record<
      DemoCompany,
      number
    >;
    const timepointRows = await tx
      .insert(timepoints)
      .values(demoTimepoints.map((name) => ({ name })))
      .returning();
    await addReferenceRadionuclides(tx, actor);
    const radionuclideRows = await tx.select().from(radionuclides);
    const radionuclideNamed = (name: string) => radionuclideRows.find((r) => r.name === name)!;
    const drugRows = await tx
      .insert(drugs)
      .values(
        demoDrugs.map(({ radionuclide, ...drug }) => ({
          ...drug,
          radionuclideId: radionuclideNamed(radionuclide).id,
        })),
      )
      .returning();
    const drugNamed = (name: string) => drugRows.find((d) => d.name === name)!;
    const examRows = await tx
      .insert(exams)
      .values(
        demoExams.map((e) => ({ name: e.name, drugId: drugNamed(e.drug).id, active: e.active ?? true })),
      )
      .returning();
    const examId = (name: string) => examRows.find((e) => e.name === name)!.id;
    await tx
      .insert(siteImagingCenters)
      .values(siteLinks.map(([s, i]) => ({ siteId: companyIds[s], imagingCenterId: companyIds[i] })));

    const studyRows = await tx
      .insert(studies)
      .values(demoStudies.map((s) => ({ name: s.name, sponsor: s.sponsor, active: s.active ?? true })))
      .returning();
    const studyId = (name: string) => studyRows.find((r) => r.name === name)!.id;
    const pairings = demoStudies.flatMap((study) =>
      study.pairings.map((p) => ({
        studyId: studyId(study.name),
        examId: examId(p.exam),
        siteId: companyIds[p.site],
        cmoId: companyIds[p.cmo],
      })),
    );
    if (pairings.length > 0) await tx.insert(studyPairings).values(pairings);
    const entries = demoStudies.flatMap((study) =>
      study.distributionList.map((entry, position) => ({ study, entry, position })),
    );
    const entryRows = await tx
      .insert(studyDistributionEntries)
      .values(
        entries.map(({ study, entry, position }) => ({
          studyId: studyId(study.name),
          position,
          name: entry.name,
          email: entry.email,
          companyType: entry.type,
        })),
      )
      .returning({
        id: studyDistributionEntries.id,
        studyId: studyDistributionEntries.studyId,
        position: studyDistributionEntries.position,
      });
    const entryCompanies = entries.flatMap(({ study, entry, position }) => {
      const row = entryRows.find((r) => r.studyId === studyId(study.name) && r.position === position)!;
      return (entry.companies ?? []).map((c) => ({ entryId: row.id, companyId: companyIds[c] }));
    });
    if (entryCompanies.length > 0) await tx.insert(studyDistributionEntryCompanies).values(entryCompanies);

    const groupRows = await tx
      .insert(groups)
      .values(Object.keys(demoGroups).map((name) => ({ name })))
      .returning();
    const groupId = (name: string) => groupRows.find((g) => g.name === name)!.id;
    await tx.insert(groupPermissions).values(
      Object.entries(demoGroups).flatMap(([name, permissions]) =>
        Object.entries(permissions).map(([area, p]) => ({
          groupId: groupId(name),
          area,
          canCreate: p.create,
          canUpdate: p.update,
          canRead: p.read,
          canDelete: p.delete,
        })),
      ),
    );

    const expiredAt = new Date(now.getTime() - 365 * 24 * 3600 * 1000);
    const userRows = await tx
      .insert(users)
      .values(
        demoUsers.map((u) => ({
          username: u.username,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          phone: '+16175550199',
          isAdmin: u.isAdmin ?? false,
          isStaff: u.isStaff ?? false,
          lockedOut: u.lockedOut ?? false,
          failedLoginCount: u.lockedOut ? 5 : 0,
          passwordHash,
          passwordChangedAt: u.passwordExpired ? expiredAt : now,
          siteCoordinator: u.siteCoordinator ?? false,
          imagingCenterContact: u.imagingCenterContact ?? false,
        })),
      )
      .returning();
    const userId = (username: string) => userRows.find((r) => r.username === username)!.id;
    await tx
      .insert(userGroups)
      .values(
        demoUsers.flatMap((u) => u.groups.map((g) => ({ userId: userId(u.username), groupId: groupId(g) }))),
      );
    await tx.insert(roles).values(
      demoUsers.flatMap((u) =>
        u.roles.map((r) => ({
          userId: userId(u.username),
          type: r.type,
          companyId: companyIds[r.company],
        })),
      ),
    );

    for (const [key, c] of companyList) {
      const row = companyRow(c);
      await recordAudit(
        tx,
        actor,
        seededEntry(companyKinds[row.type].entityType, companyIds[key], companyAuditFields(row)),
      );
    }
    for (const row of timepointRows)
      await recordAudit(tx, actor, seededEntry('timepoints', row.id, { name: row.name }));
    for (const row of drugRows)
      await recordAudit(
        tx,
        actor,
        seededEntry(
          'drugs',
          row.id,
          drugAuditFields(row, radionuclideRows.find((r) => r.id === row.radionuclideId) ?? null),
        ),
      );
    for (const row of examRows) {
      const drug = drugRows.find((d) => d.id === row.drugId)!;
      await recordAudit(tx, actor, seededEntry('exams', row.id, examAuditFields(row, drug)));
    }
    // NEURO-AMY-301's schedule, named in its `new` row (the seed creates it with the study).
    const timepointId = (name: string) => timepointRows.find((r) => r.name === name)!.id;
    const scheduled = {
      anchorTimePointId: timepointId(demoSchedule.anchor),
      entries: demoSchedule.entries.map(({ timepoint, ...e }) => ({
        timePointId: timepointId(timepoint),
        ...e,
      })),
    };
    await tx.insert(studyScheduleEntries).values(
      scheduled.entries.map((e) => ({
        studyId: studyId(demoSchedule.study),
        timepointId: e.timePointId,
        dayOffset: e.dayOffset,
        windowBeforeDays: e.windowBeforeDays,
        windowAfterDays: e.windowAfterDays,
        anchor: e.timePointId === scheduled.anchorTimePointId,
      })),
    );
    const scheduleLine = describeSchedule(scheduled, new Map(timepointRows.map((r) => [r.id, r.name])));
    for (const row of studyRows) {
      const schedule = row.name === demoSchedule.study ? { schedule: scheduleLine } : {};
      await recordAudit(tx, actor, seededEntry('studies', row.id, { ...studyAuditFields(row), ...schedule }));
    }
    await auditSeededAccounts(tx, actor, groupRows, userRows);
    await seedDemoOrdering(tx, now, actor);
  });
}
