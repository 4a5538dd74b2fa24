import type { ActivityUnit } from './availability.ts';
import { activityAt } from './decay.ts';

/**
 * The activities of a dose's journey (issue 35): what it should hold when received, what was
 * injected, and whether a receipt is a deviation. Pure functions on the decay of decay.ts, so the
 * dialogs, the server, the mails and the exports compute the same figure.
 */

/** A receipt off by more than this (percent of the expected activity) is a deviation, unless the drug says otherwise. */
export const RECEIPT_TOLERANCE_DEFAULT_PERCENT = 10;

/** An activity measured at an instant (ISO with offset, or wall clock read on `zone`). */
export interface MeasuredActivity {
  activity: number;
  at: string;
}

/** What decay needs: the unit the figures are in, the half-life (null: not radioactive), the zone of wall-clock texts. */
export interface DecayOf {
  unit: ActivityUnit;
  halfLifeSeconds: number | null;
  zone?: string;
}

/** The activity a measurement stands for at `at`: decayed forwards or back; unchanged without a half-life. */
export function activityFromMeasurement(measured: MeasuredActivity, at: string, decay: DecayOf): number {
  if (decay.halfLifeSeconds === null) return measured.activity;
  return activityAt(
    {
      activity: measured.activity,
      unit: decay.unit,
      calibratedAt: measured.at,
      halfLifeSeconds: decay.halfLifeSeconds,
    },
    at,
    { zone: decay.zone },
  );
}

/**
 * The activity injected into the subject at `injectedAt`: the syringe's assay decayed to the
 * injection, less what stayed in the syringe (measured after) corrected back to it:
 * `A_m · 2^(−(t_inj − t_m)/T½) − A_r · 2^((t_r − t_inj)/T½)`. NaN when a time cannot be read.
 */
export function administeredActivity(
  injectedAt: string,
  measured: MeasuredActivity,
  residual: MeasuredActivity | null,
  decay: DecayOf,
): number {
  const inSyringe = activityFromMeasurement(measured, injectedAt, decay);
  const left = residual ? activityFromMeasurement(residual, injectedAt, decay) : 0;
  return inSyringe - left;
}

/** How far a received activity is from the expected one, and whether that is outside the tolerance. */
export interface ReceiptCheck {
  /** (received − expected) / expected, in percent: −12.5 is 12.5 % short. */
  deviationPercent: number;
  outsideTolerance: boolean;
}

/**
 * A receipt's assay against the activity expected at that moment. Null when there is nothing to
 * compare (no expected figure, or not a positive one): a receipt is then judged by its package only.
 */
export function checkReceipt(
  received: number,
  expected: number,
  tolerancePercent: number = RECEIPT_TOLERANCE_DEFAULT_PERCENT,
): ReceiptCheck | null {
  if (!(expected > 0) || !Number.isFinite(expected) || !Number.isFinite(received)) return null;
  const deviationPercent = ((received - expected) / expected) * 100;
  return { deviationPercent, outsideTolerance: Math.abs(deviationPercent) > tolerancePercent };
}

/** What of an order the expected activity of its receipt reads (`Order`, as the answer gives it). */
export interface ExpectedActivityOrder {
  drug: { halfLifeSeconds: number | null };
  shipment: {
    assayedActivity: number | null;
    assayedAt: string | null;
    activityUnit: ActivityUnit | null;
  } | null;
  requestedActivity: number | null;
  activityUnit: ActivityUnit | null;
  calibrationDatetime: string;
}

/**
 * What the dose should hold at `at` (ISO): the shipment's assay decayed with the radionuclide's
 * half-life, or, without one, the requested activity decayed from the calibration; null when
 * there is neither. In the unit of that figure. The receipt's expected activity: the Receive
 * dialog shows it live, the server stores it.
 */
export function expectedActivityAt(
  order: ExpectedActivityOrder,
  at: string,
): { activity: number; unit: ActivityUnit } | null {
  const decay = { halfLifeSeconds: order.drug.halfLifeSeconds };
  const s = order.shipment;
  if (s && s.assayedActivity !== null && s.assayedAt !== null && s.activityUnit !== null) {
    const activity = activityFromMeasurement({ activity: s.assayedActivity, at: s.assayedAt }, at, {
      ...decay,
      unit: s.activityUnit,
    });
    return { activity, unit: s.activityUnit };
  }
  if (order.requestedActivity === null || order.activityUnit === null) return null;
  const activity = activityFromMeasurement(
    { activity: order.requestedActivity, at: order.calibrationDatetime },
    at,
    { ...decay, unit: order.activityUnit },
  );
  return { activity, unit: order.activityUnit };
}
