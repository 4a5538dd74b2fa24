import { describe, expect, it } from 'vitest';
import { activityAt, convertActivity, decayFraction, formatActivity, secondsBetween } from './decay.ts';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** Issue 21's half-lives, and the percentage left after 2 h and after 24 h (computed apart). */
const nuclides: [name: string, halfLifeSeconds: number, after2h: number, after24h: number][] = [
  ['F-18', 109.77 * MINUTE, 46.87, 0.01125],
  ['Ga-68', 67.71 * MINUTE, 29.27, 3.962e-5],
  ['Tc-99m', 6.0058 * HOUR, 79.39, 6.267],
  ['Cu-64', 12.701 * HOUR, 89.66, 26.99],
  ['Zr-89', 78.41 * HOUR, 98.25, 80.88],
  ['Lu-177', 6.6443 * DAY, 99.13, 90.09],
  ['C-11', 20.385 * MINUTE, 1.69, 5.435e-20],
  ['N-13', 9.965 * MINUTE, 0.02371, 3.158e-42],
  ['I-131', 8.0252 * DAY, 99.28, 91.73],
  ['Y-90', 64.053 * HOUR, 97.86, 77.13],
  ['Ac-225', 9.92 * DAY, 99.42, 93.25],
];

/** Equal to four significant digits. */
function toFourDigits(value: number): number {
  return Number(value.toPrecision(4));
}

describe('decayFraction', () => {
  it.each(nuclides)(
    '%s: half left after one half-life, the tabled share after 2 h and 24 h',
    (_n, t, h2, h24) => {
      expect(decayFraction(t, t)).toBeCloseTo(0.5, 12);
      expect(toFourDigits(100 * decayFraction(2 * HOUR, t))).toBe(h2);
      expect(toFourDigits(100 * decayFraction(24 * HOUR, t))).toBe(h24);
    },
  );

  it('is 1 at the reference time and above 1 before it', () => {
    expect(decayFraction(0, 6586.2)).toBe(1);
    expect(decayFraction(-6586.2, 6586.2)).toBeCloseTo(2, 12);
  });

  it('is NaN for a half-life that is not a positive number, or an unknown time', () => {
    expect(decayFraction(60, 0)).toBeNaN();
    expect(decayFraction(60, -5)).toBeNaN();
    expect(decayFraction(60, Number.POSITIVE_INFINITY)).toBeNaN();
    expect(decayFraction(Number.NaN, 60)).toBeNaN();
  });
});

describe('activityAt', () => {
  const fdg = {
    activity: 10,
    unit: 'mCi' as const,
    calibratedAt: '2026-11-26T07:00:00-06:00',
    halfLifeSeconds: 109.77 * MINUTE,
  };

  it('subtracts instants, whatever zone each is written in', () => {
    // 07:00 CST is 08:00 EST and 13:00 UTC: the same instant, nothing decayed.
    expect(activityAt(fdg, '2026-11-26T08:00:00-05:00')).toBeCloseTo(10, 12);
    expect(activityAt(fdg, '2026-11-26T13:00:00Z')).toBeCloseTo(10, 12);
    // Two hours later on a New York clock.
    expect(toFourDigits(activityAt(fdg, '2026-11-26T10:00:00-05:00'))).toBe(4.687);
  });

  it('reads a wall-clock time on the zone given', () => {
    expect(toFourDigits(activityAt(fdg, '2026-11-26T09:00', { zone: 'America/Chicago' }))).toBe(4.687);
    expect(toFourDigits(activityAt(fdg, '2026-11-26T10:00', { zone: 'America/New_York' }))).toBe(4.687);
  });

  it('counts the real hours across a daylight-saving change', () => {
    // 2026-11-01 02:00 CDT → 01:00 CST in Chicago: 00:30 to 03:30 local is four real hours.
    const tc = {
      activity: 100,
      unit: 'mCi' as const,
      calibratedAt: '2026-11-01T00:30',
      halfLifeSeconds: 4 * HOUR,
    };
    expect(secondsBetween(tc.calibratedAt, '2026-11-01T03:30', 'America/Chicago')).toBe(4 * HOUR);
    expect(activityAt(tc, '2026-11-01T03:30', { zone: 'America/Chicago' })).toBeCloseTo(50, 10);
  });

  it('answers in another unit on request, and NaN for an unreadable time', () => {
    expect(activityAt(fdg, '2026-11-26T07:00:00-06:00', { unit: 'mBq' })).toBeCloseTo(370, 10);
    expect(activityAt(fdg, 'yesterday')).toBeNaN();
  });
});

describe('convertActivity and formatActivity', () => {
  it('1 mCi is 37 MBq exactly, both ways', () => {
    expect(convertActivity(1, 'mCi', 'mBq')).toBe(37);
    expect(convertActivity(370, 'mBq', 'mCi')).toBe(10);
    expect(convertActivity(5.5, 'mCi', 'mCi')).toBe(5.5);
  });

  it('writes three significant digits with the unit symbol, no exponent', () => {
    expect(formatActivity(9.12345, 'mCi')).toBe('9.12 mCi');
    expect(formatActivity(337.4, 'mBq')).toBe('337 MBq');
    expect(formatActivity(1234.5, 'mBq')).toBe('1,230 MBq');
    expect(formatActivity(0.041234, 'mCi')).toBe('0.0412 mCi');
    expect(formatActivity(Number.NaN, 'mCi')).toBe('');
  });
});
