import AvailabilityPage from '../../features/availability/availability-page.tsx';
import { RelatedOrdersAction } from '../../features/orders/related-orders-dialog.tsx';

/** The Availability screen with the orders feature's View Related Orders (features meet in app/). */
export default function AvailabilityRoute() {
  return <AvailabilityPage RelatedOrdersAction={RelatedOrdersAction} />;
}
