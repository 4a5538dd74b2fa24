import { webhookHeaders } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { webhookDeliveries, webhooks } from '../db/schema.ts';
import { claimDue, failedAttempt, OutboxWorker } from '../jobs/outbox-worker.ts';
import { checkWebhookTarget, type WebhookNetworkPolicy } from './address-policy.ts';
import { decryptWebhookSecret, signWebhook } from './secret.ts';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './send.ts';

/** Attempts before a delivery is given up as `failed` (about an hour of retries with the default base). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
const BATCH_SIZE = 10;
/** The error of a delivery whose webhook was disabled: given up at once. */
const DISABLED = 'The webhook is disabled';
/**
 * A claimed delivery is not due again until this lease ends (another instance retries it then,
 * if this one died). It far outlasts an attempt (lookup and request timeouts), so a live send
 * is never claimed twice.
 */
const CLAIM_LEASE_MS = 5 * 60_000;

export interface WebhookDispatcherOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Encrypts the webhooks' secrets (`secret.ts`). */
  auditKey: string;
  policy: WebhookNetworkPolicy;
  /** How often due deliveries are looked for; 0 turns polling off (then only `wake`/`drain` send). */
  pollIntervalMs?: number;
  /** The first retry back-off, doubled after each failed attempt (default 30 s). */
  retryBaseMs?: number;
  /** One attempt's time limit (default 10 s). */
  timeoutMs?: number;
}

type ClaimedDelivery = typeof webhookDeliveries.$inferSelect;

/**
 * Sends the webhook deliveries (decision 030) as the mail dispatcher sends mail (`OutboxWorker`):
 * due rows leased with `FOR UPDATE SKIP LOCKED`, so no delivery is sent by two dispatchers at
 * once; each signed at its attempt, POSTed to its webhook's address checked again (and pinned);
 * a 2xx is `sent`, anything else retried with back-off, `failed` after WEBHOOK_MAX_ATTEMPTS.
 */
export class WebhookDispatcher {
  private readonly worker: OutboxWorker<ClaimedDelivery>;

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.worker = new OutboxWorker({
      name: 'webhook',
      log: options.log,
      pollIntervalMs: options.pollIntervalMs,
      leaseMs: CLAIM_LEASE_MS,
      batchSize: BATCH_SIZE,
      claim: () => claimDue(options.db, webhookDeliveries, options.clock.now(), BATCH_SIZE, CLAIM_LEASE_MS),
      deliver: (delivery) => this.deliver(delivery),
    });
  }

  start(): void {
    this.worker.start();
  }

  /** Sends due deliveries now, e.g. after a transaction that queued some has committed. */
  wake(): void {
    this.worker.wake();
  }

  /** Sends everything due. Never rejects. */
  drain(): Promise<void> {
    return this.worker.drain();
  }

  isAlive(): boolean {
    return this.worker.isAlive();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** One attempt: its HTTP status (null: none) or the error that failed it. */
  private async attempt(
    delivery: ClaimedDelivery,
  ): Promise<{ httpStatus: number | null; error: string | null }> {
    const { db, clock, auditKey, policy, timeoutMs } = this.options;
    const [webhook] = await db.select().from(webhooks).where(eq(webhooks.id, delivery.webhookId));
    if (!webhook || webhook.disabledAt) return { httpStatus: null, error: DISABLED };
    try {
      const target = await checkWebhookTarget(webhook.url, policy);
      const timestamp = Math.floor(clock.now().getTime() / 1000);
      const secret = decryptWebhookSecret(webhook.secretCiphertext, auditKey);
      const answer = await postWebhook(
        target,
        {
          [webhookHeaders.id]: delivery.deliveryId,
          [webhookHeaders.timestamp]: String(timestamp),
          [webhookHeaders.signature]: signWebhook(secret, delivery.deliveryId, timestamp, delivery.payload),
        },
        delivery.payload,
        timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      );
      const ok = answer.status >= 200 && answer.status < 300;
      return { httpStatus: answer.status, error: ok ? null : `HTTP ${answer.status}` };
    } catch (err) {
      return { httpStatus: null, error: err instanceof Error ? err.message : String(err) };
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { db, clock, log } = this.options;
    const { httpStatus, error } = await this.attempt(delivery);
    const now = clock.now();
    const ids = {
      webhookId: delivery.webhookId,
      deliveryId: delivery.deliveryId,
      attempts: delivery.attempts,
    };
    if (error === null) {
      await db
        .update(webhookDeliveries)
        .set({ status: 'sent', sentAt: now, lastError: null, lastHttpStatus: httpStatus, updatedAt: now })
        .where(eq(webhookDeliveries.id, delivery.id));
      log.info({ event: 'webhook.sent', ...ids, httpStatus }, 'webhook delivered');
      return;
    }
    // A disabled webhook's delivery is not retried.
    const attempts = error === DISABLED ? WEBHOOK_MAX_ATTEMPTS : delivery.attempts;
    const outcome = failedAttempt(attempts, WEBHOOK_MAX_ATTEMPTS, error, now, this.options.retryBaseMs);
    await db
      .update(webhookDeliveries)
      .set({ ...outcome, lastHttpStatus: httpStatus })
      .where(eq(webhookDeliveries.id, delivery.id));
    const giveUp = outcome.status === 'failed';
    log[giveUp ? 'error' : 'warn'](
      { event: giveUp ? 'webhook.failed' : 'webhook.retry', ...ids, httpStatus, error },
      'webhook not delivered',
    );
  }
}
