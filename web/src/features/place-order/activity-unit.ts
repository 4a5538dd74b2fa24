import {
  type ActivityUnit,
  type AvailableDay,
  activityUnitSymbol,
  insideIntervals,
} from '@dosechain/contract';
import { DateTime } from 'luxon';
import { hourInstants } from './calendar-days.ts';

/**
 * The unit of the requested activity: the one of the availability behind the picked calibration
 * time, or, before an hour is picked, behind the picked day (on the imaging center's clock) when
 * all of that day's availabilities agree. Undefined until then: the server takes the unit from
 * the availability the dose comes from, whatever the form showed.
 */
export function activityUnitFor(
  days: readonly AvailableDay[],
  picked: { calibration?: string | null; day?: string | null; zone?: string },
): ActivityUnit | undefined {
  if (picked.calibration) {
    const behind = days.find((d) => insideIntervals(picked.calibration!, d.intervals));
    if (behind) return behind.activityUnit;
  }
  if (!picked.day || !picked.zone) return undefined;
  const never = DateTime.fromMillis(0);
  const units = new Set(
    days
      .filter((d) => hourInstants(d.intervals, picked.zone!, never).some((t) => t.toISODate() === picked.day))
      .map((d) => d.activityUnit),
  );
  return units.size === 1 ? [...units][0] : undefined;
}

/** The unit as the field shows it next to the number. */
export const unitLabel = (unit: ActivityUnit | undefined): string => (unit ? activityUnitSymbol(unit) : '');
