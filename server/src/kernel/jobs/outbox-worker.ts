import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';

/**
 * The mail outbox's worker (decision 008): due rows claimed with `FOR UPDATE SKIP LOCKED` and
 * leased, sent one by one, retried with exponential back-off and given up as `failed` after a
 * number of attempts; passes that never overlap in one process. The outbox supplies its claim
 * and its send (`OutboxWorker`'s `claim` and `deliver`). Webhook deliveries share the back-off
 * (`retryDelayMs`, `failedAttempt`) but have their own claim and concurrent dispatcher
 * (decision 034: many at once, a few per endpoint, a circuit breaker per endpoint).
 */

/** The first back-off by default (30 s), doubled after each failed attempt. */
export const DEFAULT_RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
export const DEFAULT_POLL_INTERVAL_MS = 5_000;

/** Back-off after the n-th failed attempt: 30 s, 1 min, 2 min, … at most an hour (base 30 s). */
export function retryDelayMs(attempts: number, baseMs = DEFAULT_RETRY_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** The columns an outbox table has for the worker. */
export interface OutboxColumns {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  updatedAt: PgColumn;
}

/**
 * Leases up to `limit` due rows of an outbox in one statement: their attempts counted, not due
 * again until the lease ends (if the instance sending them dies, another retries them then).
 * Rows another instance holds are skipped. The claimed rows, by id.
 */
export async function claimDue<T extends PgTable & OutboxColumns>(
  db: Db,
  table: T,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<T['$inferSelect'][]> {
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.status, 'pending'), lte(table.nextAttemptAt, now)))
    .orderBy(asc(table.nextAttemptAt), asc(table.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = (await db
    .update(table as PgTable)
    .set({
      attempts: sql`${table.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
      updatedAt: now,
    } as never)
    .where(inArray(table.id, due))
    .returning()) as T['$inferSelect'][];
  return rows.sort((a, b) => (a as { id: number }).id - (b as { id: number }).id);
}

/** The columns a failed attempt sets: pending again after its back-off, or failed for good. */
export function failedAttempt(
  attempts: number,
  maxAttempts: number,
  error: string,
  now: Date,
  retryBaseMs?: number,
): { status: 'pending' | 'failed'; lastError: string; nextAttemptAt: Date; updatedAt: Date } {
  const giveUp = attempts >= maxAttempts;
  return {
    status: giveUp ? 'failed' : 'pending',
    lastError: error.slice(0, 1000),
    nextAttemptAt: new Date(now.getTime() + (giveUp ? 0 : retryDelayMs(attempts, retryBaseMs))),
    updatedAt: now,
  };
}

export interface OutboxWorkerOptions<Job> {
  /** For log lines: `<name>.dispatch_failed`. */
  name: string;
  log: FastifyBaseLogger;
  /** How often due rows are looked for; 0 turns polling off (then only `wake`/`drain` send). */
  pollIntervalMs?: number;
  /** A claim's lease: a pass running longer than this is stuck (`isAlive`). */
  leaseMs: number;
  batchSize: number;
  /** Leases a batch of due rows (`claimDue`). */
  claim: () => Promise<Job[]>;
  /** Sends one and records the outcome; never rejects for a failed send. */
  deliver: (job: Job) => Promise<void>;
}

/**
 * Runs an outbox: passes that claim a batch, deliver each, and go on while batches are full.
 * A call while a pass runs queues one more pass after it (so rows committed meanwhile are not
 * missed). Passes in one process never overlap; several instances share the work by the claim.
 */
export class OutboxWorker<Job> {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private stopped = false;
  private started = false;
  /** When the pass in flight began (wall time), to tell a stuck pass from a running one. */
  private passStartedAt: number | undefined;

  constructor(private readonly options: OutboxWorkerOptions<Job>) {}

  /** Starts polling for due rows. */
  start(): void {
    const interval = this.options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.started = true;
    if (this.stopped || this.timer || interval <= 0) return;
    this.timer = setInterval(() => void this.drain(), interval);
    this.timer.unref();
  }

  /** Sends due rows now, e.g. right after a transaction that enqueued some has committed. */
  wake(): void {
    void this.drain();
  }

  /** Sends everything due, batch after batch; resolves when done. Never rejects. */
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

  /** Started and not stopped, and no pass has run longer than a claim's lease (that one is stuck). */
  isAlive(): boolean {
    const stuck = this.passStartedAt !== undefined && Date.now() - this.passStartedAt > this.options.leaseMs;
    return this.started && !this.stopped && !stuck;
  }

  /** Stops polling and waits for the pass in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
  }

  private async pass(): Promise<void> {
    const { claim, deliver, batchSize, log, name } = this.options;
    try {
      for (;;) {
        const batch = await claim();
        for (const job of batch) await deliver(job);
        if (batch.length < batchSize || this.stopped) return;
      }
    } catch (err) {
      // The database may be briefly unreachable; the next poll tries again.
      log.error({ event: `${name}.dispatch_failed`, err }, `${name} dispatch pass failed`);
    }
  }
}
