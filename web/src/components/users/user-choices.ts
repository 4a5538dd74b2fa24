import type { User } from '@dosechain/contract';

export const USERS = '/users';

/** How a user reads in a picker: "Full Name (username)", marked when inactive. */
export const userLabel = (u: Pick<User, 'fullName' | 'username' | 'active'>) =>
  `${u.fullName} (${u.username})${u.active ? '' : ' — inactive'}`;
