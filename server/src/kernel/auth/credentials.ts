import { limits, messages } from '@dosechain/contract';
import { and, eq, gte, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Db, Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError, validationFailed } from '../http/app-error.ts';
import type { AppMetrics } from '../metrics/instruments.ts';
import { isLastUsableManager, lockUserManagement } from './administrable.ts';
import {
  isLockedAt,
  lockEndFrom,
  lockEndLabel,
  lockedAtSql,
  lockZoneOf,
  sessionLockedAt,
  unlockedValues,
} from './lockout.ts';
import { FORGET_AFTER_MS, forgetLoginFailuresOf } from './login-pacing.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { fullName, type UserRow } from './principal.ts';
import { revokeUserSessions } from './refresh-tokens.ts';

/*
 * A user's credentials, below every feature: a wrong password counted towards the lock (at a login
 * or in a session), the pacing of a session whose lock was refused, a new password stored, the own
 * password change. The login module, password recovery, the e-signature check and user management
 * build on it (docs/decisions/047).
 */

/** What the session services work with; no actor, since nobody is logged in yet. */
export interface AuthContext {
  db: Db;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** The app's counters (lockouts); absent where a service runs outside the app. */
  metrics?: AppMetrics;
  /** The client address (`request.ip`, under TRUST_PROXY): failed logins are paced per address. */
  source?: string;
}

/** USER_LOCKED, saying until when (on `zone`'s clock) when the lock ends by itself. */
export const userLockedMessage = (lockedUntil: Date | null, zone: string) =>
  lockedUntil ? messages.userLockedUntil(lockEndLabel(lockedUntil, zone)) : messages.userLocked;
/** 429 TOO_MANY_ATTEMPTS: an attempt of a paced account or address, refused unchecked. */
export const tooManyAttempts = () =>
  new AppError(429, 'TOO_MANY_ATTEMPTS', messages.tooManyAttempts, [], limits.failedPasswordPauseSeconds);

/** The user an account event is about acts for themselves: no role yet. */
export const selfActor = (user: UserRow): AuditActor => ({
  userId: user.id,
  username: user.username,
  fullName: fullName(user),
  roleType: null,
});

/** What a wrong password did to its account. */
export interface FailedPasswordOutcome {
  /** Whether the account is locked now (by this failure, or it already was). */
  locked: boolean;
  /** When that lock ends by itself; null when it does not (LOCKOUT_MINUTES=0) or there is none. */
  lockedUntil: Date | null;
  /** Failures left before the lock; 0 once locked, or at the limit when the lock was refused. */
  remaining: number;
}

/**
 * Where a wrong password was typed: at a login (the login form, the expired-password screen: anyone
 * can send those) or inside the user's own session (an e-signature, the own password change).
 */
export type PasswordCheck = 'login' | 'session';

const reasons = {
  login: { what: 'failed logins' },
  session: { what: 'wrong e-signatures or passwords in a session' },
} as const;

/**
 * Counts a wrong password of `user` and locks the account at `limits.failedLoginsBeforeLock`
 * consecutive failures of one kind (docs/decisions/010): `locked_until` is LOCKOUT_MINUTES later
 * (none when 0), audited and logged as a security event.
 * - `login` failures count in `failed_login_count`; their lock refuses new logins only, the
 *   sessions already open go on. A lock that has ended restarts the count; an account locked now
 *   is not counted further.
 * - `session` failures count in `failed_signature_count` (apart: a stranger's failed logins never
 *   bring a user's own typo nearer a lock); their lock ends every session of the user, also on an
 *   account a login lock holds already.
 *
 * The lock is refused when it would leave nobody able to manage users: the account stays
 * unlocked, the refusal is logged and audited, and its attempts are paced instead (logins per
 * address, `claimLoginAttempt`; in a session, `claimSessionPasswordAttempt`).
 *
 * Call it outside any transaction, after the wrong password was seen. A failure below the limit
 * is one atomic UPDATE; the one that reaches the limit takes the user-management lock first (the
 * same order as every user-management change: no deadlock) and decides there.
 */
export async function recordFailedPassword(
  ctx: AuthContext,
  user: UserRow,
  check: PasswordCheck,
): Promise<FailedPasswordOutcome> {
  const limit = limits.failedLoginsBeforeLock;
  const now = ctx.clock.now();
  const below =
    check === 'login'
      ? await countLoginFailure(ctx, user.id, now)
      : await countSessionFailure(ctx, user.id, now);
  if (below !== undefined) return { locked: false, lockedUntil: null, remaining: limit - below };

  const outcome = await ctx.db.transaction(
    async (tx): Promise<FailedPasswordOutcome & { lockedNow?: true }> => {
      await lockUserManagement(tx);
      const [row] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      if (!row) return { locked: false, lockedUntil: null, remaining: limit };
      const lockedNow = isLockedAt(row, now);
      const alreadyDone = check === 'login' ? lockedNow : sessionLockedAt(row, now);
      if (alreadyDone) return { locked: true, lockedUntil: row.lockedUntil, remaining: 0 };
      const count =
        check === 'login'
          ? (row.lockedOut || loginRunForgotten(row, now) ? 0 : row.failedLoginCount) + 1
          : row.failedSignatureCount + 1;
      const counted =
        check === 'login'
          ? {
              failedLoginCount: count,
              lockedOut: false,
              lockedUntil: null,
              lastFailedLoginAt: now,
              updatedAt: now,
            }
          : { failedSignatureCount: count, lastFailedSignatureAt: now, updatedAt: now };
      if (count < limit) {
        await tx.update(users).set(counted).where(eq(users.id, row.id));
        return { locked: false, lockedUntil: null, remaining: limit - count };
      }
      if (await isLastUsableManager(tx, row.id, now)) {
        await tx.update(users).set(counted).where(eq(users.id, row.id));
        // Once per run of failures: the one that would have locked. Those after it are paced.
        if (count === limit) {
          const field = check === 'login' ? 'failedLoginCount' : 'failedSignatureCount';
          await recordAudit(tx, selfActor(row), {
            entityType: 'users',
            entityId: row.id,
            eventType: 'update',
            changeset: { [field]: [count - 1, count] },
            reason: `Not locked after ${limit} ${reasons[check].what}: the last user manager. One attempt a minute instead`,
          });
        }
        ctx.log.warn(
          { event: 'user.lock_refused', userId: row.id, check, failedCount: count },
          'lock refused: the account is the last user manager; password attempts are paced instead',
        );
        return { locked: false, lockedUntil: null, remaining: 0 };
      }
      // A lock with no end (LOCKOUT_MINUTES=0) that holds already keeps having none.
      const lockedUntil =
        lockedNow && row.lockedUntil === null ? null : lockEndFrom(now, ctx.config.lockoutMinutes);
      // A new login lock starts from an ended one: the session run before it is over too.
      const fresh = check === 'login' ? { failedSignatureCount: 0 } : {};
      await tx
        .update(users)
        .set({ ...counted, ...fresh, lockedOut: true, lockedUntil })
        .where(eq(users.id, row.id));
      if (check === 'session') await revokeUserSessions(tx, row.id, now);
      await recordAudit(tx, selfActor(row), {
        entityType: 'users',
        entityId: row.id,
        eventType: 'update',
        before: { lockedOut: lockedNow, lockedUntil: lockedNow ? row.lockedUntil : null },
        after: { lockedOut: true, lockedUntil },
        reason:
          check === 'login'
            ? `Locked after ${limit} failed logins`
            : `Locked after ${limit} ${reasons.session.what}; the sessions ended`,
      });
      ctx.log.warn(
        { event: 'user.locked', userId: row.id, check, lockedUntil: lockedUntil?.toISOString() ?? null },
        check === 'login'
          ? 'account locked after consecutive failed logins; open sessions go on'
          : 'account locked after consecutive wrong passwords in a session; its sessions ended',
      );
      return { locked: true, lockedUntil, remaining: 0, lockedNow: true };
    },
  );
  // Counted once the lock has committed; a failure on an account locked already is not a lockout.
  if (outcome.lockedNow) ctx.metrics?.lockouts.inc();
  return { locked: outcome.locked, lockedUntil: outcome.lockedUntil, remaining: outcome.remaining };
}

/**
 * A day without a failed login forgets the account's run, as it forgets a name's that is no
 * account (`countUnknownNameFailure`): both count alike (docs/decisions/040-lock-notices.md).
 */
const loginRunForgotten = (row: Pick<UserRow, 'lastFailedLoginAt'>, now: Date) =>
  row.lastFailedLoginAt !== null && row.lastFailedLoginAt.getTime() < now.getTime() - FORGET_AFTER_MS;

/** A failed login below the limit, in one atomic UPDATE: the new count, or undefined (decide under the lock). */
async function countLoginFailure(ctx: AuthContext, userId: number, now: Date): Promise<number | undefined> {
  // A lock that has ended, or a day without a failure, restarts the count.
  const forgottenBefore = new Date(now.getTime() - FORGET_AFTER_MS).toISOString();
  const next = sql`case when ${users.lockedOut} or ${users.lastFailedLoginAt} < ${forgottenBefore}::timestamptz then 1 else ${users.failedLoginCount} + 1 end`;
  const [below] = await ctx.db
    .update(users)
    .set({
      failedLoginCount: next,
      lockedOut: false,
      lockedUntil: null,
      lastFailedLoginAt: now,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), not(lockedAtSql(now)), sql`${next} < ${limits.failedLoginsBeforeLock}`))
    .returning({ count: users.failedLoginCount });
  return below?.count;
}

/** A wrong password in a session below the limit, in one atomic UPDATE (a login lock does not stop it). */
async function countSessionFailure(ctx: AuthContext, userId: number, now: Date): Promise<number | undefined> {
  const next = sql`${users.failedSignatureCount} + 1`;
  const [below] = await ctx.db
    .update(users)
    .set({ failedSignatureCount: next, lastFailedSignatureAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), sql`${next} < ${limits.failedLoginsBeforeLock}`))
    .returning({ count: users.failedSignatureCount });
  return below?.count;
}

/**
 * Paces a user manager whose lock by wrong passwords in a session was refused (docs/decisions/010):
 * at or over the limit and not locked, their session takes one password attempt per
 * `limits.failedPasswordPauseSeconds`. Claims this attempt in one conditional UPDATE (so
 * concurrent attempts cannot share a slot), or throws 429 TOO_MANY_ATTEMPTS before the password is
 * checked. Failed logins never pace a session. Other accounts pass without a query.
 */
export async function claimSessionPasswordAttempt(ctx: AuthContext, user: UserRow): Promise<void> {
  const limit = limits.failedLoginsBeforeLock;
  if (user.lockedOut || user.failedSignatureCount < limit) return;
  const now = ctx.clock.now();
  const paced = and(
    eq(users.id, user.id),
    eq(users.lockedOut, false),
    gte(users.failedSignatureCount, limit),
  );
  const [claimed] = await ctx.db
    .update(users)
    .set({ lastFailedSignatureAt: now })
    .where(
      and(
        paced,
        or(
          isNull(users.lastFailedSignatureAt),
          lte(
            users.lastFailedSignatureAt,
            new Date(now.getTime() - limits.failedPasswordPauseSeconds * 1000),
          ),
        ),
      ),
    )
    .returning({ id: users.id });
  if (claimed) return;
  // Not claimed: still paced and too soon, or no longer paced (a right password reset the count).
  const [still] = await ctx.db.select({ id: users.id }).from(users).where(paced);
  if (still) throw tooManyAttempts();
}

/**
 * Stores a user's new password (hashed): its age starts now, a lock and the runs of failures
 * (the account's and every address's) are cleared, and every session of the user ends. The caller
 * records the change in the trail.
 */
export async function storeNewPassword(tx: Executor, userId: number, passwordHash: string, now: Date) {
  await tx
    .update(users)
    .set({ passwordHash, passwordChangedAt: now, ...unlockedValues, updatedAt: now })
    .where(eq(users.id, userId));
  await forgetLoginFailuresOf(tx, userId);
  await revokeUserSessions(tx, userId, now);
}

/**
 * Sets a user's new password after their current one was checked: it must differ, every
 * session ends, and the trail records that it changed (never the hash).
 */
export async function replacePassword(
  ctx: AuthContext,
  user: UserRow,
  currentPassword: string,
  password: string,
) {
  if (password === currentPassword) {
    throw validationFailed([
      { parameter: 'password', message: messages.passwordMustDiffer, code: 'same_password' },
    ]);
  }
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await storeNewPassword(tx, user.id, passwordHash, now);
    await recordAudit(tx, selfActor(user), {
      entityType: 'users',
      entityId: user.id,
      eventType: 'update',
      changeset: { password: ['[changed]', '[changed]'] },
      reason: 'Password changed',
    });
  });
}

/**
 * A wrong current password, answered on its field as a wrong e-signature is: wrong; wrong, and the
 * next one locks; or wrong and locked now — then the field's error is `USER_LOCKED` with the lock's
 * end on the user's clock, which the app shows on the login it signs the user out to (issue 33).
 */
async function wrongCurrentPassword(
  ctx: AuthContext,
  user: UserRow,
  outcome: FailedPasswordOutcome,
): Promise<AppError> {
  const onField = (code: 'INVALID_CREDENTIALS' | 'USER_LOCKED', message: string) =>
    new AppError(400, 'INVALID_CREDENTIALS', messages.currentPasswordWrong, [
      { parameter: 'currentPassword', code, message },
    ]);
  if (outcome.locked) {
    return onField('USER_LOCKED', userLockedMessage(outcome.lockedUntil, await lockZoneOf(ctx.db, user.id)));
  }
  if (outcome.remaining === 1) return onField('INVALID_CREDENTIALS', messages.currentPasswordLastAttempt);
  return onField('INVALID_CREDENTIALS', messages.currentPasswordWrong);
}

/**
 * `PUT /users/me/password`: a logged-in user changes their own password. A wrong current
 * password is 400 INVALID_CREDENTIALS on the `currentPassword` field and counts, like a wrong
 * e-signature, towards the lock that ends the sessions (and is paced like one when the lock was
 * refused); failed logins do not pace it.
 */
export async function changeOwnPassword(
  ctx: AuthContext,
  user: UserRow,
  body: { currentPassword: string; password: string },
): Promise<void> {
  await claimSessionPasswordAttempt(ctx, user);
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw await wrongCurrentPassword(ctx, user, await recordFailedPassword(ctx, user, 'session'));
  }
  await replacePassword(ctx, user, body.currentPassword, body.password);
}
