import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS } from '../auth/access-token.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { keyExpiry } from '../db/idempotency-expiry.ts';
import { idempotencyKeys, mailOutbox, passwordResetTokens, refreshTokens } from '../db/schema.ts';
import { PeriodicTask } from '../jobs/periodic.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_RETENTION_INTERVAL_MS = 60 * 60_000;
export const DEFAULT_MAIL_RETENTION_DAYS = 90;

export interface RetentionOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How often a pass runs; 0 turns the timer off (then only `runOnce` deletes). */
  intervalMs?: number;
  /** Sent mail is kept this many days after sending; 0 keeps it forever. */
  mailRetentionDays?: number;
}

/** Rows one pass deleted, by table. */
export interface RetentionResult {
  refreshTokens: number;
  passwordResetTokens: number;
  idempotencyKeys: number;
  sentMail: number;
}

/**
 * Deletes what has no use left: expired refresh tokens, expired or used password-reset tokens,
 * expired Idempotency-Keys (decision 016) and sent mail older than MAIL_RETENTION_DAYS. Never
 * audit rows, never unsent or failed mail. Each DELETE is idempotent, so several instances may
 * run it at once without coordinating.
 */
export class RetentionJob {
  private readonly task: PeriodicTask;

  constructor(private readonly options: RetentionOptions) {
    this.task = new PeriodicTask(
      'retention',
      options.intervalMs ?? DEFAULT_RETENTION_INTERVAL_MS,
      () => this.runOnce(),
      options.log,
    );
  }

  /** Runs a pass every interval (the first one interval after start). */
  start(): void {
    this.task.start();
  }

  /** Stops the timer and waits for a pass in flight; the app calls it on close. */
  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One pass: each table's expired rows deleted at the clock's now. */
  async runOnce(): Promise<RetentionResult> {
    const { db, clock, log } = this.options;
    const now = clock.now();
    // A refresh token outlives the access token issued with it; kept that much longer, so the
    // session a live access token belongs to never ends early (sessionLive reads these rows).
    const tokenCutoff = new Date(now.getTime() - ACCESS_TOKEN_TTL_SECONDS * 1000);
    const refresh = await db
      .delete(refreshTokens)
      .where(lt(refreshTokens.expiresAt, tokenCutoff))
      .returning({ id: refreshTokens.id });
    const resets = await db
      .delete(passwordResetTokens)
      .where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    const keys = await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, keyExpiry(now)))
      .returning({ key: idempotencyKeys.key });
    const days = this.options.mailRetentionDays ?? DEFAULT_MAIL_RETENTION_DAYS;
    const mail =
      days === 0
        ? []
        : await db
            .delete(mailOutbox)
            .where(
              and(
                eq(mailOutbox.status, 'sent'),
                lt(mailOutbox.sentAt, new Date(now.getTime() - days * DAY_MS)),
              ),
            )
            .returning({ id: mailOutbox.id });
    const result = {
      refreshTokens: refresh.length,
      passwordResetTokens: resets.length,
      idempotencyKeys: keys.length,
      sentMail: mail.length,
    };
    if (Object.values(result).some((n) => n > 0))
      log.info({ event: 'retention', deleted: result }, 'retention pass');
    return result;
  }
}
