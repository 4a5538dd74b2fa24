import type { Executor } from '../db/client.ts';
import { isLastUsableManager } from './administrable.ts';
import type { UserRow } from './principal.ts';

/**
 * Whether the user's password is refused (login, e-signature, recovery mail) because a user
 * manager marked them "sign in with the organisation only" (decision 056). The last usable user
 * manager keeps the password whatever the setting, so an outage of the identity provider locks
 * nobody out of DoseChain; the break-glass commands never ask.
 */
export async function passwordRefusedFor(
  db: Executor,
  user: Pick<UserRow, 'id' | 'organisationOnly'>,
  now: Date,
): Promise<boolean> {
  if (!user.organisationOnly) return false;
  return !(await isLastUsableManager(db, user.id, now));
}
