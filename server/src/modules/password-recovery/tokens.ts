import { createHash, randomBytes } from 'node:crypto';
import { limits } from '@dosechain/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../kernel/db/client.ts';
import { passwordResetTokens } from '../../kernel/db/schema.ts';

export const RECOVERY_TOKEN_TTL_MS = limits.recoveryLinkMinutes * 60_000;

/** Only the SHA-256 of a token is stored; the token itself has 256 random bits. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const live = (tokenHash: string, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

/** Retires a user's unused tokens: after a new link is issued or the password was reset. */
export async function retireUserTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now, updatedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Issues a user's recovery token, valid 15 minutes; only the newest link of a user works. */
export async function issueRecoveryToken(db: Executor, userId: number, now: Date): Promise<string> {
  await retireUserTokens(db, userId, now);
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + RECOVERY_TOKEN_TTL_MS),
    createdAt: now,
    updatedAt: now,
  });
  return token;
}

/** The user of an unused, unexpired token, without using it up. */
export async function peekRecoveryToken(db: Executor, token: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(live(hashToken(token), now));
  return row?.userId;
}

/**
 * Uses a token up in one conditional UPDATE, so of two concurrent uses at most one gets the
 * user. Run it in the transaction that changes the password.
 */
export async function consumeRecoveryToken(
  db: Executor,
  token: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now, updatedAt: now })
    .where(live(hashToken(token), now))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}
