import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/**
 * The advisory lock every instance takes around its migrations (any constant shared by all
 * instances of one database; this one is "DoseChain" in ASCII).
 */
export const MIGRATION_LOCK_ID = 0x446f7365436861n;

/** The oldest PostgreSQL the server runs on (the architecture's "PostgreSQL 15+"). */
export const MIN_SERVER_VERSION_NUM = 150_000;

/** Why a server of this `server_version_num` is refused, or undefined when it will do. */
export function serverVersionProblem(versionNum: number, version: string): string | undefined {
  if (versionNum >= MIN_SERVER_VERSION_NUM) return undefined;
  return `PostgreSQL 15 or later is required; the server at DATABASE_URL is ${version}. Upgrade it before starting DoseChain.`;
}

/**
 * Checks the server's version, then applies the migrations on one connection holding
 * `pg_advisory_lock`: instances starting together on an empty database wait for each other
 * instead of racing to create the same schema; each later one finds the work done. `whileLocked`
 * runs after the migrations under the same lock (the first start's seeding, which must also
 * happen once).
 */
export async function migrateUnderLock(
  pool: pg.Pool,
  migrationsFolder: string,
  whileLocked?: () => Promise<void>,
): Promise<void> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ num: string; version: string }>(
      `select current_setting('server_version_num') as num, current_setting('server_version') as version`,
    );
    const problem = serverVersionProblem(Number(rows[0]?.num), String(rows[0]?.version));
    if (problem) throw new Error(problem);
    // Waiting for another instance's migrations, or a migration building an index on a large
    // table, must not hit the pool's statement timeout.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID.toString()]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
      await whileLocked?.();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID.toString()]);
    }
  } finally {
    // Its session settings were changed (and a failure may have left the lock): the connection
    // is closed rather than handed back to the pool, which also ends any lock it still holds.
    client.release(true);
  }
}
