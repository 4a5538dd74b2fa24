import type { Order } from '@dosechain/contract';
import { JourneyTimeline } from './journey-timeline.tsx';
import { orderJourneySteps } from './order-journey-steps.ts';

/** Order detail's journey of the dose (issue 35): its steps beside the decay curve. */
export function OrderJourney({ order }: { order: Order }) {
  return <JourneyTimeline {...orderJourneySteps(order)} />;
}
