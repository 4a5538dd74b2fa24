import { DateTime } from 'luxon';
import type { ActivityUnit } from './availability.ts';

/**
 * Radioactive decay, as the product shows it (issue 21): A = A0 · e^(−ln2 · t / T½).
 * Pure functions, no I/O; the order detail and the accept and deliver dialogs call them, the
 * server the same ones, so a figure never differs between screen, mail and export.
 */

/** 1 mCi = 37 MBq exactly (1 Ci = 3.7·10¹⁰ Bq by definition). */
export const MBQ_PER_MCI = 37;

/**
 * The availability's unit `mBq` (the spec's spelling) is read as megabecquerel: a dose of a
 * radiopharmaceutical is some hundred MBq (5–10 mCi), never millibecquerel.
 */
const megabecquerelPer: Record<ActivityUnit, number> = { mCi: MBQ_PER_MCI, mBq: 1 };

/** The same activity in another unit: 10 mCi → 370 MBq. */
export function convertActivity(value: number, from: ActivityUnit, to: ActivityUnit): number {
  if (from === to) return value;
  return (value * megabecquerelPer[from]) / megabecquerelPer[to];
}

/**
 * The fraction of the activity left after `elapsedSeconds` (negative: before the reference
 * time, so above 1). NaN for a half-life that is not a positive finite number.
 */
export function decayFraction(elapsedSeconds: number, halfLifeSeconds: number): number {
  if (!(halfLifeSeconds > 0) || !Number.isFinite(halfLifeSeconds) || !Number.isFinite(elapsedSeconds)) {
    return Number.NaN;
  }
  return Math.exp((-Math.LN2 * elapsedSeconds) / halfLifeSeconds);
}

/** An activity measured at one instant, of a radionuclide with this half-life. */
export interface CalibratedActivity {
  /** The activity at `calibratedAt`, in `unit`. */
  activity: number;
  unit: ActivityUnit;
  /** An ISO instant with its offset or `Z` (the order's calibration date-time). */
  calibratedAt: string;
  halfLifeSeconds: number;
}

/**
 * Seconds from one instant to another. Both are ISO texts that carry their offset, or wall-clock
 * texts read on `zone` (the zone of the company whose clock they are on): the difference is
 * between instants, so a calibration in Chicago and a scan in New York subtract correctly, across
 * daylight-saving changes too. NaN when either cannot be read.
 */
export function secondsBetween(from: string, to: string, zone = 'UTC'): number {
  const start = DateTime.fromISO(from, { zone });
  const end = DateTime.fromISO(to, { zone });
  if (!start.isValid || !end.isValid) return Number.NaN;
  return end.diff(start, 'seconds').seconds;
}

/**
 * The activity left at instant `at`, in the calibration's unit (or `unit` when given).
 * NaN when a time cannot be read or the half-life is not positive.
 */
export function activityAt(
  calibrated: CalibratedActivity,
  at: string,
  options: { zone?: string; unit?: ActivityUnit } = {},
): number {
  const elapsed = secondsBetween(calibrated.calibratedAt, at, options.zone);
  const left = calibrated.activity * decayFraction(elapsed, calibrated.halfLifeSeconds);
  return options.unit ? convertActivity(left, calibrated.unit, options.unit) : left;
}

/** The smallest activity the screens write as a number; less reads `< 0.001 mCi`. */
export const ACTIVITY_SHOWN_MIN = 0.001;

/**
 * An activity as the screens write it, to three significant digits with grouped thousands and
 * never in exponent form: `9.12 mCi`, `337 MBq`, `1,230 MBq`, `0.0412 mCi`; below
 * `ACTIVITY_SHOWN_MIN` `< 0.001 mCi` (a decayed figure of 10⁻²⁰ says nothing more).
 */
export function formatActivity(value: number, unit: ActivityUnit): string {
  if (!Number.isFinite(value)) return '';
  const symbol = unit === 'mBq' ? 'MBq' : unit;
  if (value > 0 && value < ACTIVITY_SHOWN_MIN) return `< ${ACTIVITY_SHOWN_MIN} ${symbol}`;
  const rounded = Number(value.toPrecision(3));
  return `${rounded.toLocaleString('en-US', { maximumSignificantDigits: 3 })} ${symbol}`;
}
