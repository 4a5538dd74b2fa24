import type { AvailableDay, Interval } from '@dosechain/contract';
import { DateTime } from 'luxon';

/** An hour the time picker offers: the instant and how the imaging center's clock shows it. */
export interface HourOption {
  /** The UTC instant sent as the calibration date-time. */
  value: string;
  /** `HH:mm` on the imaging center's clock; the repeated autumn hour also shows its UTC offset. */
  label: string;
}

/** A day of the imaging center's calendar that can be ordered on. */
export interface CalendarDay {
  /** `YYYY-MM-DD` on the imaging center's clock. */
  date: string;
  /** Doses left on the manufacture day(s) behind its hours (the most of them). */
  remaining: number;
  hours: HourOption[];
}

/**
 * The whole hours of a zone's clock inside the intervals (start <= time < end), after `now`.
 * Hours are stepped in real time, so a daylight-saving day has 23 or 25 of them.
 */
export function hourInstants(intervals: readonly Interval[], zone: string, now: DateTime): DateTime[] {
  const instants = new Map<number, DateTime>();
  for (const interval of intervals) {
    const start = DateTime.fromISO(interval.start, { zone });
    const end = DateTime.fromISO(interval.end, { zone });
    if (!start.isValid || !end.isValid) continue;
    // The first whole hour at or after the start, on the zone's clock.
    let t = start.startOf('hour');
    if (t < start) t = t.plus({ hours: 1 });
    for (; t < end; t = t.plus({ hours: 1 })) {
      if (t.minute === 0 && t > now) instants.set(t.toMillis(), t);
    }
  }
  return [...instants.values()].sort((a, b) => a.toMillis() - b.toMillis());
}

/** Labels of one day's hours; an hour the clock shows twice (autumn) carries its offset. */
function labelled(hours: DateTime[]): HourOption[] {
  const clocks = hours.map((t) => t.toFormat('HH:mm'));
  return hours.map((t, i) => {
    const clock = clocks[i] ?? '';
    const twice = clocks.indexOf(clock) !== clocks.lastIndexOf(clock);
    return { value: t.toUTC().toISO() ?? '', label: twice ? `${clock} (UTC${t.toFormat('ZZ')})` : clock };
  });
}

/**
 * The search answer (manufacture days in the CMO's zone, windows as UTC instants) as days of the
 * imaging center's calendar: each hour inside a window, not after `now`, falls on the center's
 * own date. Days left without an hour (e.g. today after the window) are not open.
 */
export function calendarDays(
  days: readonly AvailableDay[],
  zone: string,
  now: DateTime = DateTime.now(),
): Map<string, CalendarDay> {
  const byDate = new Map<string, { remaining: number; hours: DateTime[] }>();
  for (const day of days) {
    if (day.remaining <= 0) continue;
    for (const t of hourInstants(day.intervals, zone, now)) {
      const date = t.toISODate() ?? '';
      const entry = byDate.get(date) ?? { remaining: 0, hours: [] };
      entry.remaining = Math.max(entry.remaining, day.remaining);
      entry.hours.push(t);
      byDate.set(date, entry);
    }
  }
  return new Map(
    [...byDate.entries()].map(([date, { remaining, hours }]) => {
      const sorted = hours.sort((a, b) => a.toMillis() - b.toMillis());
      return [date, { date, remaining, hours: labelled(sorted) }];
    }),
  );
}

/**
 * Whether the displayed month has a day to order on. The search asks for a day more on each side
 * of the month (manufacture days and the center's clock may differ by a date), so its answer can
 * hold only a neighbouring month's first or last day: this month then has none.
 */
export function hasOpenDayIn(openDays: ReadonlyMap<string, CalendarDay>, month: DateTime): boolean {
  const prefix = `${month.toFormat('yyyy-MM')}-`;
  return [...openDays.keys()].some((date) => date.startsWith(prefix));
}
