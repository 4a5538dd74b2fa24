import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../kernel/config.ts';
import { openDatabase, pgliteDir } from '../kernel/db/client.ts';
import type { AdminIo } from './admin-command.ts';

export const dbMigrateHelp = `Usage: npm run db:migrate [-- --force]

Applies the database migrations that are not applied yet, as the server does when it starts,
and exits: a deployment can migrate once before it starts (or restarts) its instances.

Database: the one npm start uses, with the same environment: PostgreSQL at DATABASE_URL (15 or
later; the migrations run under an advisory lock, so instances starting meanwhile wait for
them), else the embedded database in DATA_DIR/pglite. The embedded database takes ONE process at
a time: stop the server first (or, if it is certainly stopped, add --force).

Options:
  --force     Run although the embedded database looks in use.
  -h, --help  Show this help.

Exit codes: 0 migrated (or nothing to do), 1 not migrated.
`;

/** `npm run db:migrate`: applies the pending migrations and answers the process's exit code. */
export async function runDbMigrate(argv: readonly string[], io: AdminIo): Promise<number> {
  let force = false;
  for (const arg of argv) {
    if (arg === '-h' || arg === '--help') {
      io.out(dbMigrateHelp);
      return 0;
    }
    if (arg === '--force') force = true;
    else {
      io.err(`Unexpected argument "${arg}"\nMore: npm run db:migrate -- --help\n`);
      return 1;
    }
  }
  try {
    // Migrating signs nothing and sends no mail: placeholders keep the production guards (and
    // the generated secrets) out of a command that only needs the database.
    const config = loadConfig({
      ...io.env,
      JWT_SECRET: io.env.JWT_SECRET || 'x'.repeat(32),
      AUDIT_KEY: io.env.AUDIT_KEY || 'x'.repeat(32),
      PUBLIC_URL: io.env.PUBLIC_URL || 'http://localhost',
    });
    const dir = pgliteDir(config.dataDir);
    if (!config.databaseUrl && existsSync(path.join(dir, 'postmaster.pid')) && !force) {
      io.err(
        `The embedded database in ${dir} is in use (postmaster.pid exists): stop the server first. If it is certainly stopped, run again with --force.\n`,
      );
      return 1;
    }
    const database = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl, pg: config.database } : { dataDir: dir },
    );
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    io.out(`Migrations applied (${config.databaseUrl ? 'PostgreSQL' : dir}).\n`);
    return 0;
  } catch (err) {
    io.err(`${(err as Error).message}\n`);
    return 1;
  }
}
