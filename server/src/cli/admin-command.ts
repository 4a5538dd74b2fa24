import { existsSync } from 'node:fs';
import path from 'node:path';
import { limits } from '@dosechain/contract';
import { keyBytes, useAuditKey } from '../kernel/audit/chain.ts';
import { checkAuditKey } from '../kernel/audit/chain-head.ts';
import { systemClock } from '../kernel/clock.ts';
import {
  type AppConfig,
  AUDIT_KEY_FILE,
  loadConfig,
  persistentSecret,
  storedSecret,
} from '../kernel/config.ts';
import { type Database, openDatabase, pgliteDir } from '../kernel/db/client.ts';
import { safeErrorText } from '../kernel/safe-error.ts';
import {
  operatorActor,
  operatorResetPassword,
  operatorUnlock,
  UnknownUserError,
} from './operator-commands.ts';

export const EXIT_OK = 0;
/** An unknown user, no database where configured, a configuration or database failure. */
export const EXIT_FAILED = 1;
/** Wrong usage: no or unknown command, no username, no reason. */
export const EXIT_USAGE = 2;

export const adminHelp = `Usage: npm run admin -- <command> <username> --reason "<why>"

Break-glass for the operator, when no user manager can log in.

Commands:
  unlock <username>          Lift the account's lock (set after too many failed passwords).
  reset-password <username>  Give the account a one-time password, printed once. It counts as
                             expired: the first login asks for a new one. Ends the account's
                             sessions and lifts any lock.

Options:
  --reason "<text>"  Why (required, at most ${limits.reasonMax} characters); the audit trail records
                     it, by "${operatorActor.fullName}".
  --force            Run although the embedded database looks in use (see below).
  -h, --help         Show this help.

Database: the one npm start uses, with the same environment: PostgreSQL at DATABASE_URL, else
the embedded database in DATA_DIR/pglite (DATA_DIR defaults to ./data, from where the command
is typed). Migrations are applied first if needed.
The embedded database takes ONE process at a time: stop the server first. The command refuses
while DATA_DIR/pglite/postmaster.pid exists (the running server holds it); if the server is
certainly stopped (it crashed or was killed), add --force. With PostgreSQL the server may run.
The audit rows join the audit trail's chain under the server's key (AUDIT_KEY, else
DATA_DIR/audit-key): run with the same environment; another key is refused.

Exit codes: 0 done (or nothing to do), 1 unknown user or failure, 2 wrong usage.
`;

export interface AdminIo {
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
}

type Parsed =
  | { kind: 'help' }
  | { kind: 'usage'; problem: string }
  | { kind: 'run'; command: 'unlock' | 'reset-password'; username: string; reason: string; force: boolean };

export function parseAdminArgs(argv: readonly string[]): Parsed {
  const positional: string[] = [];
  let reason: string | undefined;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '--force') force = true;
    else if (arg === '--reason') {
      reason = argv[++i];
      if (reason === undefined) return { kind: 'usage', problem: '--reason needs a text' };
    } else if (arg.startsWith('--reason=')) reason = arg.slice('--reason='.length);
    else if (arg.startsWith('-')) return { kind: 'usage', problem: `Unknown option ${arg}` };
    else positional.push(arg);
  }
  const [command, username, ...extra] = positional;
  if (!command) return { kind: 'usage', problem: 'Name a command: unlock or reset-password' };
  if (command !== 'unlock' && command !== 'reset-password') {
    return { kind: 'usage', problem: `Unknown command "${command}": unlock or reset-password` };
  }
  if (!username?.trim()) return { kind: 'usage', problem: `Name the user: ${command} <username>` };
  if (extra.length) return { kind: 'usage', problem: `Unexpected argument "${extra[0]}"` };
  const why = reason?.trim();
  if (!why) return { kind: 'usage', problem: 'A reason is required: --reason "<why>"' };
  if (why.length > limits.reasonMax) {
    return { kind: 'usage', problem: `The reason is longer than ${limits.reasonMax} characters` };
  }
  return { kind: 'run', command, username: username.trim(), reason: why, force };
}

/** The database `npm start` would open, and the key its audit trail is chained with. */
export interface Opened {
  database: Database;
  auditKey: string;
}

/** Where `npm start` keeps its data: PostgreSQL at a URL, or the embedded database in a folder. */
export type ConfiguredStore =
  | { kind: 'pg'; url: string; dataDir: string; options: AppConfig['database'] }
  | { kind: 'pglite'; dir: string; dataDir: string };

/** The configuration `npm start` would read, without creating any secret file. */
export function operatorConfig(env: NodeJS.ProcessEnv) {
  // The commands sign no tokens: placeholders keep loadConfig from creating DATA_DIR/jwt-secret
  // (and DATA_DIR/audit-key before the database is known to be there).
  return loadConfig({
    ...env,
    JWT_SECRET: env.JWT_SECRET || 'x'.repeat(32),
    AUDIT_KEY: env.AUDIT_KEY || 'x'.repeat(32),
  });
}

/**
 * The database `npm start` would open, or why a command may not open it now: the embedded one
 * must exist (unless `mayBeMissing`) and take one process at a time.
 */
export function configuredStore(
  env: NodeJS.ProcessEnv,
  force: boolean,
  options: { mayBeMissing?: boolean } = {},
): ConfiguredStore | string {
  const config = operatorConfig(env);
  if (config.databaseUrl) {
    return { kind: 'pg', url: config.databaseUrl, dataDir: config.dataDir, options: config.database };
  }
  const dir = pgliteDir(config.dataDir);
  if (!options.mayBeMissing && !existsSync(path.join(dir, 'PG_VERSION'))) {
    return `No database in ${dir}. Run the command where you run npm start, with the same DATA_DIR or DATABASE_URL.`;
  }
  if (existsSync(path.join(dir, 'postmaster.pid')) && !force) {
    return `The embedded database in ${dir} is in use (postmaster.pid exists): stop the server first. If it is certainly stopped (it crashed or was killed), run again with --force.`;
  }
  return { kind: 'pglite', dir, dataDir: config.dataDir };
}

/**
 * Opens the database `npm start` would open, with its audit key (AUDIT_KEY, else
 * DATA_DIR/audit-key), or says why not. `generateAuditKey`: a command that writes audit rows
 * creates the key file when there is none, as `npm start` would; one that only reads does not.
 */
export async function openConfigured(
  io: AdminIo,
  force: boolean,
  options: { generateAuditKey: boolean } = { generateAuditKey: true },
): Promise<Opened | string> {
  const store = configuredStore(io.env, force);
  if (typeof store === 'string') return store;
  const key =
    io.env.AUDIT_KEY ||
    (options.generateAuditKey
      ? persistentSecret(store.dataDir, AUDIT_KEY_FILE)
      : storedSecret(store.dataDir, AUDIT_KEY_FILE));
  if (!key) {
    return `No audit key: set AUDIT_KEY as for npm start, or run where npm start runs (no ${path.join(store.dataDir, AUDIT_KEY_FILE)}).`;
  }
  const database = await openDatabase(
    store.kind === 'pg' ? { url: store.url, pg: store.options } : { dataDir: store.dir },
  );
  return { database, auditKey: key };
}

/** `npm run admin -- …`: runs one command and answers the process's exit code. */
export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  const parsed = parseAdminArgs(argv);
  if (parsed.kind === 'help') {
    io.out(adminHelp);
    return EXIT_OK;
  }
  if (parsed.kind === 'usage') {
    io.err(`${parsed.problem}\n${adminHelp.split('\n')[0]}\nMore: npm run admin -- --help\n`);
    return EXIT_USAGE;
  }
  let opened: Opened | string;
  try {
    opened = await openConfigured(io, parsed.force);
  } catch (err) {
    io.err(`${(err as Error).message}\n`);
    return EXIT_FAILED;
  }
  if (typeof opened === 'string') {
    io.err(`${opened}\n`);
    return EXIT_FAILED;
  }
  const { database } = opened;
  try {
    await database.migrate();
    // The commands' audit rows join the chain, with the server's key or not at all.
    await checkAuditKey(database.db, keyBytes(opened.auditKey));
    useAuditKey(opened.auditKey);
    const ctx = { db: database.db, clock: systemClock };
    if (parsed.command === 'unlock') {
      const done = await operatorUnlock(ctx, parsed.username, parsed.reason);
      io.out(
        done.kind === 'unlocked'
          ? `Unlocked "${done.username}". Recorded in the audit trail.\n`
          : `"${done.username}" is not locked; nothing changed.\n`,
      );
    } else {
      const done = await operatorResetPassword(ctx, parsed.username, parsed.reason);
      io.out(
        [
          `One-time password of "${done.username}" (shown only now; the first login asks for a new one):`,
          '',
          `    ${done.password}`,
          '',
          `Every session of "${done.username}" has ended${done.unlocked ? ' and the lock is lifted' : ''}. Recorded in the audit trail.`,
          '',
        ].join('\n'),
      );
    }
    return EXIT_OK;
  } catch (err) {
    if (err instanceof UnknownUserError) {
      io.err(`No user "${err.username}". Usernames are as on the login page.\n`);
    } else {
      io.err(`Failed: ${safeErrorText(err)}\n`);
    }
    return EXIT_FAILED;
  } finally {
    await database.close();
  }
}
