import { randomInt } from 'node:crypto';
import { meetsPasswordPolicy } from '@dosechain/contract';
import { eq, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../kernel/audit/record.ts';
import { isLockedAt, lockLifted, unlockedValues } from '../kernel/auth/lockout.ts';
import { forgetLoginFailuresOf } from '../kernel/auth/login-pacing.ts';
import { hashPassword } from '../kernel/auth/password.ts';
import type { UserRow } from '../kernel/auth/principal.ts';
import { revokeUserSessions } from '../kernel/auth/refresh-tokens.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Db, Executor } from '../kernel/db/client.ts';
import { users } from '../kernel/db/schema.ts';
import { retireUserTokens } from '../modules/password-recovery/tokens.ts';

/**
 * Break-glass for the operator (issue 16): whoever runs the server can unlock an account or give
 * it a one-time password from the command line, when no user manager can log in. These are the
 * commands' effects; `admin.ts` is the command line around them.
 */

/** Who the audit rows of the operator's commands name: no user, no role. */
export const operatorActor: AuditActor = {
  userId: null,
  username: 'system',
  fullName: 'System (operator command line)',
  roleType: null,
};

export interface OperatorContext {
  db: Db;
  clock: Clock;
}

export type UnlockOutcome = { kind: 'unlocked'; username: string } | { kind: 'not-locked'; username: string };
export type ResetOutcome = { kind: 'reset'; username: string; password: string; unlocked: boolean };

/** The user with this username (case and surrounding spaces ignored, as at login), for update. */
async function lockedRow(tx: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.trim()})`)
    .for('update');
  return row;
}

export class UnknownUserError extends Error {
  constructor(readonly username: string) {
    super(`No user "${username}"`);
    this.name = 'UnknownUserError';
  }
}

/**
 * Lifts the lock of a user locked now: clears it, its end and the failure count, audited as the
 * operator's with the reason. A user not locked now is left as is (nothing to audit).
 */
export async function operatorUnlock(
  ctx: OperatorContext,
  username: string,
  reason: string,
): Promise<UnlockOutcome> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const user = await lockedRow(tx, username);
    if (!user) throw new UnknownUserError(username);
    if (!isLockedAt(user, now)) return { kind: 'not-locked', username: user.username };
    await tx
      .update(users)
      .set({ ...unlockedValues, updatedAt: now })
      .where(eq(users.id, user.id));
    await forgetLoginFailuresOf(tx, user.id);
    await recordAudit(tx, operatorActor, {
      entityType: 'users',
      entityId: user.id,
      eventType: 'update',
      changeset: lockLifted(user),
      reason,
    });
    return { kind: 'unlocked', username: user.username };
  });
}

const PASSWORD_LENGTH = 16;
// Letters and digits that cannot be misread for each other (no 0/O, 1/l/I).
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 16 random characters (about 93 bits) meeting the password policy: an uppercase letter and a digit. */
export function oneTimePassword(): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < PASSWORD_LENGTH; i++)
      password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    if (meetsPasswordPolicy(password)) return password;
  }
}

/**
 * Gives a user a generated one-time password: it counts as expired (`password_changed_at` is the
 * epoch, like a new user's first password), so the first login goes to the expired-password
 * screen and the person chooses their own; the operator never knows a password in use. Every
 * session of the user ends, unused recovery links stop working, any lock and the failure count
 * are cleared. Audited as the operator's with the reason. Returns the password, to be shown once.
 */
export async function operatorResetPassword(
  ctx: OperatorContext,
  username: string,
  reason: string,
): Promise<ResetOutcome> {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const user = await lockedRow(tx, username);
    if (!user) throw new UnknownUserError(username);
    const locked = isLockedAt(user, now);
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: new Date(0),
        ...unlockedValues,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await forgetLoginFailuresOf(tx, user.id);
    await revokeUserSessions(tx, user.id, now);
    await retireUserTokens(tx, user.id, now);
    await recordAudit(tx, operatorActor, {
      entityType: 'users',
      entityId: user.id,
      eventType: 'update',
      changeset: { password: ['[changed]', '[changed]'], ...(locked ? lockLifted(user) : {}) },
      reason,
    });
    return { kind: 'reset', username: user.username, password, unlocked: locked };
  });
}
