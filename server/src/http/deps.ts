import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';

/** What the app is built from; tests pass their own database, clock and configuration. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  clock: Clock;
}
