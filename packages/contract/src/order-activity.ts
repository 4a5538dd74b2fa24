import { z } from 'zod';
import { type ActivityUnit, activityUnits } from './availability.ts';
import { activityAt, convertActivity, formatActivity } from './decay.ts';
import { messages } from './messages.ts';
import type { HalfLifeUnit } from './radionuclides.ts';

/**
 * An order's requested activity at calibration, and a drug's maximum and warning threshold
 * (issue 21, docs/decisions/025-order-activity.md). A requested activity is in the unit of the
 * availability the order's dose comes from; a drug's maximum is stored in MBq.
 */

/** The largest activity one order or drug maximum may name, in its unit. */
export const ACTIVITY_MAX = 1_000_000;
/** Its most decimal places (numeric(14, 4): stored exactly as given). */
export const ACTIVITY_DECIMALS = 4;
/** The warning threshold when a drug sets none: warn below half the requested activity. */
export const DEFAULT_ACTIVITY_WARNING_PERCENT = 50;

const decimalsOk = (v: number) => new RegExp(`^\\d+(\\.\\d{1,${ACTIVITY_DECIMALS}})?$`).test(String(v));

/** An activity's number: positive, at most `ACTIVITY_MAX`, at most `ACTIVITY_DECIMALS` decimals. */
export const activityField = z
  .number({ error: messages.required })
  .positive(messages.greaterThanZero)
  .max(ACTIVITY_MAX, messages.maxValue(ACTIVITY_MAX))
  .refine(decimalsOk, messages.maxDecimals(ACTIVITY_DECIMALS));

/** A drug's warning threshold: whole percent, 1..100. */
export const activityWarningPercentField = z
  .number({ error: messages.required })
  .int(messages.wholeNumber)
  .min(1, messages.minValue(1))
  .max(100, messages.maxValue(100));

export const activityUnitSchema = z.enum(activityUnits);

/** How many seconds one unit of a half-life lasts. */
const secondsPerHalfLifeUnit: Record<HalfLifeUnit, number> = { min: 60, h: 3600, d: 86_400 };

/** A half-life in seconds: 109.77 min → 6586.2. */
export const halfLifeInSeconds = (value: number, unit: HalfLifeUnit): number =>
  value * secondsPerHalfLifeUnit[unit];

/** The other unit: mCi ↔ MBq. */
export const otherActivityUnit = (unit: ActivityUnit): ActivityUnit => (unit === 'mCi' ? 'mBq' : 'mCi');

/** `10 mCi` and, with `both`, `10 mCi (370 MBq)`. */
export function formatActivityBoth(value: number, unit: ActivityUnit, both: boolean): string {
  const main = formatActivity(value, unit);
  if (!both) return main;
  const other = otherActivityUnit(unit);
  return `${main} (${formatActivity(convertActivity(value, unit, other), other)})`;
}

/** The unit as written: `MBq` for the availability's `mBq` (megabecquerel, see decay.ts). */
export const activityUnitSymbol = (unit: ActivityUnit): string => (unit === 'mBq' ? 'MBq' : unit);

/**
 * A requested activity as entered (exact, up to its four decimals), then the other unit:
 * `12.345 mCi (457 MBq)`. What order detail, grids, mails and exports write.
 */
export function formatRequestedActivity(value: number, unit: ActivityUnit): string {
  const exact = value.toLocaleString('en-US', { maximumFractionDigits: ACTIVITY_DECIMALS });
  const other = otherActivityUnit(unit);
  return `${exact} ${activityUnitSymbol(unit)} (${formatActivity(convertActivity(value, unit, other), other)})`;
}

/**
 * A drug's maximum (stored in MBq) in the unit an order is placed in, then in MBq:
 * `15 mCi (555 MBq)`, or `555 MBq`. What the refusal and the Place order field say.
 */
export function drugMaximumText(maxMbq: number, unit: ActivityUnit): string {
  if (unit === 'mBq') return `${maxMbq} MBq`;
  return `${Number(convertActivity(maxMbq, 'mBq', unit).toFixed(ACTIVITY_DECIMALS))} mCi (${maxMbq} MBq)`;
}

/** Whether an activity exceeds a drug's maximum (stored in MBq), compared in MBq. */
export function exceedsDrugMaximum(value: number, unit: ActivityUnit, maxMbq: number | null): boolean {
  if (maxMbq === null) return false;
  // A conversion's rounding (×37) never refuses an activity equal to the maximum.
  return convertActivity(value, unit, 'mBq') > maxMbq * (1 + 1e-12);
}

/** What the decay shown on an order needs of it. */
export interface OrderActivity {
  requestedActivity: number | null;
  activityUnit: ActivityUnit | null;
  calibrationDatetime: string;
  drug: { halfLifeSeconds?: number | null; activityWarningPercent?: number | null };
}

/** The activity left at an instant, the share of the requested one, and whether to warn. */
export interface DecayedActivity {
  value: number;
  unit: ActivityUnit;
  /** Left of the requested activity, in percent. */
  percent: number;
  thresholdPercent: number;
  /** Less is left than the drug's threshold of the requested activity. */
  belowThreshold: boolean;
}

/**
 * The order's activity at instant `at` (ISO with offset, or wall clock on `zone`); null when the
 * order names no activity, its drug no radionuclide, or the time cannot be read.
 */
export function orderActivityAt(order: OrderActivity, at: string, zone = 'UTC'): DecayedActivity | null {
  const { requestedActivity, activityUnit } = order;
  const halfLifeSeconds = order.drug.halfLifeSeconds ?? null;
  if (requestedActivity === null || activityUnit === null || halfLifeSeconds === null || !at) return null;
  const value = activityAt(
    {
      activity: requestedActivity,
      unit: activityUnit,
      calibratedAt: order.calibrationDatetime,
      halfLifeSeconds,
    },
    at,
    { zone },
  );
  if (!Number.isFinite(value)) return null;
  const percent = (value / requestedActivity) * 100;
  const thresholdPercent = order.drug.activityWarningPercent ?? DEFAULT_ACTIVITY_WARNING_PERCENT;
  return { value, unit: activityUnit, percent, thresholdPercent, belowThreshold: percent < thresholdPercent };
}

/**
 * Beyond this many times the requested activity a decayed figure is not written: it only comes
 * from a time far before the calibration (a mistyped date), and its digits mean nothing.
 */
export const ACTIVITY_SHOWN_MAX_FACTOR = 10;

/** Whether a decayed activity is beyond what the screens write as a figure. */
export const beyondShownActivity = (decayed: Pick<DecayedActivity, 'percent'>): boolean =>
  decayed.percent > ACTIVITY_SHOWN_MAX_FACTOR * 100;

/** A share in whole percent; one that rounds to none but is some reads `< 1%`. */
export const percentText = (percent: number): string =>
  percent > 0 && percent < 0.5 ? '< 1%' : `${Math.round(percent).toLocaleString('en-US')}%`;

/**
 * A decayed activity as every screen writes it: `4.12 mCi · 41% of requested` (with `both`,
 * `4.12 mCi (152 MBq) · …`), or `more than 10× the requested activity` beyond the cap — never
 * a raw float or an exponent.
 */
export function decayedActivityText(decayed: DecayedActivity, both: boolean): string {
  if (beyondShownActivity(decayed)) return messages.activityBeyondShown(ACTIVITY_SHOWN_MAX_FACTOR);
  return `${formatActivityBoth(decayed.value, decayed.unit, both)} · ${percentText(decayed.percent)} of requested`;
}
