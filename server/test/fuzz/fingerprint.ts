import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

/** Per table: its row count and a hash of every row's content. */
export type Fingerprint = Map<string, string>;

/**
 * One query that fingerprints every table of the application's schema: row count plus the sum
 * of a hash of each row's text, so an insert, update or delete anywhere shows (a rolled-back
 * transaction does not). Cheap on the test databases (a few hundred rows).
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
  return async () => {
    const rows = await rowsOf<{ t: string; h: string }>(db, query);
    return new Map(rows.map((r) => [r.t, r.h]));
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
