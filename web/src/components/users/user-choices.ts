import type { User } from '@dosechain/contract';
import type { Choice } from '../form/multi-select.tsx';
import { useListChoices } from '../form/use-list-choices.ts';

export const USERS = '/users';

const byUsername = { sort: 'username' };
const userChoice = (u: User) => ({
  value: u.id,
  label: `${u.fullName} (${u.username})${u.active ? '' : ' — inactive'}`,
});

/** Users to pick from (the first 100 by username), labelled "Full Name (username)". */
export function useUserChoices(): { choices: Choice<number>[]; loading: boolean; total: number } {
  return useListChoices(USERS, byUsername, userChoice);
}
