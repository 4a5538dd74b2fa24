import { limits } from '@dosechain/contract';
import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginFailures, users } from '../../db/schema.ts';

/**
 * Failed logins paced per source address (docs/decisions/010): the address that keeps failing for
 * a name waits a minute between attempts; every other address is not slowed by those failures,
 * so nobody can keep an account's owner (the last user manager above all) out from elsewhere.
 */

/** A day without a failed login from an address for a name forgets its failures (and keeps the table small). */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

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
