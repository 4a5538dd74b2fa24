import { messages, type Order } from '@dosechain/contract';

/**
 * The order's schedule marker (issue 36): `Out of window`, `Duplicate timepoint` or both (a grid's
 * narrow column), with the reason they were overridden when asked (the detail panel); '' for an
 * order placed within its window.
 */
export function scheduleMarkerText(
  order: Pick<Order, 'outOfWindow' | 'duplicateTimepoint' | 'overrideReason'>,
  withReason = false,
): string {
  const marks = [
    order.outOfWindow ? messages.outOfWindowMarker : null,
    order.duplicateTimepoint ? messages.duplicateTimepointMarker : null,
  ].filter((m) => m !== null);
  if (marks.length === 0) return '';
  return withReason && order.overrideReason
    ? `${marks.join(' · ')}: ${order.overrideReason}`
    : marks.join(' · ');
}

/**
 * For exports: the marker with its reason and the order this one replaces, e.g.
 * `Out of window: Subject travels; replaces #1013`; null (an empty cell) for neither.
 */
export function scheduleExportText(
  order: Pick<Order, 'outOfWindow' | 'duplicateTimepoint' | 'overrideReason' | 'replacesOrder'>,
): string | null {
  const parts = [
    scheduleMarkerText(order, true),
    order.replacesOrder ? `replaces #${order.replacesOrder.number}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : null;
}
