import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.ts';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AppMetrics } from '../metrics/instruments.ts';
import { principalOf } from './access.ts';
import type { AppDeps } from './deps.ts';

/** What a service function works with: the database, the actor and their role, the clock, the log. */
export interface ServiceContext {
  db: Db;
  actor: Principal;
  clock: Clock;
  config: AppConfig;
  /** The request's log (security events: a lock after failed e-signatures). */
  log: FastifyBaseLogger;
  /** The app's counters (order placements, lockouts); absent where a service runs outside the app. */
  metrics?: AppMetrics;
}

export function serviceContext(request: FastifyRequest, deps: AppDeps): ServiceContext {
  return {
    db: deps.db,
    actor: principalOf(request),
    clock: deps.clock,
    config: deps.config,
    log: request.log,
    metrics: deps.metrics,
  };
}
