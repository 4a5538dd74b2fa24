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
  /** Doses left on the manufacture day(s) offered on this date. */
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

/**
 * Labels of one calendar day's hours: `HH:mm`, with the date for an hour that falls on another
 * date of the center's clock, and the offset for an hour the clock shows twice (autumn).
 */
function labelled(date: string, hours: DateTime[]): HourOption[] {
  const clocks = hours.map(
    (t) => (t.toISODate() === date ? '' : `${t.toFormat('LLL d')}, `) + t.toFormat('HH:mm'),
  );
  return hours.map((t, i) => {
    const clock = clocks[i] ?? '';
    const twice = clocks.indexOf(clock) !== clocks.lastIndexOf(clock);
    return { value: t.toUTC().toISO() ?? '', label: twice ? `${clock} (UTC${t.toFormat('ZZ')})` : clock };
  });
}

/**
 * The date of the center's clock a manufacture day is offered on: the one most of its hours fall
 * on; on a tie the manufacture date itself when it is one of them, else the earliest.
 */
function offeredOn(manufactureDate: string, hours: DateTime[]): string {
  const counts = new Map<string, number>();
  for (const t of hours) {
    const date = t.toISODate() ?? '';
    counts.set(date, (counts.get(date) ?? 0) + 1);
  }
  const most = Math.max(...counts.values());
  const candidates = [...counts.keys()].filter((date) => counts.get(date) === most).sort();
  return candidates.includes(manufactureDate) ? manufactureDate : (candidates[0] ?? manufactureDate);
}

/**
 * The search answer (manufacture days in the CMO's zone, windows as UTC instants) as days of the
 * imaging center's calendar. Each manufacture day is offered on one date of the center's clock,
 * the date most of its hours (inside a window, after `now`) fall on, so one run's doses never
 * show on two days when the zones are apart (a Boston day from midnight starts at 23:00 the
 * evening before in Chicago): its few hours on the neighbouring date are listed with that date.
 * A date's doses are the sum of the manufacture days offered on it. Days left without an hour
 * (e.g. today after the window) are not open.
 */
export function calendarDays(
  days: readonly AvailableDay[],
  zone: string,
  now: DateTime = DateTime.now(),
): Map<string, CalendarDay> {
  const byDate = new Map<string, { remaining: number; hours: Map<number, DateTime> }>();
  for (const day of days) {
    if (day.remaining <= 0) continue;
    const hours = hourInstants(day.intervals, zone, now);
    if (hours.length === 0) continue;
    const date = offeredOn(day.date, hours);
    const entry = byDate.get(date) ?? { remaining: 0, hours: new Map<number, DateTime>() };
    entry.remaining += day.remaining;
    for (const t of hours) entry.hours.set(t.toMillis(), t);
    byDate.set(date, entry);
  }
  return new Map(
    [...byDate.entries()].map(([date, { remaining, hours }]) => {
      const sorted = [...hours.values()].sort((a, b) => a.toMillis() - b.toMillis());
      return [date, { date, remaining, hours: labelled(date, sorted) }];
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
