import type { AccessRequirement } from '@dosechain/contract';
import type { ReactNode } from 'react';
import { userMeets } from './access.ts';
import { useAuth } from './auth-context.tsx';

/** Shows its content only when the user meets the permissions and roles, else the fallback. */
export function Can({
  children,
  fallback = null,
  ...requirement
}: AccessRequirement & { children: ReactNode; fallback?: ReactNode }) {
  const { user } = useAuth();
  return <>{userMeets(user, requirement) ? children : fallback}</>;
}
