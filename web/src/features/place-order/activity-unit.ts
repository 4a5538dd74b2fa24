import {
  type ActivityUnit,
  type AvailableDay,
  activityUnitSymbol,
  drugMaximumText,
  exceedsDrugMaximum,
  insideIntervals,
  messages,
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

/**
 * The drug's maximum for the requested activity, in the order's unit: what the field says under
 * it (`max 15 mCi (555 MBq)`) and, when the typed value is above it, the refusal the server would
 * give after signing. Every day of a search is of one drug, so any day's maximum is the drug's.
 */
export function activityLimitFor(
  days: readonly AvailableDay[],
  unit: ActivityUnit | undefined,
  requested: number | null | undefined,
): { help?: string; refusal?: string } {
  const maxMbq = days[0]?.maxActivityMbq ?? null;
  if (!unit || maxMbq === null) return {};
  const max = drugMaximumText(maxMbq, unit);
  const above =
    typeof requested === 'number' &&
    Number.isFinite(requested) &&
    exceedsDrugMaximum(requested, unit, maxMbq);
  return { help: `max ${max}`, ...(above ? { refusal: messages.activityAboveDrugMaximum(max) } : {}) };
}
