import { limits } from '@dosechain/contract';
import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { loginFailures, users } from '../db/schema.ts';

/**
 * Failed logins paced per source address (docs/decisions/010): the address that keeps failing for
 * a name waits a minute between attempts; every other address is not slowed by those failures,
 * so nobody can keep an account's owner (the last user manager above all) out from elsewhere.
 */

/**
 * A day without a failed login from an address for a name forgets its failures (and keeps the
 * table small); so does a day without one for an account (`failed_login_count`), so that a name
 * that is no account and a real one count alike (docs/decisions/040-lock-notices.md).
 */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The source of a name's own row: its failures from every address, counted for a name that is no
 * account as `failed_login_count` counts them for a real one. No client address is ever `*`.
 */
const EVERY_SOURCE = '*';

/** Who is trying: the name as typed, compared as the unique index does (trimmed, any case), and from where. */
export interface LoginAttempt {
  username: string;
  /** The client address, as Fastify derives it under TRUST_PROXY (`request.ip`). */
  source: string;
}

/** The name's key, lower-cased by the database as `findByUsername` and the unique index compare. */
const nameKey = (username: string) => sql<string>`lower(${username.trim()})`;
const rowOf = (attempt: LoginAttempt) =>
  and(eq(loginFailures.username, nameKey(attempt.username)), eq(loginFailures.source, attempt.source));

/**
 * Claims this attempt for its address, or answers false: it is paced and within the pause of its
 * last attempt (the caller answers 429 without checking the password). An address is paced for a
 * name once it has failed `limits.failedLoginsBeforeLock` times in a row for it — or, while the
 * account has reached that many failures without being locked (the last user manager, whose lock
 * is refused: `accountPaced`), once it has failed for it at all. A fresh address is never paced.
 * The slot is taken by one conditional UPDATE, so parallel guesses cannot share it.
 */
export async function claimLoginAttempt(
  db: Executor,
  attempt: LoginAttempt,
  now: Date,
  accountPaced: boolean,
): Promise<boolean> {
  const threshold = accountPaced ? 1 : limits.failedLoginsBeforeLock;
  const forgottenBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  const paced = and(
    rowOf(attempt),
    gte(loginFailures.failures, threshold),
    gte(loginFailures.lastAttemptAt, forgottenBefore),
  );
  const [row] = await db.select({ failures: loginFailures.failures }).from(loginFailures).where(paced);
  if (!row) return true;
  const pauseStart = new Date(now.getTime() - limits.failedPasswordPauseSeconds * 1000);
  const [claimed] = await db
    .update(loginFailures)
    .set({ lastAttemptAt: now })
    .where(and(paced, lte(loginFailures.lastAttemptAt, pauseStart)))
    .returning({ failures: loginFailures.failures });
  return claimed !== undefined;
}

/** Counts a failed login from its address (a name unknown or known alike), forgetting long-quiet ones. */
export async function recordLoginFailure(db: Executor, attempt: LoginAttempt, now: Date): Promise<void> {
  const forgottenBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  await db
    .insert(loginFailures)
    .values({ username: nameKey(attempt.username), source: attempt.source, failures: 1, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.username, loginFailures.source],
      set: {
        failures: sql`case when ${loginFailures.lastAttemptAt} < ${forgottenBefore.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
        lastAttemptAt: now,
      },
    });
  await db.delete(loginFailures).where(lt(loginFailures.lastAttemptAt, forgottenBefore));
}

/** The right password from an address ends its run there (other addresses' runs go on). */
export async function forgetLoginFailure(db: Executor, attempt: LoginAttempt): Promise<void> {
  await db.delete(loginFailures).where(rowOf(attempt));
}

/** A new password or an unlock ends every address's run for the account: what was guessed is moot. */
export async function forgetLoginFailuresOf(db: Executor, userId: number): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      eq(
        loginFailures.username,
        sql`(select lower(${users.username}) from ${users} where ${users.id} = ${userId})`,
      ),
    );
}

/**
 * The lock a name that is no account answers with, as a real account would be locked: reached by
 * `limits.failedLoginsBeforeLock` failures in a row from any address, ending LOCKOUT_MINUTES after
 * the last of them (with 0 when the day that forgets its row is over). Undefined when not locked.
 */
export async function unknownNameLock(
  db: Executor,
  username: string,
  now: Date,
  lockoutMinutes: number,
): Promise<{ until: Date | null } | undefined> {
  const [row] = await db
    .select({ at: loginFailures.lastAttemptAt })
    .from(loginFailures)
    .where(
      and(
        rowOf({ username, source: EVERY_SOURCE }),
        gte(loginFailures.failures, limits.failedLoginsBeforeLock),
        gte(loginFailures.lastAttemptAt, new Date(now.getTime() - FORGET_AFTER_MS)),
      ),
    );
  if (!row) return undefined;
  if (lockoutMinutes === 0) return { until: null };
  const until = new Date(row.at.getTime() + lockoutMinutes * 60_000);
  return until > now ? { until } : undefined;
}

/**
 * Counts a failed login for a name that is no account, from any address, and answers the count
 * so far (from 1 again after a lock that has ended or a quiet day), as a real account counts its own.
 */
export async function countUnknownNameFailure(db: Executor, username: string, now: Date): Promise<number> {
  const forgottenBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  const [row] = await db
    .insert(loginFailures)
    .values({ username: nameKey(username), source: EVERY_SOURCE, failures: 1, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.username, loginFailures.source],
      set: {
        failures: sql`case when ${loginFailures.failures} >= ${limits.failedLoginsBeforeLock} or ${loginFailures.lastAttemptAt} < ${forgottenBefore.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
        lastAttemptAt: now,
      },
    })
    .returning({ failures: loginFailures.failures });
  return row?.failures ?? 1;
}
