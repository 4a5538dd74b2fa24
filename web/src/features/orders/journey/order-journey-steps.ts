import {
  type ActivityUnit,
  convertActivity,
  formatActivity,
  formatInstant,
  type JourneyStepKey,
  messages,
  type Order,
  orderStatusLabels,
} from '@dosechain/contract';
import { notAdministeredText } from '../administration-fields.ts';
import type { JourneyStep } from './journey-timeline.tsx';

/** What the timeline needs of an order: its steps, and the one unit its figures are in. */
export interface OrderJourney {
  steps: JourneyStep[];
  unit: ActivityUnit | null;
  zone: string;
  halfLifeSeconds: number | null;
}

/** `+4.2 %` / `−12.5 %`: how far a receipt's assay is from the expected activity. */
function signedPercent(value: number): string {
  const text = Math.abs(value).toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `${value < 0 ? '−' : '+'}${text} %`;
}

/** Each step with who took it, when the answer says (the order page's `journeyActors`). */
function withActors(steps: JourneyStep[], order: Order): JourneyStep[] {
  const actors = order.journeyActors;
  if (!actors) return steps;
  const actorOf = (key: string): string | null =>
    key === 'not-administered' ? actors.administered : (actors[key as JourneyStepKey] ?? null);
  return steps.map((step) => ({ ...step, who: actorOf(step.key) }));
}

/**
 * The journey of an order, read off its answer (issue 35): placed (the requested activity at
 * calibration), accepted, shipped (the CMO's assay, lot and expiry), received (the receipt's assay
 * against the activity expected then, a deviation with its reason), administered (the injected
 * activity) or not (the reason). A rejected or canceled order ends there. Figures are in the
 * order's unit (a record in the other unit converted), times on the imaging center's clock.
 */
export function orderJourneySteps(order: Order): OrderJourney {
  const zone = order.imagingCenter.timezone;
  const { shipment, receipt, administration } = order;
  const unit =
    order.activityUnit ??
    shipment?.activityUnit ??
    receipt?.activityUnit ??
    administration?.activityUnit ??
    null;
  const inUnit = (value: number | null | undefined, from: ActivityUnit | null | undefined) =>
    value == null || unit === null
      ? null
      : from && from !== unit
        ? convertActivity(value, from, unit)
        : value;
  const at = (iso: string | null | undefined) => formatInstant(iso, zone);

  const steps: JourneyStep[] = [
    {
      key: 'placed',
      label: 'Placed',
      at: order.createdAt,
      measuredAt: order.calibrationDatetime,
      activity: inUnit(order.requestedActivity, order.activityUnit),
      activityNote: 'requested at calibration',
      reference: true,
    },
  ];
  const ended = order.rejectedAt ?? order.canceledAt;
  if (order.acceptedAt || !ended) steps.push({ key: 'accepted', label: 'Accepted', at: order.acceptedAt });
  if (ended) {
    const rejected = order.rejectedAt !== null;
    steps.push({
      key: rejected ? 'rejected' : 'canceled',
      label: orderStatusLabels[rejected ? 'rejected' : 'canceled'],
      at: ended,
      detail: rejected ? order.rejectionReason : order.cancelationReason,
    });
    return { steps: withActors(steps, order), unit, zone, halfLifeSeconds: order.drug.halfLifeSeconds };
  }
  // Delivered straight from accepted (no shipment record) skips the shipped step.
  if (shipment || !order.deliveredAt) {
    steps.push({
      key: 'shipped',
      label: 'Shipped',
      at: order.shippedAt,
      measuredAt: shipment?.assayedAt ?? null,
      activity: inUnit(shipment?.assayedActivity, shipment?.activityUnit),
      activityNote: shipment?.assayedActivity != null ? 'assay' : null,
      detail: shipment
        ? [
            `Lot ${shipment.lotNumber}`,
            `expires ${at(shipment.expiresAt)}`,
            shipment.courier,
            shipment.trackingNumber,
          ]
            .filter(Boolean)
            .join(' · ')
        : null,
    });
  }
  const expected = inUnit(receipt?.expectedActivity, receipt?.activityUnit);
  steps.push({
    key: 'delivered',
    label: 'Received',
    at: order.deliveredAt,
    measuredAt: receipt?.receivedAt ?? null,
    activity: inUnit(receipt?.receivedActivity, receipt?.activityUnit),
    activityNote:
      receipt?.receivedActivity != null && expected !== null && unit
        ? `expected ${formatActivity(expected, unit)}${
            receipt.deviationPercent == null ? '' : `, ${signedPercent(receipt.deviationPercent)}`
          }`
        : null,
    detail: receipt?.packageCondition === 'damaged' ? 'Package damaged' : null,
    deviation: receipt?.deviation
      ? messages.receiptDeviationShown(receipt.tolerancePercent, receipt.comment ?? '')
      : null,
  });
  if (administration && !administration.administered) {
    steps.push({
      key: 'not-administered',
      label: 'Not administered',
      at: null,
      reached: true,
      detail: notAdministeredText(administration) || null,
    });
  } else {
    steps.push({
      key: 'administered',
      label: 'Administered',
      at: administration?.injectedAt ?? null,
      activity: inUnit(administration?.administeredActivity, administration?.activityUnit),
      activityNote: administration ? 'injected' : null,
      endsCurve: true,
      detail:
        administration?.residualActivity != null && unit
          ? `Residual ${formatActivity(inUnit(administration.residualActivity, administration.activityUnit)!, unit)} at ${at(administration.residualAt)}`
          : null,
    });
  }
  return { steps: withActors(steps, order), unit, zone, halfLifeSeconds: order.drug.halfLifeSeconds };
}
