import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.ts';
import { serverVersion } from '../health/readiness.ts';
import type { DeliveryOutcome } from '../webhooks/dispatcher.ts';
import { mailOutboxCounts, webhookQueueCounts } from './outbox-counts.ts';

/** The app's counters and histograms, on a registry of its own (tests build many apps in one process). */
export interface AppMetrics {
  registry: Registry;
  /** The whole scrape: the app's registry, then the process's (`processRegistry`). */
  scrape(): Promise<string>;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Refused logins, by the refusal's code (INVALID_CREDENTIALS, USER_LOCKED, …). */
  loginFailures: Counter<'reason'>;
  /** Accounts locked by consecutive wrong passwords (logins, password changes, e-signatures). */
  lockouts: Counter;
  /** Orders placed (committed; idempotent replays not counted). */
  orderPlacements: Counter;
  /** Webhook delivery attempts by outcome: sent, retry (failed, tried again later), failed (given up). */
  webhookAttempts: Counter<'outcome'>;
}

let processMetrics: Registry | undefined;

/**
 * prom-client's default metrics (process_resident_memory_bytes, CPU, heap, event-loop lag, GC,
 * nodejs_version_info, …) on one registry for the whole process, created at the first app's
 * metrics: they describe the process, which every app in it shares, and registering them twice
 * on one registry throws (tests build many apps in one process), while once per app would start
 * an event-loop monitor and a GC observer per app.
 */
export function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/** The node-postgres pool under a database opened on PostgreSQL; none on PGlite. */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

export interface MetricsOptions {
  /** The deployed commit (GIT_COMMIT) for `dosechain_build_info`; "unknown" by default. */
  commit?: string;
  /** The app's clock (whether an endpoint's pause is over); the wall clock by default. */
  now?: () => Date;
}

/** Creates the app's metrics; the pool and outbox gauges are read from the database when scraped. */
export function createMetrics(db: Db, options: MetricsOptions = {}): AppMetrics {
  const registry = new Registry();
  const processMetricsRegistry = processRegistry();
  const now = options.now ?? (() => new Date());
  const metrics: AppMetrics = {
    registry,
    async scrape() {
      return `${await registry.metrics()}\n${await processMetricsRegistry.metrics()}`;
    },
    httpDuration: new Histogram({
      name: 'dosechain_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    loginFailures: new Counter({
      name: 'dosechain_login_failures_total',
      help: 'Refused logins by reason',
      labelNames: ['reason'],
      registers: [registry],
    }),
    lockouts: new Counter({
      name: 'dosechain_account_lockouts_total',
      help: 'Accounts locked after consecutive wrong passwords',
      registers: [registry],
    }),
    orderPlacements: new Counter({
      name: 'dosechain_order_placements_total',
      help: 'Orders placed',
      registers: [registry],
    }),
    webhookAttempts: new Counter({
      name: 'dosechain_webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts by outcome: sent, retry (failed, tried again later), failed (given up)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
  // Every outcome from the start, so a rate over them never starts from a missing series.
  for (const outcome of ['sent', 'retry', 'failed'] satisfies DeliveryOutcome[])
    metrics.webhookAttempts.inc({ outcome }, 0);
  new Gauge({
    name: 'dosechain_build_info',
    help: 'The running build: its version and commit, always 1',
    labelNames: ['version', 'commit'],
    registers: [registry],
  }).set({ version: serverVersion, commit: options.commit ?? 'unknown' }, 1);
  const pool = poolOf(db);
  if (pool) {
    new Gauge({
      name: 'dosechain_db_pool_connections',
      help: "The database pool's connections by state (total, idle, waiting clients)",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'dosechain_mail_outbox_messages',
    help: 'Mail outbox rows pending (not yet sent) and failed (given up)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await mailOutboxCounts(db);
      this.set({ status: 'pending' }, counts.pending);
      this.set({ status: 'failed' }, counts.failed);
    },
  });
  // Both webhook gauges from one query: a scrape collects them at once and shares it.
  let queueQuery: ReturnType<typeof webhookQueueCounts> | undefined;
  const webhookQueue = () =>
    (queueQuery ??= webhookQueueCounts(db, now()).finally(() => {
      queueQuery = undefined;
    }));
  new Gauge({
    name: 'dosechain_webhook_deliveries',
    help: 'Webhook deliveries pending (queued or waiting for a retry: the queue depth) and failed (given up)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await webhookQueue();
      this.set({ status: 'pending' }, counts.pending);
      this.set({ status: 'failed' }, counts.failed);
    },
  });
  new Gauge({
    name: 'dosechain_webhook_endpoints_paused',
    help: 'Webhook endpoints whose deliveries are paused by their circuit breaker (failures in a row)',
    registers: [registry],
    async collect() {
      this.set((await webhookQueue()).pausedEndpoints);
    },
  });
  return metrics;
}
