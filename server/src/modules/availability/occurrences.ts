import { DateTime } from 'luxon';

// The manufacture days are chosen in the contract (the web app's exceptions calendar uses the
// same rule); the windows of those days are placed here.
export { alignedStart, occurrenceDates, occursOn, type Recurrence } from '@dosechain/contract/occurrences';

/** A manufacture day's window as instants: start <= t < end. */
export interface DayInterval {
  start: Date;
  end: Date;
}

/**
 * The window [startTime, endTime) of a date on the wall clock of `zone`, as instants; `24:00`
 * is the next midnight. Across a DST change the window keeps its wall-clock times (a day may
 * then be 23 or 25 hours long); a time that does not exist that day moves forward.
 */
export function dayInterval(date: string, startTime: string, endTime: string, zone: string): DayInterval {
  const at = (time: string) =>
    time === '24:00'
      ? DateTime.fromISO(date, { zone }).plus({ days: 1 }).startOf('day')
      : DateTime.fromISO(`${date}T${time}`, { zone });
  return { start: at(startTime).toJSDate(), end: at(endTime).toJSDate() };
}

/** The manufacture date (in the CMO's zone) an instant falls on. */
export function localDate(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() as string;
}
