import { describe, expect, it } from 'vitest';
import { dayInterval, localDate, occurrenceDates, type Recurrence } from './occurrences.ts';

const rule = (r: Partial<Recurrence>): Recurrence => ({
  validFrom: '2027-01-01',
  validUntil: '2027-12-31',
  frequency: 'Daily',
  repeatEvery: 1,
  repeatOn: null,
  ...r,
});
const iso = (i: { start: Date; end: Date }) => [i.start.toISOString(), i.end.toISOString()];

describe('day windows in the CMO time zone', () => {
  it('keeps wall-clock hours across the spring and autumn DST changes in America/New_York', () => {
    const zone = 'America/New_York';
    expect(iso(dayInterval('2027-03-13', '08:00', '12:00', zone))).toEqual([
      '2027-03-13T13:00:00.000Z',
      '2027-03-13T17:00:00.000Z',
    ]);
    // 2027-03-14: clocks go forward at 02:00
    expect(iso(dayInterval('2027-03-14', '08:00', '12:00', zone))).toEqual([
      '2027-03-14T12:00:00.000Z',
      '2027-03-14T16:00:00.000Z',
    ]);
    const whole = dayInterval('2027-03-14', '00:00', '24:00', zone);
    expect(iso(whole)).toEqual(['2027-03-14T05:00:00.000Z', '2027-03-15T04:00:00.000Z']);
    expect(whole.end.getTime() - whole.start.getTime()).toBe(23 * 3600_000);
    // 2027-11-07: clocks go back, a 25-hour day
    const autumn = dayInterval('2027-11-07', '00:00', '24:00', zone);
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3600_000);
    expect(iso(dayInterval('2027-11-07', '08:00', '12:00', zone))).toEqual([
      '2027-11-07T13:00:00.000Z',
      '2027-11-07T17:00:00.000Z',
    ]);
  });

  it('keeps wall-clock hours across the DST changes in Europe/Zurich', () => {
    const zone = 'Europe/Zurich';
    expect(iso(dayInterval('2027-03-27', '06:00', '10:30', zone))).toEqual([
      '2027-03-27T05:00:00.000Z',
      '2027-03-27T09:30:00.000Z',
    ]);
    expect(iso(dayInterval('2027-03-28', '06:00', '10:30', zone))).toEqual([
      '2027-03-28T04:00:00.000Z',
      '2027-03-28T08:30:00.000Z',
    ]);
    expect(iso(dayInterval('2027-10-31', '06:00', '24:00', zone))).toEqual([
      '2027-10-31T05:00:00.000Z',
      '2027-10-31T23:00:00.000Z',
    ]);
    // a start inside the skipped hour (02:00-03:00) moves forward
    expect(dayInterval('2027-03-28', '02:30', '04:00', zone).start.toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    );
  });

  it('a weekly rule gives the same local hours before and after the change; dates are read in the CMO zone', () => {
    const weekly = rule({ frequency: 'Weekly', repeatOn: ['Su'], validFrom: '2027-03-01' });
    const windows = occurrenceDates(weekly, '2027-03-01', '2027-03-22').map((d) =>
      iso(dayInterval(d, '09:00', '17:00', 'America/New_York')),
    );
    expect(windows).toEqual([
      ['2027-03-07T14:00:00.000Z', '2027-03-07T22:00:00.000Z'],
      ['2027-03-14T13:00:00.000Z', '2027-03-14T21:00:00.000Z'],
      ['2027-03-21T13:00:00.000Z', '2027-03-21T21:00:00.000Z'],
    ]);
    // 23:30 in New York is already the next day in Zurich
    const instant = new Date('2027-03-22T03:30:00.000Z');
    expect(localDate(instant, 'America/New_York')).toBe('2027-03-21');
    expect(localDate(instant, 'Europe/Zurich')).toBe('2027-03-22');
  });
});
