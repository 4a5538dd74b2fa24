import {
  type Availability,
  type AvailabilityFrequency,
  type MonthlyOrdinal,
  ordinalLabels,
  weekdayNames,
} from '@dosechain/contract';

/** What one step of `repeat.every` counts for each frequency. */
const periodOf: Record<AvailabilityFrequency, string> = {
  Daily: 'day',
  Weekday: 'week',
  Weekly: 'week',
  Monthly: 'month',
};

const isOrdinalRule = (on: Availability['repeat']['on']): on is MonthlyOrdinal =>
  on !== null && !Array.isArray(on) && typeof on === 'object';

/**
 * How an availability repeats, in a line: "Daily", "Weekday every 2 weeks",
 * "Weekly every 2 weeks on Mo, We", "Monthly on 1, 15", "Monthly every 3 months on the 2nd Tuesday, Thursday".
 */
export function frequencySummary(frequency: AvailabilityFrequency, repeat: Availability['repeat']): string {
  const period = periodOf[frequency];
  const parts: string[] = [frequency];
  if (repeat.every > 1) parts.push(`every ${repeat.every} ${period}s`);
  const on = repeat.on;
  if (frequency === 'Weekly' && Array.isArray(on) && on.length > 0) parts.push(`on ${on.join(', ')}`);
  if (frequency === 'Monthly') {
    if (Array.isArray(on) && on.length > 0) parts.push(`on ${on.join(', ')}`);
    else if (isOrdinalRule(on)) {
      // Written out: "on the 2nd Wednesday", not "on the 2nd We".
      const days = on.on.map((code) => weekdayNames[code]).join(', ');
      parts.push(`on the ${ordinalLabels[on.every - 1] ?? `${on.every}th`} ${days}`);
    }
  }
  return parts.join(' ');
}
