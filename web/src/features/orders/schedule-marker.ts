import { messages, type Order } from '@dosechain/contract';

/**
 * The order's schedule marker (issue 36): `Out of window`, `Duplicate timepoint` or both, with the
 * reason they were overridden; '' for an order placed within its window.
 */
export function scheduleMarkerText(
  order: Pick<Order, 'outOfWindow' | 'duplicateTimepoint' | 'overrideReason'>,
): string {
  const marks = [
    order.outOfWindow ? messages.outOfWindowMarker : null,
    order.duplicateTimepoint ? messages.duplicateTimepointMarker : null,
  ].filter((m) => m !== null);
  if (marks.length === 0) return '';
  return order.overrideReason ? `${marks.join(' · ')}: ${order.overrideReason}` : marks.join(' · ');
}
