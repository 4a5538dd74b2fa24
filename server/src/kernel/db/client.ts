import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrateUnderLock } from './migrate-pg.ts';
import { type Listen, pgListen, pgliteListen } from './notifications.ts';
import { PipelinedClient } from './pipelined-client.ts';

/**
 * The database, whichever driver is underneath. Opened without the schema: the app writes its
 * queries with the query builder and `sql`, not Drizzle's relational API, and with a schema Drizzle
 * builds a relational query builder per table for every transaction (2 % of a placement's time).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /**
   * Applies the migrations, then runs `whileLocked` (the first start's seeding): on PostgreSQL
   * both under one advisory lock, so instances starting together do each once.
   */
  migrate(whileLocked?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** How to listen for notifications on each open database (`notificationsOf`). */
const listenerOfDatabase = new WeakMap<Executor, Listen>();

/**
 * LISTEN on the database `db` was opened on (`openDatabase`): a dedicated connection on
 * PostgreSQL, PGlite's in-process listener on the embedded database.
 */
export function notificationsOf(db: Db): Listen {
  const listen = listenerOfDatabase.get(db);
  if (!listen) throw new Error('This database was not opened with openDatabase: it has no listener');
  return listen;
}

/** The committed SQL migrations, applied in order at start-up. */
export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** PostgreSQL connection settings (config.ts: DATABASE_POOL_MAX, DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_SSL). */
export interface PgOptions {
  poolMax?: number;
  /** Each statement's time limit in ms; 0: none. */
  statementTimeoutMs?: number;
  ssl?: 'disable' | 'require' | 'verify-full';
}

/** node-postgres's `ssl` for a DATABASE_SSL mode: `require` encrypts, `verify-full` also checks the certificate and host. */
export function pgSsl(mode: PgOptions['ssl']): pg.PoolConfig['ssl'] {
  if (mode === 'require') return { rejectUnauthorized: false };
  if (mode === 'verify-full') return { rejectUnauthorized: true };
  return undefined;
}

/** Where the embedded database of a data directory lives (`npm start` and `npm run admin`). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir` (or in memory). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** A PGlite data directory dump (`dumpDataDir`) the in-memory database starts from (tests). */
  loadDataDir?: Blob;
  /** Told when an idle pooled connection dies (server restart, admin kill); the pool replaces it. */
  onIdleError?: (err: Error) => void;
  pg?: PgOptions;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      // Each transaction's BEGIN rides on its first statement (decision 062).
      Client: PipelinedClient,
      connectionString: opts.url,
      max: opts.pg?.poolMax ?? 10,
      // A runaway statement must not hold a pooled connection and its row locks indefinitely.
      ...(opts.pg?.statementTimeoutMs ? { statement_timeout: opts.pg.statementTimeoutMs } : {}),
      ssl: pgSsl(opts.pg?.ssl),
    });
    // Without a listener, an idle connection's error would crash the process.
    pool.on('error', (err) => opts.onIdleError?.(err));
    pool.on('release', (_err, client) => (client as unknown as PipelinedClient).forgetKeptBegin());
    const db = drizzleNodePg(pool) as unknown as Db;
    listenerOfDatabase.set(db, pgListen({ connectionString: opts.url, ssl: pgSsl(opts.pg?.ssl) }));
    return {
      db,
      driver: 'pg',
      migrate: (whileLocked) => migrateUnderLock(pool, migrationsFolder, whileLocked),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite({ loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const pgliteDb = drizzlePglite(client);
  listenerOfDatabase.set(pgliteDb as unknown as Db, pgliteListen(client));
  // PGlite is one process's database: nothing else migrates it at the same time, so no lock.
  return {
    db: pgliteDb as unknown as Db,
    driver: 'pglite',
    migrate: async (whileLocked) => {
      await migratePglite(pgliteDb, { migrationsFolder });
      await whileLocked?.();
    },
    close: () => client.close(),
  };
}

/** The PostgreSQL error code (e.g. `23505`) of a driver error; drivers wrap it in `cause`. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_CHECK_VIOLATION = '23514';

/** A json value as the driver hands it back: parsed already (pg, PGlite) or as text. */
export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * A prepared query built once per database and kept: on PostgreSQL its named statement is then
 * planned once per connection instead of on every run.
 */
export function preparedPerDatabase<Q>(build: (db: Executor) => Q): (db: Executor) => Q {
  const built = new WeakMap<Executor, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
