import pg from 'pg';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.ts';
import { mailOutboxCounts } from './outbox-counts.ts';

/** The app's counters and histograms, on a registry of its own (tests build many apps in one process). */
export interface AppMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Refused logins, by the refusal's code (INVALID_CREDENTIALS, USER_LOCKED, …). */
  loginFailures: Counter<'reason'>;
  /** Accounts locked by consecutive wrong passwords (logins, password changes, e-signatures). */
  lockouts: Counter;
  /** Orders placed (committed; idempotent replays not counted). */
  orderPlacements: Counter;
}

/** The node-postgres pool under a database opened on PostgreSQL; none on PGlite. */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** Creates the app's metrics; the pool and outbox gauges are read from the database when scraped. */
export function createMetrics(db: Db): AppMetrics {
  const registry = new Registry();
  const metrics: AppMetrics = {
    registry,
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
  };
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
  return metrics;
}
