import type { AvailableDay } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { activityUnitFor, unitLabel } from './activity-unit.ts';

const day = (date: string, start: string, end: string, activityUnit: 'mCi' | 'mBq'): AvailableDay => ({
  date,
  remaining: 2,
  activityUnit,
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
