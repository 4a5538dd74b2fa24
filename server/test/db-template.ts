// Test databases start from one migrated copy per run instead of migrating every file
// (docs/decisions/019): a PostgreSQL template database and a PGlite data directory dump,
// both named after the migrations' contents, so a changed migration builds new ones.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../src/kernel/db/client.ts';

/** 16 hex digits of a SHA-256 over every migration and the journal that orders them. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .sort(),
    'meta/_journal.json',
  ];
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(migrationsFolder, file)));
  return hash.digest('hex').slice(0, 16);
}

/** `baseUrl` with another database name. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// Serializes template builds between concurrent test runs on one server (any constant will do).
const TEMPLATE_LOCK = 190_019;

/**
 * The name of the migrated template database on the server of `baseUrl`, built when missing:
 * under a temporary name, then renamed, so the real name only ever holds a complete template.
 * Nothing stays connected to it (connections are then refused), as CREATE DATABASE … TEMPLATE
 * requires.
 */
export async function ensurePgTemplate(baseUrl: string): Promise<string> {
  const name = `dosechain_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_build_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    try {
      const database = await openDatabase({ url: databaseUrl(baseUrl, building) });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      // RENAME waits (up to 5 s) for the closed pool's sessions to end.
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    } catch (err) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      throw err;
    }
    return name;
  } finally {
    // Ending the session releases the advisory lock.
    await admin.end();
  }
}

/** The installed PGlite's version: a dump is only loaded by the PGlite that wrote it. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Where the migrated PGlite dump of these migrations and this PGlite lives. */
export function pgliteDumpFile(): string {
  return path.join(tmpdir(), `dosechain-pglite-${pgliteVersion()}-${migrationsHash()}.tar`);
}

/**
 * The path of a migrated PGlite data directory dump, built when missing. Written under a
 * temporary name and renamed, so a concurrent run reads either nothing or the whole file.
 */
export async function ensurePgliteDump(): Promise<string> {
  const file = pgliteDumpFile();
  if (existsSync(file)) return file;
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
    try {
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      rmSync(partial, { force: true });
    }
  } finally {
    await client.close();
  }
  return file;
}
