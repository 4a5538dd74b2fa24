import path from 'node:path';
import { buildApp, loggerOptions } from './app.ts';
import { keyBytes, useAuditKey } from './kernel/audit/chain.ts';
import { CHAIN_END_FILE } from './kernel/audit/chain-end.ts';
import { checkAuditKey } from './kernel/audit/chain-head.ts';
import { systemClock } from './kernel/clock.ts';
import { type AppConfig, loadConfig } from './kernel/config.ts';
import { makePrivate, PRIVATE_UMASK, tightenedReport } from './kernel/data-dir.ts';
import { openDatabase, pgliteDir } from './kernel/db/client.ts';
import { drainAndClose } from './kernel/http/shutdown.ts';
import { logDestination } from './kernel/log-output.ts';
import { bootstrapAdmin } from './seed/bootstrap.ts';
import { isSeeded, seedDemo } from './seed/demo.ts';
import { seedReferenceData } from './seed/reference-data.ts';
import { startBanner } from './start-banner.ts';

// Before anything is written: what the server (and any program it starts) creates is its own
// user's alone. DATA_DIR holds personal data: the embedded database, mail files, secrets.
process.umask(PRIVATE_UMASK);
let config: AppConfig;
let tightened: string[];
try {
  config = loadConfig();
  // Created private for the embedded database; on PostgreSQL only tightened when it exists. What
  // PGlite itself left open inside its own folder is no news (below): tightened without a warning.
  const inPglite = `${pgliteDir(config.dataDir)}${path.sep}`;
  tightened = makePrivate(config.dataDir, { create: !config.databaseUrl }).filter(
    (p) => !p.startsWith(inPglite),
  );
} catch (err) {
  // A configuration mistake is the operator's to fix: its message, not a stack trace.
  console.error((err as Error).message);
  process.exit(1);
}
const database = await openDatabase(
  config.databaseUrl
    ? {
        url: config.databaseUrl,
        pg: config.database,
        onIdleError: (err) =>
          console.error(JSON.stringify({ level: 50, msg: 'database connection lost', err: err.message })),
      }
    : { dataDir: pgliteDir(config.dataDir) },
);
// Audit rows are chained with this key; a key other than the chain's is refused (decision 015).
useAuditKey(config.auditKey);
let bootstrapNote: string | undefined;
let demoSeededNow = false;
try {
  // On PostgreSQL: a version check, then the migrations and the first start's seeding under an
  // advisory lock (db/migrate-pg.ts), so instances starting together on an empty database seed once.
  await database.migrate(async () => {
    await checkAuditKey(database.db, keyBytes(config.auditKey));
    if (!(await isSeeded(database.db))) {
      if (config.seedDemo) {
        await seedDemo(database.db, systemClock.now());
        demoSeededNow = true;
      } else
        bootstrapNote = await bootstrapAdmin(database.db, config.dataDir, process.env.INITIAL_ADMIN_PASSWORD);
    }
    // On every start: what a database of an earlier version lacks (the demo seed has added it).
    await seedReferenceData(database.db);
  });
} catch (err) {
  console.error((err as Error).message);
  await database.close();
  process.exit(1);
}

// PGlite (WASM) gives its files the modes of its in-memory file system (0666), whatever the umask:
// made private once it has created them, and again every few minutes for those it adds (new
// tables' and log files). Its folder is 0700 all along, so nobody else could reach them meanwhile.
const keepPglitePrivate = () => {
  if (!config.databaseUrl) makePrivate(pgliteDir(config.dataDir), { create: false });
};
keepPglitePrivate();
setInterval(keepPglitePrivate, 10 * 60_000).unref();

const logStream = await logDestination(config.logFormat, Boolean(process.stdout.isTTY));
const app = await buildApp({
  db: database.db,
  config,
  clock: systemClock,
  logger: loggerOptions(config.logLevel, logStream),
  // The embedded database's server keeps the audit chain's end it reached across restarts (issue 31).
  auditCheckpoint: config.databaseUrl
    ? undefined
    : { chainEndFile: path.join(config.dataDir, CHAIN_END_FILE) },
});
// SIGTERM (an orchestrator, a deployment): /ready answers 503 for the delay, requests in flight
// finish, then the server closes. SIGINT (Ctrl+C at a terminal) skips the delay.
const shutdown = async (signal: string, delayMs: number) => {
  app.log.info({ signal, delayMs }, 'shutting down');
  await drainAndClose(app, delayMs);
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT', 0));
process.once('SIGTERM', () => void shutdown('SIGTERM', (config.shutdownDelaySeconds ?? 0) * 1000));

if (tightened.length > 0) {
  app.log.warn(
    tightenedReport(config.dataDir, tightened),
    'DATA_DIR held folders or files others could read: made private (folders 0700, files 0600)',
  );
}
await app.listen({ port: config.port, host: config.host });
const banner = startBanner({
  url: config.publicUrl,
  database: config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`,
  demo: demoSeededNow ? 'seeded' : config.seedDemo ? 'present' : 'off',
});
// Readable output gets the banner as it is; JSON lines keep one line per entry.
if (logStream) process.stdout.write(`\n${banner}\n\n`);
else app.log.info({ event: 'server.started', url: config.publicUrl }, banner);
if (bootstrapNote) app.log.warn(`Created user 'admin'; its initial password is in ${bootstrapNote}`);
