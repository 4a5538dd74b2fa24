import { type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema.ts';

type LockState = { lockedOut: boolean; lockedUntil: Date | null };

/**
 * Whether an account is locked at `now`: locked with no end (LOCKOUT_MINUTES=0, until a user
 * manager unlocks it) or with an end still to come. A lock whose end has passed no longer counts;
 * the next login clears it.
 */
export function isLockedAt(user: LockState, now: Date): boolean {
  return user.lockedOut && (user.lockedUntil === null || user.lockedUntil.getTime() > now.getTime());
}

/** `isLockedAt` in SQL, for queries over many users (e.g. who can still manage users). */
export function lockedAtSql(now: Date, table: typeof users = users): SQL {
  return sql`(${table.lockedOut} and (${table.lockedUntil} is null or ${table.lockedUntil} > ${now.toISOString()}::timestamptz))`;
}
