import { allPermissions, emptyPermissions, type PermissionArea, type Permissions } from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import type { Db, Executor } from '../client.ts';
import {
  companies,
  drugs,
  exams,
  groupPermissions,
  groups,
  reasonsForChange,
  roles,
  siteImagingCenters,
  studies,
  studyDistributionEntries,
  studyDistributionEntryCompanies,
  studyPairings,
  timepoints,
  userGroups,
  users,
} from '../schema.ts';
import { seedDemoOrdering } from './demo-ordering.ts';

export const DEMO_PASSWORD = 'Demo1234';

export const demoTimepoints = ['Screening', 'Baseline', 'Week 4', 'Week 12', 'End of treatment'];

export const demoDrugs = [
  { name: 'Fludeoxyglucose F18', otherName: 'FDG' },
  { name: 'Florbetapir F18', otherName: 'Amyvid' },
  { name: 'Gallium Ga68 PSMA-11', otherName: 'Ga-68 PSMA' },
  { name: 'Technetium Tc99m Sestamibi', otherName: null, active: false },
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
  'Imaging Users': perms({ order: ['create', 'read'], orderCancel: ['create'], orderStatus: ['read'] }),
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

/** Fills an empty database with the demo data of the API contract; `now` dates the expired password. */
export async function seedDemo(db: Db, now: Date): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await seedReasons(tx);
    const companyIds = {} as Record<DemoCompany, number>;
    for (const [key, value] of Object.entries(demoCompanies)) {
      const [row] = await tx.insert(companies).values(value).returning({ id: companies.id });
      companyIds[key as DemoCompany] = row!.id;
    }
    await tx.insert(timepoints).values(demoTimepoints.map((name) => ({ name })));
    const drugRows = await tx.insert(drugs).values(demoDrugs).returning({ id: drugs.id, name: drugs.name });
    const examRows = await tx
      .insert(exams)
      .values(
        demoExams.map((e) => ({
          name: e.name,
          drugId: drugRows.find((d) => d.name === e.drug)!.id,
          active: e.active ?? true,
        })),
      )
      .returning({ id: exams.id, name: exams.name });
    await tx
      .insert(siteImagingCenters)
      .values(siteLinks.map(([s, i]) => ({ siteId: companyIds[s], imagingCenterId: companyIds[i] })));

    for (const study of demoStudies) {
      const [row] = await tx
        .insert(studies)
        .values({ name: study.name, sponsor: study.sponsor, active: study.active ?? true })
        .returning({ id: studies.id });
      for (const p of study.pairings) {
        await tx.insert(studyPairings).values({
          studyId: row!.id,
          examId: examRows.find((e) => e.name === p.exam)!.id,
          siteId: companyIds[p.site],
          cmoId: companyIds[p.cmo],
        });
      }
      for (const [position, entry] of study.distributionList.entries()) {
        const [e] = await tx
          .insert(studyDistributionEntries)
          .values({
            studyId: row!.id,
            position,
            name: entry.name,
            email: entry.email,
            companyType: entry.type,
          })
          .returning({ id: studyDistributionEntries.id });
        for (const c of entry.companies ?? []) {
          await tx
            .insert(studyDistributionEntryCompanies)
            .values({ entryId: e!.id, companyId: companyIds[c] });
        }
      }
    }

    const groupIds: Record<string, number> = {};
    for (const [name, permissions] of Object.entries(demoGroups)) {
      const [row] = await tx.insert(groups).values({ name }).returning({ id: groups.id });
      groupIds[name] = row!.id;
      await tx.insert(groupPermissions).values(
        Object.entries(permissions).map(([area, p]) => ({
          groupId: row!.id,
          area,
          canCreate: p.create,
          canUpdate: p.update,
          canRead: p.read,
          canDelete: p.delete,
        })),
      );
    }

    const expiredAt = new Date(now.getTime() - 365 * 24 * 3600 * 1000);
    for (const u of demoUsers) {
      const [row] = await tx
        .insert(users)
        .values({
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
        })
        .returning({ id: users.id });
      for (const g of u.groups)
        await tx.insert(userGroups).values({ userId: row!.id, groupId: groupIds[g]! });
      for (const r of u.roles) {
        await tx.insert(roles).values({ userId: row!.id, type: r.type, companyId: companyIds[r.company] });
      }
    }
    await seedDemoOrdering(tx, now);
  });
}
