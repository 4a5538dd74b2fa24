import { decayedActivityText, formatActivityBoth } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { decayAt, type OrderWithActivity, requestedActivityText, showsDecay } from './order-activity-view.ts';

const decayedText = decayedActivityText;

// 10 mCi of F-18 (T½ 109.77 min) calibrated at 07:00 Chicago (13:00Z, CST).
const order: OrderWithActivity = {
  requestedActivity: 10,
  activityUnit: 'mCi',
  calibrationDatetime: '2027-03-08T13:00:00.000Z',
  drug: { halfLifeSeconds: 109.77 * 60, activityWarningPercent: null },
};
const zone = 'America/Chicago';

describe('the decay an order shows', () => {
  it('writes the requested activity exactly, with the other unit', () => {
    expect(requestedActivityText(order)).toBe('10 mCi (370 MBq)');
    expect(requestedActivityText({ requestedActivity: 12.3456, activityUnit: 'mBq' })).toBe(
      '12.3456 MBq (0.334 mCi)',
    );
    expect(requestedActivityText({ requestedActivity: null, activityUnit: null })).toBe('');
  });

  it('halves in one half-life, the time read on the imaging center’s clock', () => {
    // 08:49:46 in Chicago is one half-life (109.77 min) after 07:00.
    const decayed = decayAt(order, '2027-03-08T08:49:46.2', zone)!;
    expect(decayed.value).toBeCloseTo(5, 6);
    expect(decayed.percent).toBeCloseTo(50, 4);
    expect(decayedText(decayed, false)).toBe('5 mCi · 50% of requested');
    expect(decayedText(decayed, true)).toBe('5 mCi (185 MBq) · 50% of requested');
  });

  it('subtracts instants across zones: a scan entered in New York reads the same instant', () => {
    const chicago = decayAt(order, '2027-03-08T09:00', zone)!;
    const newYork = decayAt(order, '2027-03-08T10:00', 'America/New_York')!;
    expect(newYork.value).toBeCloseTo(chicago.value, 9);
    // Two hours later: 10 · 2^(−120/109.77) = 4.687 mCi.
    expect(chicago.value).toBeCloseTo(4.6872, 3);
  });

  it('warns below the drug’s threshold, 50 % when the drug sets none', () => {
    expect(decayAt(order, '2027-03-08T08:40', zone)!.belowThreshold).toBe(false);
    expect(decayAt(order, '2027-03-08T09:00', zone)!).toMatchObject({
      thresholdPercent: 50,
      belowThreshold: true,
    });
    const strict = { ...order, drug: { ...order.drug, activityWarningPercent: 80 } };
    expect(decayAt(strict, '2027-03-08T07:45', zone)).toMatchObject({
      thresholdPercent: 80,
      belowThreshold: true,
    });
  });

  it('shows nothing for an order without activity or a drug without radionuclide, or without a time', () => {
    expect(showsDecay({ ...order, requestedActivity: null, activityUnit: null })).toBe(false);
    expect(showsDecay({ ...order, drug: { halfLifeSeconds: null, activityWarningPercent: null } })).toBe(
      false,
    );
    expect(
      decayAt(
        { ...order, drug: { halfLifeSeconds: null, activityWarningPercent: null } },
        '2027-03-08T09:00',
        zone,
      ),
    ).toBeNull();
    expect(decayAt(order, '', zone)).toBeNull();
    expect(decayAt(order, 'not a time', zone)).toBeNull();
  });

  it('names no figure for a time days before the calibration (a mistyped date), only the cap', () => {
    const typo = decayAt(order, '2027-02-25T07:00', zone)!;
    expect(decayedText(typo, true)).toBe('more than 10× the requested activity');
  });

  it('writes a share that rounds to none as < 1%', () => {
    const dayLater = decayAt(order, '2027-03-09T07:00', zone)!;
    expect(decayedText(dayLater, false)).toMatch(/ mCi · < 1% of requested$/);
  });

  it('converts for the toggle: 1 mCi = 37 MBq', () => {
    expect(formatActivityBoth(370, 'mBq', true)).toBe('370 MBq (10 mCi)');
    expect(formatActivityBoth(370, 'mBq', false)).toBe('370 MBq');
  });
});
