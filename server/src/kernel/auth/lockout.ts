import { formatInstant, limits } from '@dosechain/contract';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { companies, roles, users } from '../db/schema.ts';

type LockState = { lockedOut: boolean; lockedUntil: Date | null };

/**
 * Whether an account is locked at `now`: locked with no end (LOCKOUT_MINUTES=0, until a user
 * manager unlocks it) or with an end still to come. A lock whose end has passed no longer counts;
 * the next login clears it.
 */
export function isLockedAt(user: LockState, now: Date): boolean {
  return user.lockedOut && (user.lockedUntil === null || user.lockedUntil.getTime() > now.getTime());
}

/**
 * Whether a lock at `now` ends the user's sessions: one reached by wrong passwords inside a
 * session (e-signatures). A lock caused by failed logins refuses new logins only; sessions already
 * open go on (docs/decisions/010), so a stranger's guesses cannot throw anyone out.
 */
export function sessionLockedAt(user: LockState & { failedSignatureCount: number }, now: Date): boolean {
  return isLockedAt(user, now) && user.failedSignatureCount >= limits.failedLoginsBeforeLock;
}

/** What lifting a lock writes: not locked, no end, both runs of failures over. */
export const unlockedValues = {
  lockedOut: false,
  lockedUntil: null,
  failedLoginCount: 0,
  failedSignatureCount: 0,
} as const;

/** `isLockedAt` in SQL, for queries over many users (e.g. who can still manage users). */
export function lockedAtSql(now: Date, table: typeof users = users): SQL {
  return sql`(${table.lockedOut} and (${table.lockedUntil} is null or ${table.lockedUntil} > ${now.toISOString()}::timestamptz))`;
}

/** When a lock started at `now` ends: LOCKOUT_MINUTES later, or null (0: until a user manager unlocks it). */
export function lockEndFrom(now: Date, lockoutMinutes: number): Date | null {
  return lockoutMinutes === 0 ? null : new Date(now.getTime() + lockoutMinutes * 60_000);
}

/**
 * A lock's end as people read it, written by the contract's one instant formatter on the user's
 * clock (`lockZoneOf`) with the zone named: "Nov 25, 2026, 04:30 CST". Rounded up to the minute,
 * so that trying again at the time shown always works.
 */
export function lockEndLabel(until: Date, zone = 'UTC'): string {
  const minute = 60_000;
  return formatInstant(new Date(Math.ceil(until.getTime() / minute) * minute).toISOString(), zone);
}

/**
 * The clock a user reads their lock's end on: the zone of the company of the role a login starts
 * in (their first role, as `chooseRole` picks it); UTC for staff and administrators without one,
 * and for names that are no account (docs/decisions/040-lock-notices.md).
 */
export async function lockZoneOf(db: Executor, userId: number): Promise<string> {
  const [first] = await db
    .select({ zone: companies.timezone })
    .from(roles)
    .leftJoin(companies, eq(companies.id, roles.companyId))
    .where(eq(roles.userId, userId))
    .orderBy(asc(roles.id))
    .limit(1);
  return first?.zone ?? 'UTC';
}

/** The audit changeset of lifting a lock: locked → not, and its end (when it had one) gone. */
export function lockLifted(before: LockState): Record<string, [unknown, unknown]> {
  return {
    lockedOut: [true, false],
    ...(before.lockedUntil ? { lockedUntil: [before.lockedUntil.toISOString(), null] } : {}),
  };
}
