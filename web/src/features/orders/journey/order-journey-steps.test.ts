import type { Order } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { orderJourneySteps } from './order-journey-steps.ts';

const F18 = 109.77 * 60;

/** An order as the answer gives it, with only what the journey reads. */
function order(over: Partial<Order>): Order {
  return {
    status: 'accepted',
    imagingCenter: { timezone: 'America/Chicago' },
    drug: { halfLifeSeconds: F18 },
    createdAt: '2026-11-23T15:00:00.000Z',
    calibrationDatetime: '2026-11-24T12:00:00.000Z',
    requestedActivity: 10,
    activityUnit: 'mCi',
    acceptedAt: '2026-11-23T16:00:00.000Z',
    rejectedAt: null,
    canceledAt: null,
    shippedAt: null,
    deliveredAt: null,
    rejectionReason: null,
    cancelationReason: null,
    shipment: null,
    receipt: null,
    administration: null,
    ...over,
  } as unknown as Order;
}

const shipment = {
  lotNumber: 'L-118',
  assayedActivity: 444,
  assayedAt: '2026-11-24T10:45:00.000Z',
  activityUnit: 'mBq',
  expiresAt: '2026-11-24T20:00:00.000Z',
  courier: 'FastRad',
  trackingNumber: null,
} as const;

describe('orderJourneySteps', () => {
  it('lists what is still to come for an accepted order', () => {
    const { steps, unit, zone } = orderJourneySteps(order({}));
    expect(unit).toBe('mCi');
    expect(zone).toBe('America/Chicago');
    expect(steps.map((s) => [s.key, s.at !== null])).toEqual([
      ['placed', true],
      ['accepted', true],
      ['shipped', false],
      ['delivered', false],
      ['administered', false],
    ]);
    expect(steps[0]).toMatchObject({ activity: 10, measuredAt: '2026-11-24T12:00:00.000Z' });
  });

  it('names who took each step when the answer says, and no one for a step not taken', () => {
    const actors = {
      placed: 'Sid Coordinator',
      accepted: 'Carla Manufacturer',
      shipped: null,
      delivered: null,
      rejected: null,
      canceled: null,
      administered: null,
    };
    const { steps } = orderJourneySteps(order({ journeyActors: actors }));
    expect(steps.map((s) => [s.key, s.who])).toEqual([
      ['placed', 'Sid Coordinator'],
      ['accepted', 'Carla Manufacturer'],
      ['shipped', null],
      ['delivered', null],
      ['administered', null],
    ]);
    const notGiven = orderJourneySteps(
      order({
        deliveredAt: '2026-11-24T11:00:00.000Z',
        administration: { administered: false, comment: 'Did not attend' } as Order['administration'],
        journeyActors: { ...actors, delivered: 'Iris Imaging', administered: 'Iris Imaging' },
      }),
    );
    expect(notGiven.steps.at(-1)).toMatchObject({ key: 'not-administered', who: 'Iris Imaging' });
  });

  it('ends at the rejection, with its reason', () => {
    const { steps } = orderJourneySteps(
      order({
        status: 'rejected',
        acceptedAt: null,
        rejectedAt: '2026-11-23T17:00:00.000Z',
        rejectionReason: 'No capacity',
      }),
    );
    expect(steps.map((s) => s.key)).toEqual(['placed', 'rejected']);
    expect(steps[1]).toMatchObject({ label: 'Rejected', detail: 'No capacity' });
  });

  it("converts a shipment's assay into the order's unit and names lot, expiry and courier", () => {
    const { steps } = orderJourneySteps(
      order({ status: 'shipped', shippedAt: '2026-11-24T11:00:00.000Z', shipment: { ...shipment } }),
    );
    const shipped = steps.find((s) => s.key === 'shipped')!;
    expect(shipped.activity).toBeCloseTo(12, 6); // 444 MBq = 12 mCi
    expect(shipped.measuredAt).toBe('2026-11-24T10:45:00.000Z');
    expect(shipped.detail).toBe('Lot L-118 · expires Nov 24, 2026, 14:00 CST · FastRad');
  });

  it('shows a receipt against the expected activity, and its deviation with the reason', () => {
    const { steps } = orderJourneySteps(
      order({
        status: 'delivered',
        shippedAt: '2026-11-24T11:00:00.000Z',
        deliveredAt: '2026-11-24T12:30:00.000Z',
        shipment: { ...shipment },
        receipt: {
          receivedActivity: 7.2,
          receivedAt: '2026-11-24T12:30:00.000Z',
          activityUnit: 'mCi',
          expectedActivity: 9.4,
          deviationPercent: -23.4,
          tolerancePercent: 10,
          packageCondition: 'damaged',
          deviation: true,
          comment: 'Vial cracked',
        },
      }),
    );
    const received = steps.find((s) => s.key === 'delivered')!;
    expect(received).toMatchObject({
      label: 'Received',
      activity: 7.2,
      activityNote: 'expected 9.4 mCi, −23.4 %',
      detail: 'Package damaged',
      deviation: 'Deviation (tolerance 10 %): Vial cracked',
    });
  });

  it('skips the shipped step of an order delivered straight from accepted, and says why a dose was not given', () => {
    const { steps } = orderJourneySteps(
      order({
        status: 'delivered',
        deliveredAt: '2026-11-24T12:30:00.000Z',
        administration: {
          administered: false,
          comment: 'Subject did not attend',
        } as Order['administration'],
      }),
    );
    expect(steps.map((s) => s.key)).toEqual(['placed', 'accepted', 'delivered', 'not-administered']);
    expect(steps.at(-1)).toMatchObject({ reached: true, detail: 'Subject did not attend' });
  });

  it('names the reason a dose was not given by its label, with the comment after it', () => {
    const notGiven = (reason: string, comment: string | null) =>
      orderJourneySteps(
        order({
          status: 'delivered',
          deliveredAt: '2026-11-24T12:30:00.000Z',
          administration: { administered: false, reason, comment } as Order['administration'],
        }),
      ).steps.at(-1)?.detail;
    expect(notGiven('scanner_down', null)).toBe('Scanner unavailable');
    expect(notGiven('did_not_attend', 'Moved to next week')).toBe(
      'Subject did not attend — Moved to next week',
    );
    expect(notGiven('other', 'Vial label unreadable')).toBe('Other — Vial label unreadable');
  });

  it('gives the injected activity and the residual', () => {
    const { steps } = orderJourneySteps(
      order({
        status: 'delivered',
        deliveredAt: '2026-11-24T12:30:00.000Z',
        administration: {
          administered: true,
          injectedAt: '2026-11-24T13:00:00.000Z',
          residualActivity: 0.2,
          residualAt: '2026-11-24T13:05:00.000Z',
          activityUnit: 'mCi',
          administeredActivity: 8.1,
        } as Order['administration'],
      }),
    );
    expect(steps.at(-1)).toMatchObject({
      key: 'administered',
      at: '2026-11-24T13:00:00.000Z',
      activity: 8.1,
      activityNote: 'injected',
      detail: 'Residual 0.2 mCi at Nov 24, 2026, 07:05 CST',
    });
  });
});
