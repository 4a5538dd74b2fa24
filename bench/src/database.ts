import pg from 'pg';
import { useAuditKey } from '../../server/src/kernel/audit/chain.ts';
import { type Database, openDatabase } from '../../server/src/kernel/db/client.ts';
import { seedDemo } from '../../server/src/seed/demo.ts';
import { BENCH_AUDIT_KEY } from './scenarios/place.ts';

export const BENCH_DATABASE = 'dosechain_bench';

/** The bench database's URL on the same server as `adminUrl`. */
export function benchUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

async function onAdmin(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A fresh `dosechain_bench` on PostgreSQL, migrated with the app's migrations and seeded with the demo data. */
export async function createBenchDatabase(adminUrl: string): Promise<Database> {
  await onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
  await onAdmin(adminUrl, `CREATE DATABASE ${BENCH_DATABASE}`);
  const database = await openDatabase({ url: benchUrl(adminUrl) });
  await database.migrate();
  useAuditKey(BENCH_AUDIT_KEY);
  await seedDemo(database.db, new Date());
  return database;
}

export function dropBenchDatabase(adminUrl: string): Promise<void> {
  return onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
}
