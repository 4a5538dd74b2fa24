import type { FilterCondition } from './list-query.ts';
import type { OrderStatus } from './order-status-table.ts';

/**
 * Late delivery (issue 21): an accepted or shipped order (issue 35: on its way, not yet
 * received) whose projected delivery has passed without a delivery. Delivered, rejected and
 * canceled orders are never late; a pending order has no projected delivery yet. The server's
 * watch, its SQL and every screen read this one rule.
 */
export interface LateDeliveryFacts {
  status: OrderStatus;
  projectedDelivery: string | null;
}

/** The order statuses a late order has: an accepted or shipped order waits for its delivery. */
export const LATE_ORDER_STATUSES = ['accepted', 'shipped'] as const satisfies readonly OrderStatus[];

const waitsForDelivery = (status: OrderStatus): boolean =>
  (LATE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** Whole minutes past the projected delivery at `now`, or null when the order is not late. */
export function minutesLate(order: LateDeliveryFacts, now: Date): number | null {
  if (!waitsForDelivery(order.status) || !order.projectedDelivery) return null;
  const due = Date.parse(order.projectedDelivery);
  if (Number.isNaN(due) || now.getTime() <= due) return null;
  return Math.floor((now.getTime() - due) / 60_000);
}

/** How late, as people say it: `12 min`, `2 h 05 min`, `3 d 4 h`. */
export function formatLateness(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m} min`;
  const hours = Math.floor(m / 60);
  if (hours < 24) return `${hours} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** The order lists' filter of the orders late at `now`, in the list grammar (the grids' "late" view). */
export function lateOrdersFilter(now: Date): FilterCondition[] {
  return [
    { field: 'status', op: 'in', value: [...LATE_ORDER_STATUSES] },
    { field: 'projected_delivery', op: 'lt', value: now.toISOString() },
  ];
}
