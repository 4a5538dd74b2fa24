import ExamsPage from '../../features/exams/exams-page.tsx';
import { RelatedOrdersAction } from '../../features/orders/related-orders-dialog.tsx';

/** The Exams screen with the orders feature's View Related Orders (features meet in app/). */
export default function ExamsRoute() {
  return <ExamsPage RelatedOrdersAction={RelatedOrdersAction} />;
}
