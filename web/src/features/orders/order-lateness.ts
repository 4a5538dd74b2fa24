import { formatLateness, minutesLate, type Order, orderStatusLabels } from '@dosechain/contract';

/**
 * An order's status as the grids and the detail show it: an accepted order past its projected
 * delivery says how late it is (issue 21), e.g. `Accepted · 2 h 05 min late`.
 */
export function orderStatusText(
  order: Pick<Order, 'status' | 'projectedDelivery'>,
  now = new Date(),
): string {
  const label = orderStatusLabels[order.status];
  const late = minutesLate(order, now);
  return late === null ? label : `${label} · ${formatLateness(late)} late`;
}
