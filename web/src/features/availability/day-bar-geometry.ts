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
 * Where a daily window sits on the bar. A window ending before it starts runs past midnight
 * and is drawn as two pieces; an empty or unreadable window draws nothing.
 */
export function windowSegments(start: string, end: string): BarSegment[] {
  const from = readTime(start);
  const to = readTime(end);
  if (from === undefined || to === undefined || from === to) return [];
  if (from < to) return [{ left: pct(from), width: pct(to - from) }];
  const pieces: BarSegment[] = [];
  if (to > 0) pieces.push({ left: 0, width: pct(to) });
  if (from < DAY_MINUTES) pieces.push({ left: pct(from), width: pct(DAY_MINUTES - from) });
  return pieces;
}

/** The hour marks under the bar: every `step` hours from 0 to 24, with their position. */
export function hourTicks(step = 3): { hour: number; left: number }[] {
  const ticks: { hour: number; left: number }[] = [];
  for (let hour = 0; hour <= DAY_HOURS; hour += step) ticks.push({ hour, left: pct(hour * 60) });
  return ticks;
}

/** `HH:00` of an hour 0–24. */
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
