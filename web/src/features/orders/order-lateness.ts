import { formatLateness, minutesLate, type Order, orderStatusLabels } from '@dosechain/contract';

type LatenessFacts = Pick<Order, 'status' | 'projectedDelivery'>;

/**
 * How late an accepted order past its projected delivery is (issue 21), e.g. `2 h 05 min`;
 * null for any other order.
 */
export function orderLatenessText(order: LatenessFacts, now = new Date()): string | null {
  const late = minutesLate(order, now);
  return late === null ? null : formatLateness(late);
}

/**
 * An order's status as the grids and the detail show it: an accepted order past its projected
 * delivery says how late it is (issue 21), e.g. `Accepted · 2 h 05 min late`. Exports write the
 * two apart (orderStatusExport).
 */
export function orderStatusText(order: LatenessFacts, now = new Date()): string {
  const label = orderStatusLabels[order.status];
  const late = orderLatenessText(order, now);
  return late === null ? label : `${label} · ${late} late`;
}
