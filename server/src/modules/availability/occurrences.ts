import { occursOn as occursOnRule, type Recurrence } from '@dosechain/contract/occurrences';
import { DateTime } from 'luxon';

// The manufacture days are chosen in the contract (the web app's exceptions calendar uses the
// same rule); the windows of those days are placed here.
export { alignedStart, occurrenceDates, type Recurrence } from '@dosechain/contract/occurrences';

/**
 * Answers of a pure function of a few strings, kept for the next placement of the same day: the
 * recurrence and zone arithmetic was 5 % of a placement's time in the server (issue 34's
 * profile). Emptied when full, so it never grows past `limit` entries.
 */
function remembered<T>(limit: number, compute: (...parts: string[]) => T): (...parts: string[]) => T {
  const answers = new Map<string, T>();
  return (...parts) => {
    const key = parts.join('\u0000');
    const known = answers.get(key);
    if (known !== undefined) return known;
    const answer = compute(...parts);
    if (answers.size >= limit) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}

const occursOnKept = remembered(10_000, (rule, date) => occursOnRule(JSON.parse(rule!) as Recurrence, date!));

/** Whether `date` is a manufacture day of the recurrence (the contract's rule, remembered). */
export function occursOn(rec: Recurrence, date: string): boolean {
  const { validFrom, validUntil, frequency, repeatEvery, repeatOn } = rec;
  // Its fields only, in this order: the same rule is the same key.
  const rule = JSON.stringify({ validFrom, validUntil, frequency, repeatEvery, repeatOn });
  return occursOnKept(rule, date);
}

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
  const { start, end } = intervalKept(date, startTime, endTime, zone);
  // Fresh Dates: a caller may change the ones it gets.
  return { start: new Date(start), end: new Date(end) };
}

const intervalKept = remembered(10_000, (date, startTime, endTime, zone) => {
  const at = (time: string) =>
    time === '24:00'
      ? DateTime.fromISO(date!, { zone: zone! }).plus({ days: 1 }).startOf('day')
      : DateTime.fromISO(`${date}T${time}`, { zone: zone! });
  return { start: at(startTime!).toMillis(), end: at(endTime!).toMillis() };
});

/** The manufacture date (in the CMO's zone) an instant falls on. */
export function localDate(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() as string;
}
