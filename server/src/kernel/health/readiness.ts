import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { migrationsFolder } from '../db/client.ts';
import { serverPackage } from '../server-package.ts';

/** A readiness check's name, as a 503 names the failed ones. */
export type ReadinessCheckName = 'database' | 'migrations' | 'mailDispatcher' | 'shutdown';

export interface Readiness {
  ready: boolean;
  /** Each check: true when it passed. */
  checks: Record<ReadinessCheckName, boolean>;
  /** The checks that failed, in the order above; empty when ready. */
  failed: ReadinessCheckName[];
}

/** How long a check's query may take before the database counts as unreachable. */
export const READINESS_QUERY_TIMEOUT_MS = 2000;

/** The server package's version, read once. */
export const serverVersion: string = serverPackage.version;

/** The newest migration the code carries: the `when` of the journal's last entry (drizzle's created_at). */
const newestMigration: number = (() => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
})();

/** Resolves true when `query` succeeds within the timeout, false when it fails or takes longer. */
async function passes(query: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([query().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance should get traffic: the database answers `select 1` in time, it has the
 * newest migration of the code applied (drizzle's migrations table), the mail dispatcher runs,
 * and no shutdown has begun.
 */
export async function checkReadiness(input: {
  db: Db;
  mailDispatcherAlive: boolean;
  shuttingDown: boolean;
  timeoutMs?: number;
}): Promise<Readiness> {
  const timeoutMs = input.timeoutMs ?? READINESS_QUERY_TIMEOUT_MS;
  const [database, migrations] = await Promise.all([
    passes(async () => {
      await input.db.execute(sql`select 1`);
      return true;
    }, timeoutMs),
    passes(async () => {
      const result = await input.db.execute(
        sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
      );
      const newest = (result as unknown as { rows: { newest: string | null }[] }).rows[0]?.newest;
      return newest != null && Number(newest) >= newestMigration;
    }, timeoutMs),
  ]);
  const checks = {
    database,
    migrations,
    mailDispatcher: input.mailDispatcherAlive,
    shutdown: !input.shuttingDown,
  };
  const failed = (Object.keys(checks) as ReadinessCheckName[]).filter((name) => !checks[name]);
  return { ready: failed.length === 0, checks, failed };
}
