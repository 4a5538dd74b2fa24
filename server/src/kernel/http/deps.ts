import type { ChainEndWatch } from '../audit/chain-end.ts';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AppMetrics } from '../metrics/instruments.ts';

/** The mail outbox's dispatcher as features see it. */
export interface Mailer {
  /** Call after a transaction that enqueued mail has committed, to send it now rather than at the next poll. */
  wake(): void;
}

/** The webhook dispatcher as features see it (decision 030). */
export interface WebhookWaker {
  /** Call after a transaction that queued webhook deliveries has committed, to send them now. */
  wake(): void;
}

/** What the app is built from; tests pass their own database, clock and configuration. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  webhooks: WebhookWaker;
  metrics: AppMetrics;
  /** The newest place in the audit chain this server wrote or verified (issue 31). */
  auditChainEnd: ChainEndWatch;
}
