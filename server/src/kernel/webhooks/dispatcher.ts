import { webhookHeaders } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { webhookDeliveries, webhooks } from '../db/schema.ts';
import { DEFAULT_POLL_INTERVAL_MS, failedAttempt } from '../jobs/outbox-worker.ts';
import { checkWebhookTarget, type WebhookNetworkPolicy } from './address-policy.ts';
import {
  type CircuitPolicy,
  DEFAULT_CIRCUIT,
  recordEndpointFailure,
  recordEndpointSuccess,
} from './circuit.ts';
import { type ClaimedDelivery, claimDueDeliveries } from './claim.ts';
import { describeDeliveryError } from './delivery-error.ts';
import { decryptWebhookSecret, signWebhook } from './secret.ts';
import { postWebhook } from './send.ts';

/** Attempts before a delivery is given up as `failed` (about an hour of retries with the default base). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** Deliveries one dispatcher sends at once, all endpoints together. */
export const DEFAULT_MAX_IN_FLIGHT = 16;
/** Deliveries one dispatcher sends at once to one endpoint. */
export const DEFAULT_PER_WEBHOOK = 2;
/** Claims in a row that lost rows to another dispatcher before this one waits for the next turn. */
const MAX_CONTENDED_CLAIMS = 20;
/** The error of a delivery whose webhook was disabled: given up at once. */
const DISABLED = 'The webhook is disabled';
/**
 * A claimed delivery is not due again until this lease ends (another instance retries it then,
 * if this one died). It far outlasts an attempt (lookup and request timeouts), so a live send
 * is never claimed twice.
 */
const CLAIM_LEASE_MS = 5 * 60_000;

/** What became of an attempt, as the delivery metrics count it. */
export type DeliveryOutcome = 'sent' | 'retry' | 'failed';

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
  /** Until an attempt's connection is up (default 3 s). */
  connectTimeoutMs?: number;
  /** Deliveries in flight at once (default 16) and per endpoint (default 2). */
  maxInFlight?: number;
  perWebhook?: number;
  /** When an endpoint is paused (default: after 5 failures in a row, 30 s doubling to 10 min). */
  circuit?: Partial<CircuitPolicy>;
  /** Told of each attempt's outcome (the metrics). */
  onOutcome?: (outcome: DeliveryOutcome) => void;
}

/**
 * Sends the webhook deliveries (decisions 030, 034): due rows leased with `FOR UPDATE SKIP
 * LOCKED`, so no delivery is sent by two dispatchers at once; many at once, at most a few per
 * endpoint, so an endpoint that hangs holds only its own slots and never delays another's
 * delivery; endpoints that keep failing paused (`circuit.ts`). Each delivery signed at its
 * attempt and POSTed to its webhook's address checked again (and pinned); a 2xx is `sent`,
 * anything else retried with back-off, `failed` after WEBHOOK_MAX_ATTEMPTS. Mail has its own
 * queue and worker (`mail/dispatcher.ts`).
 */
export class WebhookDispatcher {
  private readonly maxInFlight: number;
  private readonly perWebhook: number;
  private readonly circuit: CircuitPolicy;
  /** This dispatcher's deliveries in flight, by webhook id. */
  private readonly sending = new Map<number, number>();
  /** The attempts in flight, each with when it began (wall time, to tell a stuck one). */
  private readonly running = new Map<Promise<void>, number>();
  private pumping: Promise<void> | undefined;
  /** Set by `drain`/`wake` while a pump runs: look for due rows again before it ends. */
  private wakeRequested = false;
  /** Resolves the pump's wait: called when an attempt ends, on a wake and on stop. */
  private wakeWaiter: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.maxInFlight = Math.max(1, options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
    this.perWebhook = Math.max(1, options.perWebhook ?? DEFAULT_PER_WEBHOOK);
    this.circuit = { ...DEFAULT_CIRCUIT, ...options.circuit };
  }

  /** Starts polling for due deliveries. */
  start(): void {
    const interval = this.options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.started = true;
    if (this.stopped || this.timer || interval <= 0) return;
    this.timer = setInterval(() => void this.drain(), interval);
    this.timer.unref();
  }

  /** Sends due deliveries now, e.g. after a transaction that queued some has committed. */
  wake(): void {
    void this.drain();
  }

  /**
   * Sends everything due, many at once; resolves when nothing is due and nothing is in flight
   * (a hanging endpoint's attempts end at their timeout). Never rejects.
   */
  drain(): Promise<void> {
    if (this.stopped) return this.pumping ?? Promise.resolve();
    this.wakeRequested = true;
    this.wakeWaiter?.();
    this.pumping ??= this.pump();
    return this.pumping;
  }

  /** Started and not stopped, and no attempt has run longer than a claim's lease (that one is stuck). */
  isAlive(): boolean {
    const now = Date.now();
    const stuck = [...this.running.values()].some((began) => now - began > CLAIM_LEASE_MS);
    return this.started && !this.stopped && !stuck;
  }

  /** Stops polling and claiming, and waits for the attempts in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    this.wakeWaiter?.();
    await this.pumping;
  }

  /**
   * Claims into the free slots and starts each claimed delivery at once; claims again at once
   * while claims bring rows (the endpoints just filled are left out of the next one), else waits
   * for an attempt to end or a wake. Ends, clearing `pumping` in the same turn (so a `drain`
   * cannot slip between the last look and the end), when nothing is due or in flight.
   */
  private async pump(): Promise<void> {
    const { db, clock, log } = this.options;
    let contendedClaims = 0;
    for (;;) {
      this.wakeRequested = false;
      let claimed = 0;
      let contended = false;
      const free = this.maxInFlight - this.running.size;
      if (!this.stopped && free > 0) {
        try {
          const claim = await claimDueDeliveries(db, {
            now: clock.now(),
            limit: free,
            perWebhook: this.perWebhook,
            sending: this.sending,
            leaseMs: CLAIM_LEASE_MS,
          });
          for (const delivery of claim.deliveries) this.begin(delivery);
          claimed = claim.deliveries.length;
          // Another dispatcher took some of the rows picked: look again (a few times in a row at most).
          contended = claim.contended && ++contendedClaims <= MAX_CONTENDED_CLAIMS;
          if (!claim.contended) contendedClaims = 0;
        } catch (err) {
          // The database may be briefly unreachable: finish what is in flight; the next poll tries again.
          log.error({ event: 'webhook.dispatch_failed', err }, 'webhook dispatch pass failed');
          await Promise.all(this.running.keys());
          this.pumping = undefined;
          return;
        }
      }
      if ((claimed > 0 || contended) && this.running.size < this.maxInFlight) continue;
      if (this.running.size === 0) {
        if (this.wakeRequested && !this.stopped) continue;
        this.pumping = undefined;
        return;
      }
      // Until an attempt ends (`begin`) or a wake (`drain`).
      await new Promise<void>((resolve) => {
        this.wakeWaiter = resolve;
      });
      this.wakeWaiter = undefined;
    }
  }

  /** Starts one delivery's attempt and keeps count of it until it ends. */
  private begin(delivery: ClaimedDelivery): void {
    const { webhookId } = delivery;
    this.sending.set(webhookId, (this.sending.get(webhookId) ?? 0) + 1);
    const attempt = this.deliver(delivery)
      .catch((err) =>
        // Recording the outcome failed (the database): the lease makes it due again later.
        this.options.log.error(
          { event: 'webhook.record_failed', deliveryId: delivery.deliveryId, err },
          'webhook outcome not recorded',
        ),
      )
      .finally(() => {
        this.running.delete(attempt);
        const left = (this.sending.get(webhookId) ?? 1) - 1;
        if (left > 0) this.sending.set(webhookId, left);
        else this.sending.delete(webhookId);
        this.wakeWaiter?.();
      });
    this.running.set(attempt, Date.now());
  }

  /** One attempt: its HTTP status (null: none) or what failed it, in words. */
  private async attempt(
    delivery: ClaimedDelivery,
  ): Promise<{ httpStatus: number | null; error: string | null; disabled: boolean }> {
    const { db, clock, auditKey, policy, timeoutMs, connectTimeoutMs } = this.options;
    const [webhook] = await db.select().from(webhooks).where(eq(webhooks.id, delivery.webhookId));
    if (!webhook || webhook.disabledAt) return { httpStatus: null, error: DISABLED, disabled: true };
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
        { timeoutMs, connectTimeoutMs },
      );
      const ok = answer.status >= 200 && answer.status < 300;
      return { httpStatus: answer.status, error: ok ? null : `HTTP ${answer.status}`, disabled: false };
    } catch (err) {
      return { httpStatus: null, error: describeDeliveryError(err), disabled: false };
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { db, clock, log, onOutcome } = this.options;
    const { httpStatus, error, disabled } = await this.attempt(delivery);
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
      await recordEndpointSuccess(db, delivery.webhookId);
      onOutcome?.('sent');
      log.info({ event: 'webhook.sent', ...ids, httpStatus }, 'webhook delivered');
      return;
    }
    // A disabled webhook's delivery is not retried, and says nothing of its endpoint.
    const attempts = disabled ? WEBHOOK_MAX_ATTEMPTS : delivery.attempts;
    const outcome = failedAttempt(attempts, WEBHOOK_MAX_ATTEMPTS, error, now, this.options.retryBaseMs);
    await db
      .update(webhookDeliveries)
      .set({ ...outcome, lastHttpStatus: httpStatus })
      .where(eq(webhookDeliveries.id, delivery.id));
    const giveUp = outcome.status === 'failed';
    onOutcome?.(giveUp ? 'failed' : 'retry');
    log[giveUp ? 'error' : 'warn'](
      { event: giveUp ? 'webhook.failed' : 'webhook.retry', ...ids, httpStatus, error },
      'webhook not delivered',
    );
    if (disabled) return;
    const circuit = await recordEndpointFailure(db, delivery.webhookId, now, this.circuit);
    if (circuit.pausedUntil)
      log.warn(
        {
          event: 'webhook.paused',
          webhookId: delivery.webhookId,
          failures: circuit.failures,
          pausedUntil: circuit.pausedUntil,
        },
        'webhook endpoint paused after failures in a row',
      );
  }
}
