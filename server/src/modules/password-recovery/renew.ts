import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { isLockedAt } from '../../kernel/auth/lockout.ts';
import { fullName } from '../../kernel/auth/principal.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { passwordResetTokens, users } from '../../kernel/db/schema.ts';
import { recoveryMail } from './mail.ts';
import { RESET_PAGE_PATH } from './service.ts';
import { issueRecoveryToken, RECOVERY_TOKEN_TTL_MS } from './tokens.ts';

/** A recovery mail written again with a fresh link, and when the old and the new link end. */
export interface RenewedRecoveryMail {
  subject: string;
  textBody: string;
  htmlBody: string | null;
  /** When the link the failed mail carried stopped (or stops) working; null when it is not found. */
  oldLinkExpiresAt: Date | null;
  newLinkExpiresAt: Date;
}

const tokenInLink = /[?&]token=([A-Za-z0-9_-]+)/;

/** When the token in the mail's text expires (looked up by its hash, the only form stored). */
async function expiryOfLinkIn(db: Executor, text: string): Promise<Date | null> {
  const token = tokenInLink.exec(text)?.[1];
  if (!token) return null;
  const hash = createHash('sha256').update(token).digest('base64url');
  const [row] = await db
    .select({ expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hash));
  return row?.expiresAt ?? null;
}

/**
 * A failed recovery mail is resent with a fresh link (decision 045): its own link has usually
 * expired while the mail kept failing (it works 15 minutes). A new token is issued to the active
 * account with the mail's address, which retires every older link of the user, and the mail is
 * written again around it. Undefined when no active account has that address any more (the
 * address changed or the account was inactivated): then nothing should be sent.
 */
export async function renewRecoveryMail(
  tx: Executor,
  mail: { recipients: readonly string[]; textBody: string },
  publicUrl: string,
  now: Date,
): Promise<RenewedRecoveryMail | undefined> {
  const address = mail.recipients[0];
  if (mail.recipients.length !== 1 || !address) return undefined;
  const [user] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${address})`)
    .for('update');
  if (!user?.active) return undefined;
  const oldLinkExpiresAt = await expiryOfLinkIn(tx, mail.textBody);
  const token = await issueRecoveryToken(tx, user.id, now);
  const rewritten = recoveryMail(
    { ...user, fullName: fullName(user) },
    `${publicUrl}${RESET_PAGE_PATH}?token=${token}`,
    isLockedAt(user, now),
  );
  return {
    subject: rewritten.subject,
    textBody: rewritten.text,
    htmlBody: rewritten.html ?? null,
    oldLinkExpiresAt,
    newLinkExpiresAt: new Date(now.getTime() + RECOVERY_TOKEN_TTL_MS),
  };
}
