import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { announceMailFailed } from '../db/notifications.ts';
import { mailOutbox } from '../db/schema.ts';
import { claimDue, failedAttempt, OutboxWorker } from '../jobs/outbox-worker.ts';
import type { MailMessage, MailTransport } from './transport.ts';

export { DEFAULT_POLL_INTERVAL_MS, DEFAULT_RETRY_BASE_MS, retryDelayMs } from '../jobs/outbox-worker.ts';

/** Attempts before a mail is given up as `failed` (about an hour of retries in all). */
export const MAIL_MAX_ATTEMPTS = 8;
const BATCH_SIZE = 10;
/**
 * A claimed mail is not due again until this lease ends: if the instance sending it dies, another
 * one retries it then. It outlasts the SMTP timeouts, so a live send is never claimed twice.
 */
const CLAIM_LEASE_MS = 5 * 60_000;

export interface MailDispatcherOptions {
  db: Db;
  clock: Clock;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** How often due mail is looked for; 0 turns polling off (then only `wake`/`drain` send). */
  pollIntervalMs?: number;
  /** The first retry back-off, doubled after each failed attempt (default 30 s). */
  retryBaseMs?: number;
}

/** A leased mail and how many attempts it has had, this one included. */
type ClaimedMail = MailMessage & { attempts: number };

/**
 * Sends the outbox (`OutboxWorker`): due rows claimed in small batches with `FOR UPDATE SKIP
 * LOCKED` and leased, so several server instances share the work without sending a mail twice;
 * then each sent and recorded `sent`, or the error and the next attempt with exponential
 * back-off, or `failed` after MAIL_MAX_ATTEMPTS. Passes in one process never overlap.
 */
export class MailDispatcher {
  private readonly worker: OutboxWorker<ClaimedMail>;

  constructor(private readonly options: MailDispatcherOptions) {
    this.worker = new OutboxWorker({
      name: 'mail',
      log: options.log,
      pollIntervalMs: options.pollIntervalMs,
      leaseMs: CLAIM_LEASE_MS,
      batchSize: BATCH_SIZE,
      claim: () => this.claim(),
      deliver: (mail) => this.deliver(mail),
    });
  }

  /** Starts polling for due mail. */
  start(): void {
    this.worker.start();
  }

  /** Sends due mail now, e.g. right after a transaction that enqueued some has committed. */
  wake(): void {
    this.worker.wake();
  }

  /** Sends everything due (see `OutboxWorker.drain`). Never rejects. */
  drain(): Promise<void> {
    return this.worker.drain();
  }

  /** Started, not stopped, not stuck in a pass (readiness reports it). */
  isAlive(): boolean {
    return this.worker.isAlive();
  }

  /** Stops polling and waits for the pass in flight; the app calls it on close. */
  async stop(): Promise<void> {
    await this.worker.stop();
    this.options.transport.close();
  }

  private async claim(): Promise<ClaimedMail[]> {
    const { db, clock } = this.options;
    const rows = await claimDue(db, mailOutbox, clock.now(), BATCH_SIZE, CLAIM_LEASE_MS);
    return rows.map((r) => ({
      id: r.id,
      recipients: r.recipients,
      subject: r.subject,
      text: r.textBody,
      html: r.htmlBody,
      createdAt: r.createdAt,
      attempts: r.attempts,
    }));
  }

  private async deliver(claimed: ClaimedMail): Promise<void> {
    const { attempts, ...message } = claimed;
    const { db, clock, transport, log } = this.options;
    try {
      await transport.send(message);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const outcome = failedAttempt(
        attempts,
        MAIL_MAX_ATTEMPTS,
        error,
        clock.now(),
        this.options.retryBaseMs,
      );
      const giveUp = outcome.status === 'failed';
      await db.transaction(async (tx) => {
        await tx.update(mailOutbox).set(outcome).where(eq(mailOutbox.id, message.id));
        // The failed-mails banners of open dashboards ask again (live events).
        if (giveUp) await announceMailFailed(tx);
      });
      log[giveUp ? 'error' : 'warn'](
        { event: giveUp ? 'mail.failed' : 'mail.retry', mailId: message.id, attempts, error },
        'mail not sent',
      );
      return;
    }
    const now = clock.now();
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now, lastError: null, updatedAt: now })
      .where(eq(mailOutbox.id, message.id));
    log.info({ event: 'mail.sent', mailId: message.id }, 'mail sent');
  }
}
