import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { MailMessage, MailTransport } from './transport.ts';

/** Attempts before a mail is given up as `failed` (about an hour of retries in all). */
export const MAIL_MAX_ATTEMPTS = 8;
const BATCH_SIZE = 10;
/** The first back-off; `MAIL_RETRY_BASE_SECONDS` changes it (tests of an SMTP outage shorten it). */
export const DEFAULT_RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
/**
 * A claimed mail is not due again until this lease ends: if the instance sending it dies, another
 * one retries it then. It outlasts the SMTP timeouts, so a live send is never claimed twice.
 */
const CLAIM_LEASE_MS = 5 * 60_000;
export const DEFAULT_POLL_INTERVAL_MS = 5_000;

/** Back-off after the n-th failed attempt: 30 s, 1 min, 2 min, … at most an hour (base 30 s). */
export function retryDelayMs(attempts: number, baseMs = DEFAULT_RETRY_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

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
 * Sends the outbox. Each pass claims due rows in small batches with `FOR UPDATE SKIP LOCKED`
 * and leases them, so several server instances share the work without sending a mail twice;
 * then sends each and records `sent`, or the error and the next attempt with exponential
 * back-off, or `failed` after MAIL_MAX_ATTEMPTS. Passes in one process never overlap.
 */
export class MailDispatcher {
  private readonly options: MailDispatcherOptions;
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private stopped = false;
  private started = false;
  /** When the pass in flight began (wall time), to tell a stuck pass from a running one. */
  private passStartedAt: number | undefined;

  constructor(options: MailDispatcherOptions) {
    this.options = options;
  }

  /** Starts polling for due mail. */
  start(): void {
    const interval = this.options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.started = true;
    if (this.stopped || this.timer || interval <= 0) return;
    this.timer = setInterval(() => void this.drain(), interval);
    this.timer.unref();
  }

  /** Sends due mail now, e.g. right after a transaction that enqueued some has committed. */
  wake(): void {
    void this.drain();
  }

  /**
   * Sends everything due, batch after batch. A call while a pass runs queues one more pass after
   * it (so mail committed meanwhile is not missed) and resolves when that pass ends. Never rejects.
   */
  drain(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.current) {
      this.passStartedAt = Date.now();
      this.current = this.pass().finally(() => {
        this.current = undefined;
        this.passStartedAt = undefined;
      });
      return this.current;
    }
    this.queued ??= this.current.then(() => {
      this.queued = undefined;
      return this.drain();
    });
    return this.queued;
  }

  /**
   * Started and not stopped, and no pass has run longer than a claim's lease (a pass that long
   * is stuck: its mails are due again for other instances). Readiness reports it.
   */
  isAlive(): boolean {
    const stuck = this.passStartedAt !== undefined && Date.now() - this.passStartedAt > CLAIM_LEASE_MS;
    return this.started && !this.stopped && !stuck;
  }

  /** Stops polling and waits for the pass in flight; the app calls it on close. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
    this.options.transport.close();
  }

  private async pass(): Promise<void> {
    try {
      for (;;) {
        const batch = await this.claim();
        for (const message of batch) await this.deliver(message);
        if (batch.length < BATCH_SIZE || this.stopped) return;
      }
    } catch (err) {
      // The database may be briefly unreachable; the next poll tries again.
      this.options.log.error({ event: 'mail.dispatch_failed', err }, 'mail dispatch pass failed');
    }
  }

  /** Leases up to BATCH_SIZE due mails in one statement; rows another instance holds are skipped. */
  private async claim(): Promise<ClaimedMail[]> {
    const { db, clock } = this.options;
    const now = clock.now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
        updatedAt: now,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return rows
      .sort((a, b) => a.id - b.id)
      .map((r) => ({
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
      const now = clock.now();
      const giveUp = attempts >= MAIL_MAX_ATTEMPTS;
      const error = err instanceof Error ? err.message : String(err);
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: error.slice(0, 1000),
          nextAttemptAt: new Date(
            now.getTime() + (giveUp ? 0 : retryDelayMs(attempts, this.options.retryBaseMs)),
          ),
          updatedAt: now,
        })
        .where(eq(mailOutbox.id, message.id));
      const level = giveUp ? 'error' : 'warn';
      log[level](
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
