import type { AvailableDay } from '@dosechain/contract';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { calendarDays, hasOpenDayIn } from './calendar-days.ts';

const longAgo = DateTime.fromISO('2000-01-01T00:00:00Z');
const day = (date: string, intervals: AvailableDay['intervals'], remaining = 3): AvailableDay => ({
  date,
  remaining,
  activityUnit: 'mCi',
  maxActivityMbq: null,
  intervals,
});
const labels = (days: Map<string, { hours: { label: string }[] }>, date: string) =>
  days.get(date)?.hours.map((h) => h.label);

describe('calendarDays', () => {
  it("offers the whole hours inside the windows on the imaging center's clock, end excluded", () => {
    // 14:00–18:30 UTC is 08:00–12:30 in Chicago (CST, UTC-6).
    const days = calendarDays(
      [day('2026-12-02', [{ start: '2026-12-02T14:00:00.000Z', end: '2026-12-02T18:30:00.000Z' }])],
      'America/Chicago',
      longAgo,
    );
    expect(labels(days, '2026-12-02')).toEqual(['08:00', '09:00', '10:00', '11:00', '12:00']);
    expect(days.get('2026-12-02')?.hours[0]?.value).toBe('2026-12-02T14:00:00.000Z');
    expect(days.get('2026-12-02')?.remaining).toBe(3);
  });

  it('starts at the first whole hour of a window that begins mid-hour, and merges windows', () => {
    const days = calendarDays(
      [
        day('2026-12-02', [
          { start: '2026-12-02T15:00:00.000Z', end: '2026-12-02T17:00:00.000Z' },
          { start: '2026-12-02T13:30:00.000Z', end: '2026-12-02T16:00:00.000Z' },
        ]),
      ],
      'UTC',
      longAgo,
    );
    expect(labels(days, '2026-12-02')).toEqual(['14:00', '15:00', '16:00']);
  });

  it('offers none already gone today, and closes a day whose hours are all gone', () => {
    const now = DateTime.fromISO('2026-12-02T10:05:00', { zone: 'America/Chicago' });
    const days = calendarDays(
      [
        day('2026-12-01', [{ start: '2026-12-01T14:00:00.000Z', end: '2026-12-01T20:00:00.000Z' }]),
        day('2026-12-02', [{ start: '2026-12-02T14:00:00.000Z', end: '2026-12-02T20:00:00.000Z' }]),
      ],
      'America/Chicago',
      now,
    );
    expect(labels(days, '2026-12-02')).toEqual(['11:00', '12:00', '13:00']);
    expect(days.has('2026-12-01')).toBe(false);
  });

  it('leaves out a day without doses', () => {
    const days = calendarDays(
      [day('2026-12-02', [{ start: '2026-12-02T14:00:00.000Z', end: '2026-12-02T16:00:00.000Z' }], 0)],
      'UTC',
      longAgo,
    );
    expect(days.size).toBe(0);
  });

  it('skips the missing spring-forward hour (Europe/Zurich, 29 March 2026)', () => {
    // 00:00–05:00 local: the clock jumps from 02:00 CET to 03:00 CEST.
    const days = calendarDays(
      [day('2026-03-29', [{ start: '2026-03-28T23:00:00.000Z', end: '2026-03-29T03:00:00.000Z' }])],
      'Europe/Zurich',
      longAgo,
    );
    expect(labels(days, '2026-03-29')).toEqual(['00:00', '01:00', '03:00', '04:00']);
  });

  it('offers the repeated autumn hour twice, told apart by its offset (America/New_York, 1 November 2026)', () => {
    const days = calendarDays(
      [day('2026-11-01', [{ start: '2026-11-01T04:00:00.000Z', end: '2026-11-01T08:00:00.000Z' }])],
      'America/New_York',
      longAgo,
    );
    expect(labels(days, '2026-11-01')).toEqual(['00:00', '01:00 (UTC-04:00)', '01:00 (UTC-05:00)', '02:00']);
    expect(new Set(days.get('2026-11-01')?.hours.map((h) => h.value)).size).toBe(4);
  });

  it('offers a manufacture day on the one date most of its hours fall on (Zurich CMO, Los Angeles center)', () => {
    // Zurich's manufacture day 2 December, 06:00–10:00 CET, is 1 December 21:00 to 2 December 01:00 in Los Angeles.
    const days = calendarDays(
      [day('2026-12-02', [{ start: '2026-12-02T05:00:00.000Z', end: '2026-12-02T09:00:00.000Z' }], 4)],
      'America/Los_Angeles',
      longAgo,
    );
    expect(labels(days, '2026-12-01')).toEqual(['21:00', '22:00', '23:00', 'Dec 2, 00:00']);
    expect(days.get('2026-12-01')?.hours.at(-1)?.value).toBe('2026-12-02T08:00:00.000Z');
    expect(days.get('2026-12-01')?.remaining).toBe(4);
    expect(days.has('2026-12-02')).toBe(false);
  });

  it("shows one run's doses on one day: a Boston day from midnight at a Chicago center", () => {
    // Boston 15 December 00:00–24:00 (EST) is 14 December 23:00 to 15 December 23:00 in Chicago.
    const days = calendarDays(
      [day('2026-12-15', [{ start: '2026-12-15T05:00:00.000Z', end: '2026-12-16T05:00:00.000Z' }], 9)],
      'America/Chicago',
      longAgo,
    );
    expect([...days.keys()]).toEqual(['2026-12-15']);
    expect(days.get('2026-12-15')?.remaining).toBe(9);
    const hours = labels(days, '2026-12-15') ?? [];
    expect(hours).toHaveLength(24);
    expect(hours.slice(0, 3)).toEqual(['Dec 14, 23:00', '00:00', '01:00']);
    expect(hours.at(-1)).toBe('22:00');
  });

  it('adds up the manufacture days offered on one date, each hour once', () => {
    // Two Boston runs from midnight, 14 and 15 December: each is offered on its own Chicago date.
    const days = calendarDays(
      [
        day('2026-12-14', [{ start: '2026-12-14T05:00:00.000Z', end: '2026-12-15T05:00:00.000Z' }], 2),
        day('2026-12-15', [{ start: '2026-12-15T05:00:00.000Z', end: '2026-12-16T05:00:00.000Z' }], 9),
        // A second availability of the 15th, 08:00–10:00 Boston time.
        day('2026-12-15', [{ start: '2026-12-15T13:00:00.000Z', end: '2026-12-15T15:00:00.000Z' }], 1),
      ],
      'America/Chicago',
      longAgo,
    );
    expect(days.get('2026-12-14')?.remaining).toBe(2);
    expect(days.get('2026-12-15')?.remaining).toBe(10);
    expect(labels(days, '2026-12-14')).toContain('Dec 13, 23:00');
    expect(labels(days, '2026-12-14')).not.toContain('23:00');
    expect(labels(days, '2026-12-15')).toHaveLength(24);
  });

  it('offers a tie on the manufacture date itself', () => {
    // Zurich 2 December 08:00–10:00 CET offers 1 December 23:00 and 2 December 00:00 in Los Angeles.
    const days = calendarDays(
      [day('2026-12-02', [{ start: '2026-12-02T07:00:00.000Z', end: '2026-12-02T09:00:00.000Z' }])],
      'America/Los_Angeles',
      longAgo,
    );
    expect([...days.keys()]).toEqual(['2026-12-02']);
    expect(labels(days, '2026-12-02')).toEqual(['Dec 1, 23:00', '00:00']);
  });
});

describe('hasOpenDayIn', () => {
  const november = DateTime.fromISO('2026-11-01T00:00:00', { zone: 'America/Chicago' });
  it("says the month has none when the only open day is the next month's first", () => {
    // The search window of November reaches December 1st.
    const days = calendarDays(
      [day('2026-12-01', [{ start: '2026-12-01T14:00:00.000Z', end: '2026-12-01T16:00:00.000Z' }])],
      'America/Chicago',
      longAgo,
    );
    expect([...days.keys()]).toEqual(['2026-12-01']);
    expect(hasOpenDayIn(days, november)).toBe(false);
    expect(hasOpenDayIn(days, november.plus({ months: 1 }))).toBe(true);
  });

  it('finds an open day of the month', () => {
    const days = calendarDays(
      [day('2026-11-30', [{ start: '2026-11-30T14:00:00.000Z', end: '2026-11-30T16:00:00.000Z' }])],
      'America/Chicago',
      longAgo,
    );
    expect(hasOpenDayIn(days, november)).toBe(true);
  });
});
