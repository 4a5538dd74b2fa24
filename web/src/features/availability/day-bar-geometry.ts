import { endTimeOfDayField, minutesOfDay } from '@dosechain/contract';

/** The day bar spans 24 hours, 0 to 24 (spec section 9). */
export const DAY_HOURS = 24;
const DAY_MINUTES = DAY_HOURS * 60;

/** Minutes after midnight of an `HH:mm` time (`24:00` is the end of the day); undefined when unreadable. */
function readTime(time: string): number | undefined {
  return endTimeOfDayField.safeParse(time).success ? minutesOfDay(time) : undefined;
}

/** A stretch of the bar, as percentages of its width. */
export interface BarSegment {
  left: number;
  width: number;
}

const pct = (minutes: number) => (minutes / DAY_MINUTES) * 100;

/**
 * Where a daily window sits on the bar. A window must end after it starts (the contract has no
 * windows past midnight), so an empty, reversed or unreadable one draws nothing.
 */
export function windowSegments(start: string, end: string): BarSegment[] {
  const from = readTime(start);
  const to = readTime(end);
  if (from === undefined || to === undefined || to <= from) return [];
  return [{ left: pct(from), width: pct(to - from) }];
}

/** The hour marks under the bar: every `step` hours from 0 to 24, with their position. */
export function hourTicks(step = 3): { hour: number; left: number }[] {
  const ticks: { hour: number; left: number }[] = [];
  for (let hour = 0; hour <= DAY_HOURS; hour += step) ticks.push({ hour, left: pct(hour * 60) });
  return ticks;
}

/** `HH:00` of an hour 0–24. */
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
