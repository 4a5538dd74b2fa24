import { sql } from 'drizzle-orm';
import type { Db } from '../../src/kernel/db/client.ts';

/** Per table: its row count and a hash of every row's content. */
export type Fingerprint = Map<string, string>;

/**
 * One query that fingerprints every table of the application's schema: row count plus the sum
 * of a hash of each row's text, so an insert, update or delete anywhere shows (a rolled-back
 * transaction does not). Cheap on the test databases (a few hundred rows), yet it read every
 * table after each of the fuzz's requests, most of which write nothing.
 *
 * So each call first reads the database's transaction snapshot (`xmin:xmax:in-progress ids`, a
 * one-row query): a committed insert, update, delete or truncate needs a transaction id, so
 * when the snapshot is the one read just before the last fingerprint — no id handed out since,
 * the same transactions still in progress — no table can have changed, and that fingerprint is
 * returned again. Any other snapshot (a write, even one rolled back, or another database's on a
 * shared PostgreSQL server) reads every table as before.
 */
export async function writeFingerprinter(db: Db): Promise<() => Promise<Fingerprint>> {
  const tables = await rowsOf<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  if (tables.length < 5) throw new Error(`fingerprint: only ${tables.length} tables found`);
  const parts = tables.map(
    ({ tablename }) =>
      `select '${tablename}' as t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from "${tablename}" x`,
  );
  const query = sql.raw(parts.join(' union all '));
  const snapshotQuery = sql`select pg_current_snapshot()::text as s`;
  let last: { snapshot: string; fingerprint: Fingerprint } | undefined;
  return async () => {
    const [{ s: snapshot }] = (await rowsOf<{ s: string }>(db, snapshotQuery)) as [{ s: string }];
    if (last?.snapshot === snapshot) return new Map(last.fingerprint);
    const rows = await rowsOf<{ t: string; h: string }>(db, query);
    const fingerprint = new Map(rows.map((r) => [r.t, r.h]));
    last = { snapshot, fingerprint };
    return new Map(fingerprint);
  };
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...after.keys()].filter((t) => before.get(t) !== after.get(t));
}

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
