import { describe, expect, it } from 'vitest';
import {
  doseAccountabilityQuerySchema,
  doseOutcome,
  doseOutcomes,
  doseRecordOf,
  doseRecordSchema,
} from './dose-accountability.ts';
import { type OrderAdministration, orderAdministrationBodySchema } from './order-administration.ts';
import type { Order } from './orders.ts';

const NOW = new Date('2027-03-01T12:00:00.000Z');
const shipment = (expiresAt: string): Order['shipment'] => ({
  lotNumber: 'FDG-270301-01',
  assayedActivity: 12,
  activityUnit: 'mCi',
  assayedAt: '2027-03-01T05:00:00.000Z',
  expiresAt,
  courier: null,
  trackingNumber: null,
});
const given: OrderAdministration = {
  administered: true,
  injectedAt: '2027-03-01T14:05:00.000Z',
  measuredActivity: 10,
  measuredAt: '2027-03-01T13:55:00.000Z',
  residualActivity: 0.5,
  residualAt: '2027-03-01T14:10:00.000Z',
  activityUnit: 'mCi',
  administeredActivity: 9,
  administeredActivityMbq: 333,
  administeredActivityMci: 9,
  reason: null,
  comment: null,
};
const notGiven: OrderAdministration = {
  ...given,
  administered: false,
  injectedAt: null,
  measuredActivity: null,
  measuredAt: null,
  residualActivity: null,
  residualAt: null,
  activityUnit: null,
  administeredActivity: null,
  administeredActivityMbq: null,
  administeredActivityMci: null,
  reason: 'did_not_attend',
  comment: 'Called twice',
};

const ref = (id: number, name: string) => ({ id, name });
const order = (over: Partial<Order> = {}): Order => ({
  id: 7,
  number: 1007,
  status: 'accepted',
  study: ref(1, 'ONCO-2026-01'),
  site: { ...ref(2, 'Lakeside Clinical Research'), timezone: 'America/Chicago' },
  exam: ref(3, 'FDG PET Whole Body'),
  drug: {
    ...ref(4, 'Fludeoxyglucose F18'),
    halfLifeSeconds: 6586.2,
    activityWarningPercent: null,
    receiptTolerancePercent: null,
  },
  cmo: { ...ref(5, 'Isotope Labs Boston'), timezone: 'America/New_York' },
  timePoint: ref(6, 'Baseline'),
  imagingCenter: {
    ...ref(8, 'Windy City Imaging'),
    phoneNumber: null,
    timezone: 'America/Chicago',
    address: {
      line_1: '1 Main St',
      line_2: null,
      city: 'Chicago',
      state: 'IL',
      country: 'US',
      zipCode: null,
    },
  },
  subjectId: 'SUBJ-1',
  calibrationDatetime: '2027-03-01T14:00:00.000Z',
  requestedActivity: 10,
  activityUnit: 'mCi',
  projectedDelivery: null,
  acceptedAt: null,
  rejectedAt: null,
  canceledAt: null,
  shippedAt: null,
  deliveredAt: null,
  shipment: null,
  receipt: null,
  administration: null,
  rejectionReason: null,
  cancelationReason: null,
  additionalNotes: null,
  createdAt: '2027-02-20T10:00:00.000Z',
  updatedAt: '2027-02-20T10:00:00.000Z',
  manufactureClosed: null,
  outOfWindow: false,
  duplicateTimepoint: false,
  overrideReason: null,
  replacesOrder: null,
  replacedByOrder: null,
  ...over,
});

describe('doseOutcome', () => {
  it('[ORD-030] puts every order in exactly one of the six outcomes', () => {
    const later = shipment('2027-03-01T18:00:00.000Z');
    const past = shipment('2027-03-01T11:00:00.000Z');
    const cases: [Partial<Order>, string][] = [
      [{ status: 'pending' }, 'awaiting'],
      [{ status: 'accepted' }, 'awaiting'],
      [{ status: 'shipped', shipment: later }, 'awaiting'],
      [{ status: 'delivered', shipment: later }, 'awaiting'],
      // Delivered straight from accepted (no shipment): no expiry to pass.
      [{ status: 'delivered' }, 'awaiting'],
      [{ status: 'shipped', shipment: past }, 'expired'],
      [{ status: 'delivered', shipment: past }, 'expired'],
      [{ status: 'delivered', shipment: past, administration: given }, 'administered'],
      [{ status: 'delivered', shipment: past, administration: notGiven }, 'not_administered'],
      [{ status: 'delivered', administration: notGiven }, 'not_administered'],
      [{ status: 'rejected' }, 'rejected'],
      [{ status: 'canceled' }, 'canceled'],
    ];
    for (const [over, outcome] of cases)
      expect(doseOutcome(order(over), NOW), JSON.stringify(over)).toBe(outcome);
    expect(new Set(cases.map(([, o]) => o))).toEqual(new Set(doseOutcomes));
  });

  it('[ORD-030] judges the expiry at the instant given: expired at the expiry itself, not a millisecond before', () => {
    const shipped = order({ status: 'shipped', shipment: shipment('2027-03-01T12:00:00.000Z') });
    expect(doseOutcome(shipped, new Date('2027-03-01T11:59:59.999Z'))).toBe('awaiting');
    expect(doseOutcome(shipped, NOW)).toBe('expired');
    expect(doseOutcome(shipped, new Date('2027-03-02T00:00:00.000Z'))).toBe('expired');
  });
});

describe('doseRecordOf', () => {
  it('[ORD-031] gives an injection in UTC and on the imaging center’s clock, in both units, with lot and expiry', () => {
    const record = doseRecordOf(
      order({
        status: 'delivered',
        shipment: shipment('2027-03-01T18:00:00.000Z'),
        receipt: {
          receivedActivity: null,
          receivedAt: null,
          activityUnit: null,
          expectedActivity: null,
          deviationPercent: null,
          tolerancePercent: 10,
          packageCondition: 'intact',
          deviation: false,
          comment: null,
        },
        administration: given,
      }),
      NOW,
    );
    expect(doseRecordSchema.parse(record)).toEqual(record);
    expect(record).toMatchObject({
      orderId: 7,
      orderNumber: 1007,
      study: { id: 1, name: 'ONCO-2026-01' },
      site: { id: 2, name: 'Lakeside Clinical Research' },
      imagingCenter: { id: 8, name: 'Windy City Imaging' },
      cmo: { id: 5, name: 'Isotope Labs Boston' },
      subjectId: 'SUBJ-1',
      timePoint: { id: 6, name: 'Baseline' },
      outcome: 'administered',
      lotNumber: 'FDG-270301-01',
      expiresAt: '2027-03-01T18:00:00.000Z',
      receiptDeviation: false,
      injectedAt: '2027-03-01T14:05:00.000Z',
      // 14:05 UTC is 08:05 in Chicago (CST, UTC-6).
      injectedAtLocal: '2027-03-01 08:05',
      timezone: 'America/Chicago',
      administeredActivityMbq: 333,
      administeredActivityMci: 9,
      residualActivity: 0.5,
      activityUnit: 'mCi',
      notAdministeredReason: null,
      comment: null,
    });
    // The names only: not the site's zone or the center's address.
    expect(Object.keys(record.site)).toEqual(['id', 'name']);
    expect(Object.keys(record.imagingCenter)).toEqual(['id', 'name']);
  });

  it('[ORD-031] follows the zone’s daylight saving time', () => {
    const summer = doseRecordOf(
      order({ status: 'delivered', administration: { ...given, injectedAt: '2027-07-01T14:05:00.000Z' } }),
      NOW,
    );
    expect(summer.injectedAtLocal).toBe('2027-07-01 09:05');
  });

  it('[ORD-031] gives a dose not administered with its reason and comment, and no injection', () => {
    const record = doseRecordOf(order({ status: 'delivered', administration: notGiven }), NOW);
    expect(record).toMatchObject({
      outcome: 'not_administered',
      notAdministeredReason: 'did_not_attend',
      comment: 'Called twice',
      injectedAt: null,
      injectedAtLocal: null,
      administeredActivityMbq: null,
      administeredActivityMci: null,
      residualActivity: null,
      activityUnit: 'mCi',
      lotNumber: null,
      receiptDeviation: null,
    });
  });

  it('[ORD-030] gives the outcome of the same rule as the report: expired, rejected', () => {
    expect(
      doseRecordOf(order({ status: 'shipped', shipment: shipment(NOW.toISOString()) }), NOW).outcome,
    ).toBe('expired');
    expect(doseRecordOf(order({ status: 'rejected' }), NOW)).toMatchObject({
      outcome: 'rejected',
      status: 'rejected',
      lotNumber: null,
      notAdministeredReason: null,
    });
  });
});

describe('the administration body’s reason', () => {
  const issues = (body: Record<string, unknown>) => {
    const parsed = orderAdministrationBodySchema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
  };
  const injection = {
    administered: true,
    relatedDatetime: '2027-03-01T08:05',
    measuredActivity: 10,
    measuredAt: '2027-03-01T07:55',
  };

  it('[ORD-031] takes a reason of the list when not administered; the comment is required for "other" only', () => {
    expect(issues({ administered: false, reason: 'did_not_attend' })).toEqual([]);
    expect(issues({ administered: false, reason: 'scanner_down', comment: 'Service visit' })).toEqual([]);
    expect(issues({ administered: false, reason: 'other', comment: 'Tracer spilled' })).toEqual([]);
    expect(issues({ administered: false, reason: 'other' })).toEqual(['comment']);
    expect(issues({ administered: false, reason: 'other', comment: '  ' })).toEqual(['comment']);
    // No reason: "other", as before the reasons, so the comment is required.
    expect(issues({ administered: false })).toEqual(['comment']);
    expect(issues({ administered: false, comment: 'Subject did not attend' })).toEqual([]);
    expect(issues({ administered: false, reason: 'forgotten' })).toContain('reason');
  });

  it('[ORD-031] refuses a reason with an injection', () => {
    expect(issues(injection)).toEqual([]);
    expect(issues({ ...injection, reason: 'other' })).toEqual(['reason']);
  });
});

describe('doseAccountabilityQuerySchema', () => {
  it('[ORD-030] takes instants, to not before from, and optional study and site', () => {
    const ok = doseAccountabilityQuerySchema.safeParse({
      from: '2027-03-01T00:00:00Z',
      to: '2027-04-01T00:00:00Z',
      studyId: '3',
    });
    expect(ok.success && ok.data.studyId).toBe(3);
    const bad = doseAccountabilityQuerySchema.safeParse({
      from: '2027-04-01T00:00:00Z',
      to: '2027-03-01T00:00:00Z',
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['to']);
    const garbage = doseAccountabilityQuerySchema.safeParse({
      from: 'yesterday',
      to: '2027-03-01T00:00:00Z',
    });
    expect(garbage.success ? [] : garbage.error.issues.map((i) => i.path.join('.'))).toEqual(['from']);
  });
});
