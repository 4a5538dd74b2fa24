import {
  checkReceipt,
  type ExpectedActivityOrder,
  expectedActivityAt,
  limits,
  messages,
  type Order,
  type PackageCondition,
  RECEIPT_TOLERANCE_DEFAULT_PERCENT,
  type ReceiptCheck,
} from '@dosechain/contract';
import type { z } from 'zod';
import { enteredInstant } from './entered-instant.ts';

/** What of an order a receipt is judged by: its expected activity and its drug's tolerance. */
export type ReceivedOrder = ExpectedActivityOrder & {
  drug: Pick<Order['drug'], 'halfLifeSeconds' | 'receiptTolerancePercent'>;
};

/** The Deliver dialog's receipt (issue 35): the received assay with its date and time, the package. */
export interface ReceiptValues {
  date?: string | null;
  time?: string | null;
  timezone?: string | null;
  comment?: string;
  receivedActivity?: number | null;
  receivedDate?: string | null;
  receivedTime?: string | null;
  packageCondition?: PackageCondition | null;
}

/** How a receipt as entered compares: the expected activity, the check of the assay, whether it is a deviation. */
export interface ReceiptView {
  /** The instant the expected activity is for: the assay's, or else the delivery's. */
  at: Date | undefined;
  expected: ReturnType<typeof expectedActivityAt>;
  check: ReceiptCheck | null;
  tolerancePercent: number;
  damaged: boolean;
  deviation: boolean;
  /** What the comment must say why: outside the tolerance, or a damaged package. */
  reasonMessage: string | undefined;
}

/** The receipt as entered, judged as the server will judge it (`expectedActivityAt`, `checkReceipt`). */
export function receiptView(order: ReceivedOrder, values: ReceiptValues): ReceiptView {
  const zone = values.timezone;
  const received = enteredInstant({ date: values.receivedDate, time: values.receivedTime, timezone: zone });
  const delivered = enteredInstant({ date: values.date, time: values.time, timezone: zone });
  const at = received ?? delivered;
  const expected = at && !Number.isNaN(at.getTime()) ? expectedActivityAt(order, at.toISOString()) : null;
  const tolerancePercent = order.drug.receiptTolerancePercent ?? RECEIPT_TOLERANCE_DEFAULT_PERCENT;
  const activity = values.receivedActivity;
  const check =
    received && expected && typeof activity === 'number' && activity > 0
      ? checkReceipt(activity, expected.activity, tolerancePercent)
      : null;
  const damaged = values.packageCondition === 'damaged';
  const outside = check?.outsideTolerance ?? false;
  return {
    at,
    expected,
    check,
    tolerancePercent,
    damaged,
    deviation: damaged || outside,
    reasonMessage: outside
      ? messages.receiptOutsideTolerance(tolerancePercent)
      : damaged
        ? messages.damagedPackageReason
        : undefined,
  };
}

/**
 * A receipt's issues as the server would answer them: an assay's activity without its time (or
 * the other way round), an assay in the future or far from the delivery, a deviation without its
 * reason (on `comment`).
 */
export function addReceiptIssues(
  order: ReceivedOrder,
  values: ReceiptValues,
  now: Date,
  ctx: z.RefinementCtx,
): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const hasTime = Boolean(values.receivedDate || values.receivedTime);
  const hasActivity = values.receivedActivity !== null && values.receivedActivity !== undefined;
  if (hasTime && !hasActivity) issue('receivedActivity', messages.required);
  if (hasActivity || hasTime) {
    if (!values.receivedDate) issue('receivedDate', messages.required);
    if (!values.receivedTime) issue('receivedTime', messages.required);
  }
  const received = enteredInstant({
    date: values.receivedDate,
    time: values.receivedTime,
    timezone: values.timezone,
  });
  const delivered = enteredInstant(values);
  if (received) {
    const maxHours = limits.journeyMeasurementMaxHours;
    if (received.getTime() > now.getTime() + limits.clockSkewMinutes * 60_000)
      issue('receivedTime', messages.journeyTimeInFuture);
    else if (delivered && Math.abs(received.getTime() - delivered.getTime()) > maxHours * 3_600_000)
      issue('receivedTime', messages.measurementFarFromEvent(maxHours));
  }
  const view = receiptView(order, values);
  if (view.reasonMessage && !values.comment?.trim()) issue('comment', view.reasonMessage);
}

/** Where the server's refusal of a receipt's body field goes in the dialog. */
export const receiptErrorFields: Record<string, string> = {
  receivedActivity: 'receivedActivity',
  receivedAt: 'receivedTime',
  packageCondition: 'packageCondition',
};
