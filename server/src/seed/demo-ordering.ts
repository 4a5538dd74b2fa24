import {
  type AvailabilityFrequency,
  capacityReleasingStatuses,
  type OrderStatus,
  type Repeat,
} from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { type AuditActor, recordAudit } from '../kernel/audit/record.ts';
import type { Executor } from '../kernel/db/client.ts';
import {
  companies,
  doseSlots,
  drugAvailabilities,
  drugs,
  exams,
  orders,
  studies,
  timepoints,
  users,
} from '../kernel/db/schema.ts';
import { dayInterval, occurrenceDates } from '../modules/availability/occurrences.ts';
import { auditFields as availabilityAuditFields } from '../modules/availability/service.ts';
import { type DemoJourney, seedDemoJourneys } from './demo-journey.ts';
import { seededEntry } from './seed-audit.ts';

interface DemoAvailability {
  drug: string;
  cmo: string;
  doses: number;
  activityUnit: 'mCi' | 'mBq';
  frequency: AvailabilityFrequency;
  every: number;
  on: Repeat['on'];
  startTime: string;
  endTime: string;
  /** Days from today (in the CMO's zone) the availability started; it runs four months on. */
  startedDaysAgo: number;
  active?: boolean;
}

/** Availability of the demo pairings: weekly and monthly rules, CMOs in New York and Los Angeles. */
export const demoAvailabilities: DemoAvailability[] = [
  {
    drug: 'Fludeoxyglucose F18',
    cmo: 'Isotope Labs Boston',
    doses: 5,
    activityUnit: 'mCi',
    frequency: 'Weekday',
    every: 1,
    on: null,
    startTime: '06:00',
    endTime: '14:00',
    startedDaysAgo: 21,
  },
  {
    drug: 'Gallium Ga68 PSMA-11',
    cmo: 'Isotope Labs Boston',
    doses: 3,
    activityUnit: 'mCi',
    frequency: 'Weekly',
    every: 1,
    on: ['Tu', 'Th'],
    startTime: '07:00',
    endTime: '12:00',
    startedDaysAgo: 0,
  },
  {
    drug: 'Florbetapir F18',
    cmo: 'Isotope Labs Boston',
    doses: 10,
    activityUnit: 'mBq',
    frequency: 'Monthly',
    every: 1,
    on: [1, 15, 31],
    startTime: '00:00',
    endTime: '24:00',
    startedDaysAgo: 0,
  },
  {
    drug: 'Gallium Ga68 PSMA-11',
    cmo: 'Pacific Radiopharma',
    doses: 4,
    activityUnit: 'mCi',
    frequency: 'Monthly',
    every: 1,
    on: { every: 2, on: ['We'] },
    startTime: '08:00',
    endTime: '16:00',
    startedDaysAgo: 0,
  },
  {
    drug: 'Florbetapir F18',
    cmo: 'Pacific Radiopharma',
    doses: 2,
    activityUnit: 'mCi',
    frequency: 'Weekly',
    every: 2,
    on: ['Mo', 'We', 'Fr'],
    startTime: '05:00',
    endTime: '13:00',
    startedDaysAgo: 0,
  },
  {
    drug: 'Florbetapir F18',
    cmo: 'Pacific Radiopharma',
    doses: 1,
    activityUnit: 'mCi',
    frequency: 'Daily',
    every: 1,
    on: null,
    startTime: '09:00',
    endTime: '10:00',
    startedDaysAgo: 0,
    active: false,
  },
];

interface DemoOrder {
  /** Which occurrence of the FDG weekday availability: negative = past days, 0.. = coming days. */
  occurrence: number;
  status: OrderStatus;
  subjectId: string;
  notes?: string;
  /** Its shipment, receipt and administration records (issue 35). */
  journey?: DemoJourney;
}

/** Orders of ONCO-2026-01 at Lakeside (Chicago) for FDG from Boston, one or more in every status. */
const demoOrders: DemoOrder[] = [
  {
    occurrence: -10,
    status: 'delivered',
    subjectId: 'ONC-001',
    // Shipped with 15 mCi, received within the tolerance, injected: the whole journey.
    journey: {
      shipped: { assayedActivity: 15 },
      received: { shareOfExpected: 0.97 },
      administered: { measuredActivity: 5.6, residualActivity: 0.12 },
    },
  },
  { occurrence: -8, status: 'delivered', subjectId: 'ONC-002' },
  { occurrence: -6, status: 'canceled', subjectId: 'ONC-003' },
  { occurrence: -4, status: 'rejected', subjectId: 'ONC-004' },
  { occurrence: -2, status: 'accepted', subjectId: 'ONC-005' },
  { occurrence: 1, status: 'accepted', subjectId: 'ONC-006', notes: 'Patient needs a morning slot.' },
  { occurrence: 2, status: 'pending', subjectId: 'ONC-007' },
  { occurrence: 2, status: 'pending', subjectId: 'ONC-008' },
  {
    occurrence: 3,
    status: 'pending',
    subjectId: 'ONC-009',
    // Longer than 140 characters, so the detail panel folds it (Show more / Show less).
    notes:
      'Subject is claustrophobic and needs a sedation consult before the scan. Please confirm the delivery window with the imaging desk the day before; the morning slot is preferred because the subject travels from out of town.',
  },
  { occurrence: 4, status: 'rejected', subjectId: 'ONC-010' },
  // On its way since the last manufacture day and not received: late, and expired once past its expiry.
  { occurrence: -1, status: 'shipped', subjectId: 'ONC-011', journey: { shipped: { assayedActivity: 15 } } },
];

const HOUR = 3600_000;

/**
 * Availability for the coming months and orders in every status, dated from `now` so the demo
 * stays fresh. Past orders sit on days of an availability that started three weeks ago. Each
 * availability and order gets its `new` audit row by `actor`.
 */
export async function seedDemoOrdering(db: Executor, now: Date, actor: AuditActor): Promise<void> {
  const drugRows = await db.select({ id: drugs.id, name: drugs.name }).from(drugs);
  const drugIds = Object.fromEntries(drugRows.map((d) => [d.name, d.id]));
  const cmoRows = await db
    .select({ id: companies.id, name: companies.name, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.type, 'cmo'));
  const cmo = (name: string) => cmoRows.find((c) => c.name === name)!;

  const created = await db
    .insert(drugAvailabilities)
    .values(
      demoAvailabilities.map((a) => {
        const today = DateTime.fromJSDate(now, { zone: cmo(a.cmo).timezone }).startOf('day');
        return {
          drugId: drugIds[a.drug]!,
          cmoId: cmo(a.cmo).id,
          doses: a.doses,
          activityUnit: a.activityUnit,
          validFrom: today.minus({ days: a.startedDaysAgo }).toISODate()!,
          validUntil: today.plus({ months: 4 }).toISODate()!,
          frequency: a.frequency,
          repeatEvery: a.every,
          repeatOn: a.on,
          startTime: a.startTime,
          endTime: a.endTime,
          active: a.active ?? true,
        };
      }),
    )
    .returning();
  // In the order of the list: the first is the FDG weekday availability the orders use.
  const availability = demoAvailabilities.map(
    (a) =>
      created.find(
        (r) =>
          r.drugId === drugIds[a.drug] &&
          r.cmoId === cmo(a.cmo).id &&
          r.frequency === a.frequency &&
          r.doses === a.doses,
      )!,
  );

  const fdg = availability[0]!;
  const boston = cmo('Isotope Labs Boston');
  const days = occurrenceDates(
    {
      validFrom: fdg.validFrom,
      validUntil: fdg.validUntil,
      frequency: fdg.frequency,
      repeatEvery: 1,
      repeatOn: null,
    },
    fdg.validFrom,
    fdg.validUntil,
  );
  const windows = days.map((date) => ({
    date,
    ...dayInterval(date, fdg.startTime, fdg.endTime, boston.timezone),
  }));
  const firstComing = windows.findIndex((w) => w.start.getTime() > now.getTime());

  const [study] = await db
    .select({ id: studies.id, name: studies.name })
    .from(studies)
    .where(eq(studies.name, 'ONCO-2026-01'));
  const [exam] = await db
    .select({ id: exams.id, name: exams.name })
    .from(exams)
    .where(eq(exams.name, 'FDG PET Whole Body'));
  const [site] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.name, 'Lakeside Clinical Research'));
  const [center] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.name, 'Windy City Imaging'));
  const tps = await db
    .select({ id: timepoints.id, name: timepoints.name })
    .from(timepoints)
    .orderBy(timepoints.id);
  const [siteUser] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'site'));

  // One dose slot per manufacture day, booked with the orders that hold a dose that day.
  const placed = demoOrders.map((o, i) => {
    const w = windows[firstComing + o.occurrence]!;
    return { o, i, w, holdsDose: !capacityReleasingStatuses.includes(o.status) };
  });
  const slotDays = [...new Set(placed.map((p) => p.w.date))];
  const slots = await db
    .insert(doseSlots)
    .values(
      slotDays.map((date) => ({
        availabilityId: fdg.id,
        manufactureDate: date,
        capacity: fdg.doses,
        booked: placed.filter((p) => p.w.date === date && p.holdsDose).length,
      })),
    )
    .returning({ id: doseSlots.id, manufactureDate: doseSlots.manufactureDate });
  const orderValues = placed.map(({ o, i, w }) => {
    const calibration = new Date(w.start.getTime() + HOUR);
    const placedAt = new Date(Math.min(now.getTime(), calibration.getTime()) - 3 * 24 * HOUR);
    const accepted = o.status === 'accepted' || o.status === 'shipped' || o.status === 'delivered';
    return {
      studyId: study!.id,
      siteId: site!.id,
      examId: exam!.id,
      drugId: fdg.drugId,
      cmoId: fdg.cmoId,
      imagingCenterId: center!.id,
      timepointId: tps[i % tps.length]!.id,
      doseSlotId: slots.find((s) => s.manufactureDate === w.date)!.id,
      subjectId: o.subjectId,
      calibrationDatetime: calibration,
      status: o.status,
      projectedDelivery: accepted ? new Date(calibration.getTime() - HOUR) : null,
      acceptedAt: accepted ? new Date(placedAt.getTime() + HOUR) : null,
      deliveredAt: o.status === 'delivered' ? new Date(calibration.getTime() - HOUR) : null,
      rejectedAt: o.status === 'rejected' ? new Date(placedAt.getTime() + HOUR) : null,
      rejectionReason: o.status === 'rejected' ? 'Cyclotron maintenance that day' : null,
      canceledAt: o.status === 'canceled' ? new Date(placedAt.getTime() + 2 * HOUR) : null,
      cancelationReason: o.status === 'canceled' ? 'Subject withdrew from the study' : null,
      additionalNotes: o.notes ?? null,
      createdBy: siteUser!.id,
      createdAt: placedAt,
      updatedAt: placedAt,
    };
  });
  const orderRows = await db.insert(orders).values(orderValues).returning();
  const journeys = await seedDemoJourneys(
    db,
    orderRows.flatMap((order, i) => {
      const journey = demoOrders[i]!.journey;
      return journey ? [{ order, journey }] : [];
    }),
  );

  const drugName = (id: number) => drugRows.find((d) => d.id === id)!.name;
  const cmoName = (id: number) => cmoRows.find((c) => c.id === id)!.name;
  for (const a of created) {
    await recordAudit(
      db,
      actor,
      seededEntry(
        'drug-availabilities',
        a.id,
        availabilityAuditFields(a, { name: drugName(a.drugId) }, { name: cmoName(a.cmoId) }),
      ),
    );
  }
  // As a placed order's row names it (orders/place.ts), with the columns its status set.
  for (const order of orderRows) {
    await recordAudit(
      db,
      actor,
      seededEntry('orders', order.id, {
        number: order.number,
        status: order.status,
        study: study!.name,
        site: site!.name,
        exam: exam!.name,
        drug: drugName(order.drugId),
        cmo: cmoName(order.cmoId),
        imagingCenter: center!.name,
        timePoint: tps.find((tp) => tp.id === order.timepointId)!.name,
        subjectId: order.subjectId,
        calibrationDatetime: order.calibrationDatetime.toISOString(),
        additionalNotes: order.additionalNotes,
        ...(order.projectedDelivery ? { projectedDelivery: order.projectedDelivery.toISOString() } : {}),
        ...(order.deliveredAt ? { deliveredAt: order.deliveredAt.toISOString() } : {}),
        ...(order.rejectionReason ? { rejectionReason: order.rejectionReason } : {}),
        ...(order.cancelationReason ? { cancelationReason: order.cancelationReason } : {}),
        ...journeys.get(order.id),
      }),
    );
  }
}
