import { describe, expect, it } from 'vitest';
import { closedDayOf } from './availability-exceptions.ts';
import { formatActivity } from './decay.ts';
import {
  ACTIVITY_SHOWN_MAX_FACTOR,
  beyondShownActivity,
  decayedActivityText,
  orderActivityAt,
  percentText,
} from './order-activity.ts';
import { deliveryLongBeforeCalibration } from './order-status.ts';

// 10 mCi of F-18 (T½ 109.77 min) calibrated on Dec 8 at 10:00 Chicago (16:00Z).
const fdg = {
  requestedActivity: 10,
  activityUnit: 'mCi' as const,
  calibrationDatetime: '2026-12-08T16:00:00.000Z',
  drug: { halfLifeSeconds: 109.77 * 60, activityWarningPercent: null },
};

describe('a decayed activity as the screens write it', () => {
  it('the issue’s typo (delivery 11/27 for a Dec 8 calibration) names no figure and no exponent', () => {
    const decayed = orderActivityAt(fdg, '2026-11-27T16:00:00.000Z')!;
    expect(decayed.percent).toBeGreaterThan(1e40);
    const text = decayedActivityText(decayed, true);
    expect(text).toBe(`more than ${ACTIVITY_SHOWN_MAX_FACTOR}× the requested activity`);
    expect(text).not.toMatch(/e\+|\d{5}/);
  });

  it('writes up to 10× the requested activity as a figure, grouped and to three digits', () => {
    // 109.77 min × log2(10) ≈ 364.6 min: 6 h before is 9.71×, 6 h 10 min before is beyond.
    const sixHoursEarly = orderActivityAt(fdg, '2026-12-08T10:00:00.000Z')!;
    expect(beyondShownActivity(sixHoursEarly)).toBe(false);
    expect(decayedActivityText(sixHoursEarly, true)).toBe('97.1 mCi (3,590 MBq) · 971% of requested');
    const later = orderActivityAt(fdg, '2026-12-08T09:50:00.000Z')!;
    expect(beyondShownActivity(later)).toBe(true);
  });

  it('writes what is left after a day of F-18 without twenty zeros', () => {
    const dayLater = orderActivityAt(fdg, '2026-12-09T16:00:00.000Z')!;
    expect(decayedActivityText(dayLater, true)).toBe('0.00112 mCi (0.0416 MBq) · < 1% of requested');
    const weekLater = orderActivityAt(fdg, '2026-12-15T16:00:00.000Z')!;
    expect(decayedActivityText(weekLater, false)).toBe('< 0.001 mCi · < 1% of requested');
  });

  it('rounds a share to whole percent, grouped', () => {
    expect(percentText(50.4)).toBe('50%');
    expect(percentText(0.2)).toBe('< 1%');
    expect(percentText(0)).toBe('0%');
    expect(percentText(999.6)).toBe('1,000%');
  });

  it('never writes an exponent for a dose-sized figure', () => {
    expect(formatActivity(123456.7, 'mBq')).toBe('123,000 MBq');
    expect(formatActivity(0.0004, 'mCi')).toBe('< 0.001 mCi');
    expect(formatActivity(0.001, 'mCi')).toBe('0.001 mCi');
  });
});

describe('the accept warnings’ rules', () => {
  it('a projected delivery long before the calibration is flagged: beyond 10× the activity, or a day without a half-life', () => {
    const calibration = '2026-12-08T16:00:00.000Z';
    const f18 = 109.77 * 60;
    // F-18: 10× the activity is log2(10) × 109.77 min ≈ 6 h 05 min before the calibration.
    expect(deliveryLongBeforeCalibration(new Date('2026-11-27T16:00:00.000Z'), calibration, f18)).toBe(true);
    expect(deliveryLongBeforeCalibration(new Date('2026-12-08T09:50:00.000Z'), calibration, f18)).toBe(true);
    expect(deliveryLongBeforeCalibration(new Date('2026-12-08T10:00:00.000Z'), calibration, f18)).toBe(false);
    expect(deliveryLongBeforeCalibration(new Date('2026-12-08T14:00:00.000Z'), calibration, f18)).toBe(false);
    expect(deliveryLongBeforeCalibration(new Date(calibration), calibration, f18)).toBe(false);
    expect(deliveryLongBeforeCalibration(new Date('2026-12-08T17:00:00.000Z'), calibration, f18)).toBe(false);
    // No half-life: more than a day early.
    expect(deliveryLongBeforeCalibration(new Date('2026-12-07T15:59:00.000Z'), calibration, null)).toBe(true);
    expect(deliveryLongBeforeCalibration(new Date('2026-12-07T16:00:00.000Z'), calibration, null)).toBe(
      false,
    );
  });

  it('an order on a closed day is marked while it waits for its dose only', () => {
    const closed = { date: '2026-12-08', reason: 'Cyclotron maintenance' };
    expect(closedDayOf({ status: 'pending', manufactureClosed: closed })).toEqual(closed);
    expect(closedDayOf({ status: 'accepted', manufactureClosed: closed })).toEqual(closed);
    expect(closedDayOf({ status: 'delivered', manufactureClosed: closed })).toBeNull();
    expect(closedDayOf({ status: 'canceled', manufactureClosed: closed })).toBeNull();
    expect(closedDayOf({ status: 'pending', manufactureClosed: null })).toBeNull();
  });
});
