import {
  closedDayOf,
  exceptionKindLabels,
  formatLateness,
  minutesLate,
  type Order,
  orderStatusLabels,
} from '@dosechain/contract';
import { scheduleMarkerText } from './schedule-marker.ts';

type LatenessFacts = Pick<Order, 'status' | 'projectedDelivery'>;
type StatusFacts = LatenessFacts &
  Partial<Pick<Order, 'manufactureClosed' | 'outOfWindow' | 'duplicateTimepoint'>>;

/**
 * How late an accepted or shipped order past its projected delivery is (issue 21), e.g. `2 h 05 min`;
 * null for any other order.
 */
export function orderLatenessText(order: LatenessFacts, now = new Date()): string | null {
  const late = minutesLate(order, now);
  return late === null ? null : formatLateness(late);
}

/**
 * An order's status as the grids and the detail show it: an accepted or shipped order past its projected
 * delivery says how late it is (issue 21), e.g. `Accepted · 2 h 05 min late`; an order still
 * waiting for a dose made on a day with no manufacture says so (issue 33), e.g.
 * `Pending · No manufacture`; one placed against the schedule says that (issue 36), e.g.
 * `Pending · Out of window`. Exports write the status, the lateness and the closed day apart (closedDayText).
 */
export function orderStatusText(order: StatusFacts, now = new Date()): string {
  const late = orderLatenessText(order, now);
  const closed = closedDayOf({ status: order.status, manufactureClosed: order.manufactureClosed ?? null });
  const parts = [
    orderStatusLabels[order.status],
    late && `${late} late`,
    closed && exceptionKindLabels.closed,
    // Issue 36: placed outside the subject's window or as a second order for its timepoint.
    scheduleMarkerText({
      outOfWindow: order.outOfWindow ?? false,
      duplicateTimepoint: order.duplicateTimepoint ?? false,
      overrideReason: null,
    }),
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * For exports: `No manufacture (<reason>)` for an order still waiting for a dose made on a day
 * with no manufacture (issue 33), else null (an empty cell).
 */
export function closedDayText(order: Pick<Order, 'status' | 'manufactureClosed'>): string | null {
  const closed = closedDayOf(order);
  if (!closed) return null;
  return closed.reason ? `${exceptionKindLabels.closed} (${closed.reason})` : exceptionKindLabels.closed;
}
