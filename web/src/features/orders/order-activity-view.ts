import { formatRequestedActivity, type Order, orderActivityAt } from '@dosechain/contract';

/** What the decay shown on an order needs of it. */
export type OrderWithActivity = Pick<Order, 'requestedActivity' | 'activityUnit' | 'calibrationDatetime'> & {
  drug: Pick<Order['drug'], 'halfLifeSeconds' | 'activityWarningPercent'>;
};

/** The requested activity as written everywhere (`10 mCi (370 MBq)`); empty when none. */
export function requestedActivityText(order: Pick<Order, 'requestedActivity' | 'activityUnit'>): string {
  return order.requestedActivity === null || order.activityUnit === null
    ? ''
    : formatRequestedActivity(order.requestedActivity, order.activityUnit);
}

/** Whether the order shows decay at all: it names an activity and its drug a radionuclide. */
export const showsDecay = (order: OrderWithActivity): boolean =>
  order.requestedActivity !== null && order.activityUnit !== null && order.drug.halfLifeSeconds !== null;

/**
 * The activity at an instant (ISO with offset) or a wall-clock time on `zone` (the scan time
 * entered on the imaging center's clock); null when the order shows no decay or the time is empty.
 * Written with the contract's `decayedActivityText` (bounded: no raw float, no exponent).
 */
export function decayAt(order: OrderWithActivity, at: string | null | undefined, zone: string) {
  if (!at || !showsDecay(order)) return null;
  return orderActivityAt(order, at, zone);
}
