import {
  type ActivityUnit,
  convertActivity,
  type DecayedActivity,
  formatActivity,
  formatRequestedActivity,
  type Order,
  orderActivityAt,
  otherActivityUnit,
} from '@dosechain/contract';

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

/** An activity in its unit, with the other unit too when asked: `4.12 mCi (152 MBq)`. */
export function activityText(value: number, unit: ActivityUnit, both: boolean): string {
  const main = formatActivity(value, unit);
  if (!both) return main;
  const other = otherActivityUnit(unit);
  return `${main} (${formatActivity(convertActivity(value, unit, other), other)})`;
}

/** A share in whole percent; a share that rounds to none but is some reads `< 1%`. */
export const percentText = (percent: number): string =>
  percent > 0 && percent < 0.5 ? '< 1%' : `${Math.round(percent)}%`;

/** `4.12 mCi · 41% of requested`. */
export function decayedText(decayed: DecayedActivity, both: boolean): string {
  return `${activityText(decayed.value, decayed.unit, both)} · ${percentText(decayed.percent)} of requested`;
}

/**
 * The activity at an instant (ISO with offset) or a wall-clock time on `zone` (the scan time
 * entered on the imaging center's clock); null when the order shows no decay or the time is empty.
 */
export function decayAt(order: OrderWithActivity, at: string | null | undefined, zone: string) {
  if (!at || !showsDecay(order)) return null;
  return orderActivityAt(order, at, zone);
}
