import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { keyBytes } from '../kernel/audit/chain.ts';
import { verifyAuditChain } from '../kernel/audit/verify.ts';
import { AUDIT_KEY_FILE, storedSecret } from '../kernel/config.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../kernel/data-dir.ts';
import { openDatabase, pgSsl } from '../kernel/db/client.ts';
import { safeErrorText } from '../kernel/safe-error.ts';
import {
  type AdminIo,
  type ConfiguredStore,
  configuredStore,
  EXIT_FAILED,
  EXIT_OK,
  EXIT_USAGE,
} from './admin-command.ts';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (issue 20): the whole database
 * `npm start` uses, in the format of its kind — pg_dump's custom format for PostgreSQL, PGlite's
 * own gzipped data-directory dump for the embedded database. A restore goes into an empty
 * database only, and verifies the audit chain of what it restored.
 */

export const backupHelp = `Usage: npm run backup -- <file> [--force]
       npm run restore -- <file> [--force]

backup   writes the database npm start uses to <file> (which must not exist yet):
         PostgreSQL (DATABASE_URL) with pg_dump --format=custom, while the server runs;
         the embedded database (DATA_DIR/pglite) as PGlite's gzipped dump: stop the server first.
restore  loads <file> into an EMPTY database of the same kind: a new PostgreSQL database at
         DATABASE_URL (createdb first), or a DATA_DIR with no pglite folder yet. It then verifies
         the audit chain with the server's key (AUDIT_KEY, else DATA_DIR/audit-key) and prints
         each table's row count.

The audit key is not in the backup: keep it apart (README, "The audit trail's chain").
pg_dump and pg_restore must be of PostgreSQL's version or newer (Debian: postgresql-client).

Options:
  --force     Use the embedded database although postmaster.pid says it is in use.
  -h, --help  Show this help.

Exit codes: 0 done (restore: and the audit chain intact), 1 failed (restore: or the chain
broken), 2 wrong usage.
`;

type Parsed =
  | { kind: 'help' }
  | { kind: 'usage'; problem: string }
  | { kind: 'run'; file: string; force: boolean };

function parseArgs(argv: readonly string[]): Parsed {
  let force = false;
  const files: string[] = [];
  for (const arg of argv) {
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '--force') force = true;
    else if (arg.startsWith('-')) return { kind: 'usage', problem: `Unknown option "${arg}"` };
    else files.push(arg);
  }
  if (files.length !== 1) return { kind: 'usage', problem: 'Name one backup file.' };
  return { kind: 'run', file: files[0]!, force };
}

/** The first bytes of a file, to tell a pg_dump archive from a gzipped PGlite dump. */
function magicOf(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    readSync(fd, head, 0, 5, 0);
    return head.toString('latin1');
  } finally {
    closeSync(fd);
  }
}
const PG_DUMP_MAGIC = 'PGDMP';
const GZIP_MAGIC = '\x1f\x8b';

/**
 * libpq's environment for a connection URL, so that no password shows in the process list
 * (`?sslmode=` carries over).
 */
export function libpqEnv(url: string, ssl?: 'disable' | 'require' | 'verify-full'): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = { PGDATABASE: decodeURIComponent(u.pathname.slice(1)) };
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname);
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  // DATABASE_SSL, as the server connects; else the URL's own sslmode.
  const sslmode = ssl && ssl !== 'disable' ? ssl : u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/**
 * Runs a PostgreSQL client program on a database under umask 077 (what it writes — a backup —
 * is its user's alone); rejects with its error output when it fails.
 */
function runTool(
  command: string,
  args: string[],
  store: Extract<ConfiguredStore, { kind: 'pg' }>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    // The shell only sets the umask, then becomes the program ("$0" "$@": no quoting to get wrong).
    const child = spawn('/bin/sh', ['-c', 'umask 077 && exec "$0" "$@"', command, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...libpqEnv(store.url, store.options?.ssl) },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', (err) =>
      reject(new Error(`${command} could not be run (${err.message}): install PostgreSQL's client programs`)),
    );
    child.once('exit', (code) => {
      if (code === 0) resolve();
      // 127: the shell found no such program.
      else if (code === 127)
        reject(new Error(`${command} could not be run (not found): install PostgreSQL's client programs`));
      else reject(new Error(`${command} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`));
    });
  });
}

/** Every table of the public schema with its row count, by name. */
export async function tableCounts(query: (sql: string) => Promise<{ rows: unknown[] }>) {
  const { rows } = await query(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of rows as { tablename: string }[]) {
    const result = await query(`select count(*)::int as n from public."${tablename.replaceAll('"', '""')}"`);
    counts[tablename] = (result.rows[0] as { n: number }).n;
  }
  return counts;
}

async function backup(store: ConfiguredStore, file: string): Promise<void> {
  if (store.kind === 'pg') {
    await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], store);
    // Owner-only whatever the umask was: the dump holds password hashes and personal data.
    chmodSync(file, PRIVATE_FILE_MODE);
    return;
  }
  const client = new PGlite(store.dir);
  try {
    // dumpDataDir on a PGlite still starting never settles.
    await client.waitReady;
    const dump = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { flag: 'wx', mode: PRIVATE_FILE_MODE });
    chmodSync(file, PRIVATE_FILE_MODE);
  } finally {
    await client.close();
  }
}

/** Whether a PostgreSQL database has no tables of its own yet (a fresh `createdb`). */
async function pgIsEmpty(store: Extract<ConfiguredStore, { kind: 'pg' }>): Promise<boolean> {
  const client = new pg.Client({ connectionString: store.url, ssl: pgSsl(store.options?.ssl) });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return (rows[0] as { n: number }).n === 0;
  } finally {
    await client.end();
  }
}

async function restore(store: ConfiguredStore, file: string): Promise<string | undefined> {
  const magic = magicOf(file);
  if (store.kind === 'pg') {
    if (!magic.startsWith(PG_DUMP_MAGIC)) {
      return `${file} is not a PostgreSQL backup (pg_dump custom format); it cannot be restored into DATABASE_URL.`;
    }
    if (!(await pgIsEmpty(store))) {
      return 'The database at DATABASE_URL is not empty: restore into a new database (createdb) and point DATABASE_URL at it.';
    }
    await runTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${libpqEnv(store.url).PGDATABASE}`,
        file,
      ],
      store,
    );
    return undefined;
  }
  if (!magic.startsWith(GZIP_MAGIC)) {
    return `${file} is not a backup of the embedded database (gzipped PGlite dump); it cannot be restored into ${store.dir}.`;
  }
  if (existsSync(store.dir) && readdirSync(store.dir).length > 0) {
    return `${store.dir} holds a database already: restore into a new DATA_DIR.`;
  }
  mkdirSync(store.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const client = new PGlite(store.dir, { loadDataDir: new Blob([readFileSync(file)]) });
  await client.waitReady;
  await client.close();
  return undefined;
}

/** Verifies the restored audit chain and prints the row counts; true when the chain is intact. */
async function report(store: ConfiguredStore, io: AdminIo): Promise<boolean> {
  const database = await openDatabase(
    store.kind === 'pg' ? { url: store.url, pg: store.options } : { dataDir: store.dir },
  );
  try {
    const counts = await tableCounts(async (text) => {
      const result = await database.db.execute(sql.raw(text));
      return { rows: Array.isArray(result) ? result : (result as { rows: unknown[] }).rows };
    });
    io.out(
      `${Object.entries(counts)
        .map(([table, n]) => `  ${table}: ${n}`)
        .join('\n')}\n`,
    );
    const key = io.env.AUDIT_KEY || storedSecret(store.dataDir, AUDIT_KEY_FILE);
    if (!key) {
      io.err(
        `The audit chain was not verified: no AUDIT_KEY and no ${path.join(store.dataDir, AUDIT_KEY_FILE)}. Put the key the trail was chained with there and run npm run audit:verify.\n`,
      );
      return false;
    }
    const result = await verifyAuditChain(database.db, keyBytes(key));
    (result.ok ? io.out : io.err)(
      result.ok
        ? `Audit chain intact: ${result.checked} entries verified.\n`
        : `The restored audit chain does not verify (first entry not matching: ${result.firstBrokenId ?? 'the head'}); check the key.\n`,
    );
    return result.ok;
  } finally {
    await database.close();
  }
}

/** `npm run backup` / `npm run restore`: answers the process's exit code. */
export async function runBackupCommand(
  command: 'backup' | 'restore',
  argv: readonly string[],
  io: AdminIo,
): Promise<number> {
  const parsed = parseArgs(argv);
  if (parsed.kind === 'help') {
    io.out(backupHelp);
    return EXIT_OK;
  }
  if (parsed.kind === 'usage') {
    io.err(`${parsed.problem}\n${backupHelp.split('\n')[0]}\nMore: npm run ${command} -- --help\n`);
    return EXIT_USAGE;
  }
  const base = io.env.INIT_CWD ?? process.cwd();
  const file = path.resolve(base, parsed.file);
  try {
    const store = configuredStore(io.env, parsed.force, { mayBeMissing: command === 'restore' });
    if (typeof store === 'string') {
      io.err(`${store}\n`);
      return EXIT_FAILED;
    }
    if (command === 'backup') {
      if (existsSync(file)) {
        io.err(`${file} exists already: name a new file.\n`);
        return EXIT_FAILED;
      }
      await backup(store, file);
      io.out(`Backed up to ${file}. Keep the audit key apart from it.\n`);
      return EXIT_OK;
    }
    if (!existsSync(file)) {
      io.err(`No file ${file}.\n`);
      return EXIT_FAILED;
    }
    const refused = await restore(store, file);
    if (refused) {
      io.err(`${refused}\n`);
      return EXIT_FAILED;
    }
    io.out(`Restored ${file}.\n`);
    return (await report(store, io)) ? EXIT_OK : EXIT_FAILED;
  } catch (err) {
    io.err(`Failed: ${safeErrorText(err)}\n`);
    return EXIT_FAILED;
  }
}
