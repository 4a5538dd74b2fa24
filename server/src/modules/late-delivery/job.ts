import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db/client.ts';
import { PeriodicTask } from '../../kernel/jobs/periodic.ts';
import { noticeLateOrders } from './notice.ts';

export const DEFAULT_LATE_CHECK_INTERVAL_MS = 5 * 60_000;

export interface LateDeliveryOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The app's public address, for the link in the mail. */
  publicUrl: string;
  /** Wakes the mailer after a pass queued mail. */
  wakeMailer: () => void;
  /** Wakes the webhook dispatcher after a pass queued deliveries. */
  wakeWebhooks: () => void;
  /** How often a pass runs; 0 turns the timer off (then only `runOnce`). */
  intervalMs?: number;
}

/**
 * The late-delivery watch (issue 21): every interval, each accepted or shipped order whose projected
 * delivery has passed without a delivery is mailed once to its distribution list.
 */
export class LateDeliveryJob {
  private readonly task: PeriodicTask;

  constructor(private readonly options: LateDeliveryOptions) {
    this.task = new PeriodicTask(
      'late-delivery watch',
      options.intervalMs ?? DEFAULT_LATE_CHECK_INTERVAL_MS,
      () => this.runOnce(),
      options.log,
    );
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One pass at the clock's now; the ids of the orders it mailed about. */
  async runOnce(): Promise<number[]> {
    const { db, clock, log, publicUrl, wakeMailer, wakeWebhooks } = this.options;
    const noticed = await noticeLateOrders(db, clock.now(), publicUrl);
    if (noticed.length > 0) {
      wakeMailer();
      wakeWebhooks();
      log.info({ event: 'late-delivery', orders: noticed }, 'late orders mailed');
    }
    return noticed;
  }
}
