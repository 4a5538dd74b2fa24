import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/kernel/db/client.ts';
import { freshDatabase } from './helpers.ts';

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** What the migrations leave behind: schema objects, their definitions, the rows they insert. */
async function fingerprint(db: Db) {
  const tables = await rowsOf(
    db,
    sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts = await Promise.all(
    tables.map(async ({ name }) => ({
      name,
      rows: (await rowsOf(db, sql`select count(*)::int as n from ${sql.identifier(String(name))}`))[0]!.n,
    })),
  );
  return {
    columns: await rowsOf(
      db,
      sql`select table_name, column_name, data_type, udt_name, column_default, is_nullable, is_identity
        from information_schema.columns where table_schema = 'public' order by 1, 2`,
    ),
    constraints: await rowsOf(
      db,
      sql`select conrelid::regclass::text as on_table, conname, pg_get_constraintdef(oid) as def
        from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
    ),
    indexes: await rowsOf(
      db,
      sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`,
    ),
    triggers: await rowsOf(
      db,
      sql`select tgname, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal order by 1, 2`,
    ),
    functions: await rowsOf(
      db,
      sql`select proname, md5(prosrc) as body from pg_proc where pronamespace = 'public'::regnamespace
        order by 1, 2`,
    ),
    types: await rowsOf(
      db,
      sql`select t.typname, e.enumlabel from pg_type t join pg_enum e on e.enumtypid = t.oid
        where t.typnamespace = 'public'::regnamespace order by 1, e.enumsortorder`,
    ),
    migrations: await rowsOf(db, sql`select hash, created_at from drizzle.__drizzle_migrations order by id`),
    counts,
  };
}

describe('test databases copied from the migrated template', () => {
  let copied: Database;
  let migrated: Database;
  beforeAll(async () => {
    copied = await freshDatabase();
    migrated = await freshDatabase({ fromScratch: true });
  });
  afterAll(async () => {
    await copied?.close();
    await migrated?.close();
  });

  it('are what migrating an empty database gives, every migration applied', async () => {
    const fromTemplate = await fingerprint(copied.db);
    expect(fromTemplate.migrations.length).toBeGreaterThan(10);
    expect(fromTemplate.indexes.length).toBeGreaterThan(0);
    expect(fromTemplate).toEqual(await fingerprint(migrated.db));
  });

  it('have nothing left to migrate', async () => {
    await copied.migrate();
    const applied = await rowsOf(copied.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied[0]!.n).toBe((await fingerprint(migrated.db)).migrations.length);
  });
});
