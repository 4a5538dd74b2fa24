import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@dosechain/contract';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../kernel/audit/record.ts';
import { type AuthContext, selfActor, storeNewPassword } from '../../kernel/auth/credentials.ts';
import { isLockedAt, lockLifted } from '../../kernel/auth/lockout.ts';
import { passwordRefusedFor } from '../../kernel/auth/organisation-only.ts';
import { hashPassword } from '../../kernel/auth/password.ts';
import { fullName } from '../../kernel/auth/principal.ts';
import { users } from '../../kernel/db/schema.ts';
import { validationFailed } from '../../kernel/http/app-error.ts';
import type { Mailer } from '../../kernel/http/deps.ts';
import { enqueueMail } from '../../kernel/mail/outbox.ts';
import { recoveryMail } from './mail.ts';
import { consumeRecoveryToken, issueRecoveryToken, peekRecoveryToken, retireUserTokens } from './tokens.ts';

export interface RecoveryContext extends AuthContext {
  mailer: Mailer;
}

/** The web app's page that reads the token from the link (see web/src/app/routes.tsx). */
export const RESET_PAGE_PATH = '/password-reset';

/**
 * Every recovery request takes at least this long, so the answer's timing does not tell an
 * address with an account (a token and a mail written) from one without.
 */
const RECOVERY_MIN_RESPONSE_MS = 250;

const linkInvalid = () =>
  validationFailed([{ parameter: 'token', message: messages.recoveryLinkInvalid, code: 'invalid' }]);

/**
 * `POST /users/password-recovery`: mails a single-use link to the active account with this
 * address, locked or not (the reset lifts a lock: docs/decisions/010). The caller learns nothing:
 * unknown and inactive addresses get no mail, and all answer alike, in about the same time.
 */
export async function requestRecovery(ctx: RecoveryContext, email: string): Promise<void> {
  const started = performance.now();
  const now = ctx.clock.now();
  const [user] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`);
  // A user who signs in with the organisation only has no password to recover (decision 056).
  const mailed = user?.active === true && !(await passwordRefusedFor(ctx.db, user, now));
  if (user && mailed) {
    await ctx.db.transaction(async (tx) => {
      const token = await issueRecoveryToken(tx, user.id, now);
      const link = `${ctx.config.publicUrl}${RESET_PAGE_PATH}?token=${token}`;
      const mail = recoveryMail({ ...user, fullName: fullName(user) }, link, isLockedAt(user, now));
      await enqueueMail(tx, { ...mail, purpose: 'password_recovery' }, now);
    });
    ctx.mailer.wake();
    ctx.log.info(
      { event: 'password_recovery.requested', userId: user.id, lockedOut: isLockedAt(user, now) },
      'password recovery requested',
    );
  } else {
    ctx.log.info(
      { event: 'password_recovery.no_account' },
      'password recovery for an address without an active account with a password',
    );
  }
  const left = RECOVERY_MIN_RESPONSE_MS - (performance.now() - started);
  if (left > 0) await sleep(left);
}

/**
 * `POST /validate-token`: whether a link still works (unused, unexpired, its account active; a
 * locked account's link works, since the reset lifts the lock).
 */
export async function validateRecoveryToken(ctx: AuthContext, token: string): Promise<boolean> {
  const userId = await peekRecoveryToken(ctx.db, token, ctx.clock.now());
  if (!userId) return false;
  const [user] = await ctx.db.select({ active: users.active }).from(users).where(eq(users.id, userId));
  return user?.active === true;
}

/**
 * `PUT /users/password-change` with a token: uses the token up, sets the password, lifts a lock
 * and starts the failed-login count again, ends every session of the user and records the change
 * (and the lock lifted), all in one transaction. Whoever can read the account's mail could reset
 * the password anyway, so a lock guards nothing against them (docs/decisions/010). A used,
 * expired or unknown token, or one of an account inactivated since, is refused
 * (`recoveryLinkInvalid` on `token`).
 */
export async function resetPasswordWithToken(
  ctx: AuthContext,
  body: { token: string; password: string },
): Promise<void> {
  // Hashed before the transaction: argon2 takes a while and must not hold row locks.
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  const reset = await ctx.db.transaction(async (tx) => {
    const claimedBy = await consumeRecoveryToken(tx, body.token, now);
    if (!claimedBy) return undefined;
    const [user] = await tx.select().from(users).where(eq(users.id, claimedBy)).for('update');
    if (!user?.active) return undefined;
    const locked = isLockedAt(user, now);
    await storeNewPassword(tx, user.id, passwordHash, now);
    await retireUserTokens(tx, user.id, now);
    await recordAudit(tx, selfActor(user), {
      entityType: 'users',
      entityId: user.id,
      eventType: 'update',
      changeset: { password: ['[changed]', '[changed]'], ...(locked ? lockLifted(user) : {}) },
      reason: locked
        ? 'Password reset with a recovery link, which lifted the lock'
        : 'Password reset with a recovery link',
    });
    return { id: user.id, unlocked: locked };
  });
  if (!reset) throw linkInvalid();
  ctx.log.info(
    { event: 'password_recovery.completed', userId: reset.id, unlocked: reset.unlocked },
    'password reset with a recovery link',
  );
}
