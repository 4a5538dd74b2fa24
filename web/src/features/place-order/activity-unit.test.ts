import type { AvailableDay } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { activityLimitFor, activityUnitFor, unitLabel } from './activity-unit.ts';

const day = (date: string, start: string, end: string, activityUnit: 'mCi' | 'mBq'): AvailableDay => ({
  date,
  remaining: 2,
  activityUnit,
  maxActivityMbq: null,
  intervals: [{ start, end }],
});

// Two availabilities on 8 March (Boston in mCi in the morning, one in MBq in the afternoon, UTC).
const days = [
  day('2027-03-08', '2027-03-08T11:00:00.000Z', '2027-03-08T15:00:00.000Z', 'mCi'),
  day('2027-03-08', '2027-03-08T17:00:00.000Z', '2027-03-08T19:00:00.000Z', 'mBq'),
  day('2027-03-09', '2027-03-09T11:00:00.000Z', '2027-03-09T19:00:00.000Z', 'mCi'),
];
const zone = 'America/Chicago';

describe('the requested activity’s unit on the place-order form', () => {
  it('is the unit of the availability behind the picked hour', () => {
    expect(activityUnitFor(days, { calibration: '2027-03-08T12:00:00.000Z', day: '2027-03-08', zone })).toBe(
      'mCi',
    );
    expect(activityUnitFor(days, { calibration: '2027-03-08T18:00:00.000Z', day: '2027-03-08', zone })).toBe(
      'mBq',
    );
  });

  it('is known from the day alone when its availabilities agree, unknown before a day is picked', () => {
    expect(activityUnitFor(days, { day: '2027-03-09', zone })).toBe('mCi');
    expect(activityUnitFor(days, { day: '2027-03-08', zone })).toBeUndefined();
    expect(activityUnitFor(days, { zone })).toBeUndefined();
  });

  it('writes MBq for the availability’s mBq', () => {
    expect(unitLabel('mBq')).toBe('MBq');
    expect(unitLabel('mCi')).toBe('mCi');
    expect(unitLabel(undefined)).toBe('');
  });
});

describe("the drug's maximum on Place order", () => {
  const days = (maxActivityMbq: number | null): AvailableDay[] => [
    { ...day('2026-12-01', '2026-12-01T14:00:00Z', '2026-12-01T20:00:00Z', 'mCi'), maxActivityMbq },
  ];

  it('is said under the field in the order unit, then in MBq', () => {
    expect(activityLimitFor(days(555), 'mCi', null)).toEqual({ help: 'max 15 mCi (555 MBq)' });
    expect(activityLimitFor(days(555), 'mBq', null)).toEqual({ help: 'max 555 MBq' });
  });

  it('refuses a typed value above it, in the words the server uses, and not the maximum itself', () => {
    expect(activityLimitFor(days(555), 'mCi', 15)).toEqual({ help: 'max 15 mCi (555 MBq)' });
    expect(activityLimitFor(days(555), 'mCi', 15.01)).toEqual({
      help: 'max 15 mCi (555 MBq)',
      refusal: "Above the drug's maximum activity of 15 mCi (555 MBq)",
    });
    expect(activityLimitFor(days(555), 'mBq', 556).refusal).toBe(
      "Above the drug's maximum activity of 555 MBq",
    );
  });

  it('says nothing without a maximum, a unit, or a number', () => {
    expect(activityLimitFor(days(null), 'mCi', 1e6)).toEqual({});
    expect(activityLimitFor(days(555), undefined, 1e6)).toEqual({});
    expect(activityLimitFor(days(555), 'mCi', Number.NaN)).toEqual({ help: 'max 15 mCi (555 MBq)' });
    expect(activityLimitFor([], 'mCi', 20)).toEqual({});
  });
});
