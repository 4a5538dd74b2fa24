import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatInstant, instantParts } from './instant-format.ts';

describe('formatInstant', () => {
  it('writes the instant on the given clock with the zone in effect at that instant', () => {
    expect(formatInstant('2027-03-08T13:00:00.000Z', 'America/Chicago')).toBe('Mar 8, 2027, 07:00 CST');
    // After the March change the same zone is on daylight time.
    expect(formatInstant('2027-03-15T13:00:00.000Z', 'America/Chicago')).toBe('Mar 15, 2027, 08:00 CDT');
    expect(formatInstant('2027-03-08T13:00:00.000Z', 'Europe/Berlin')).toBe('Mar 8, 2027, 14:00 GMT+1');
    expect(formatInstant('2027-03-08T13:00:00.000Z', 'Asia/Kolkata')).toBe('Mar 8, 2027, 18:30 GMT+5:30');
  });

  it('is on UTC unless told, and shows seconds when asked', () => {
    expect(formatInstant('2026-11-25T22:43:07.512Z')).toBe('Nov 25, 2026, 22:43 UTC');
    expect(formatInstant('2026-11-25T22:43:07.512Z', 'UTC', { seconds: true })).toBe(
      'Nov 25, 2026, 22:43:07 UTC',
    );
    // An offset in the text does not change the clock it is shown on.
    expect(formatInstant('2026-11-25T16:43:07-06:00', 'UTC')).toBe('Nov 25, 2026, 22:43 UTC');
  });

  it('is empty for no value or an unreadable one, and never names a zone it did not use', () => {
    expect(formatInstant(null, 'UTC')).toBe('');
    expect(formatInstant(undefined)).toBe('');
    expect(formatInstant('not a date', 'UTC')).toBe('');
    expect(formatInstant('2026-11-25T22:43:00Z', 'Nowhere/Atlantis')).toBe('Nov 25, 2026, 22:43 UTC');
  });

  it('gives the parts a compact cell shows on two lines', () => {
    expect(instantParts('2026-11-24T12:00:00Z', 'America/Chicago')).toEqual({
      date: 'Nov 24, 2026',
      time: '06:00',
      zone: 'CST',
    });
    expect(instantParts('', 'UTC')).toBeUndefined();
  });
});

describe('formatCalendarDate', () => {
  it('writes a date without a clock', () => {
    expect(formatCalendarDate('2026-11-24')).toBe('Nov 24, 2026');
    expect(formatCalendarDate(null)).toBe('');
    expect(formatCalendarDate('24/11/2026')).toBe('');
  });
});
