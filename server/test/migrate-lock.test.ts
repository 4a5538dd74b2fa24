import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../src/kernel/db/client.ts';
import { createPgDatabase } from './helpers.ts';

const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'pg' && baseUrl !== undefined;
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

// PGlite is one process's database; the race is PostgreSQL's (pg_namespace_nspname_index).
describe.skipIf(!onPostgres)('migrations on PostgreSQL', () => {
  it('three instances migrating one empty database at once all come up, each migration applied once', async () => {
    const created = await createPgDatabase(baseUrl as string);
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ url: created.url })));
    try {
      const results = await Promise.allSettled(databases.map((d) => d.migrate()));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      try {
        const { rows } = await client.query('select hash from drizzle.__drizzle_migrations');
        expect(rows).toHaveLength(journal.entries.length);
        // No session still holds the lock.
        const locks = await client.query(`select 1 from pg_locks where locktype = 'advisory'`);
        expect(locks.rows).toEqual([]);
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await created.drop();
    }
  });
});
