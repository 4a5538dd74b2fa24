import { subjectsDueAccess } from '@dosechain/contract';
import { userMeets } from '../../auth/access.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import DashboardPage from '../../features/orders/dashboard-page.tsx';
import { SubjectsDueCard } from '../../features/subjects-due/subjects-due-card.tsx';

/** The dashboard with the count of subjects due, for who may read them. */
export default function DashboardWithCards() {
  const { user } = useAuth();
  return <DashboardPage cards={userMeets(user, subjectsDueAccess) ? <SubjectsDueCard /> : undefined} />;
}
