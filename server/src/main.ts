import path from 'node:path';
import { buildApp, loggerOptions } from './app.ts';
import { keyBytes, useAuditKey } from './audit/chain.ts';
import { CHAIN_END_FILE } from './audit/chain-end.ts';
import { checkAuditKey } from './audit/chain-head.ts';
import { systemClock } from './clock.ts';
import { type AppConfig, loadConfig } from './config.ts';
import { openDatabase, pgliteDir } from './db/client.ts';
import { bootstrapAdmin } from './db/seed/bootstrap.ts';
import { isSeeded, seedDemo } from './db/seed/demo.ts';
import { seedReferenceData } from './db/seed/reference-data.ts';
import { drainAndClose } from './http/shutdown.ts';

let config: AppConfig;
try {
  config = loadConfig();
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
try {
  // On PostgreSQL: a version check, then the migrations and the first start's seeding under an
  // advisory lock (db/migrate-pg.ts), so instances starting together on an empty database seed once.
  await database.migrate(async () => {
    await checkAuditKey(database.db, keyBytes(config.auditKey));
    if (!(await isSeeded(database.db))) {
      if (config.seedDemo) await seedDemo(database.db, systemClock.now());
      else
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

const app = await buildApp({
  db: database.db,
  config,
  clock: systemClock,
  logger: loggerOptions(config.logLevel),
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

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `DoseChain on http://localhost:${config.port} (${database.driver}${config.databaseUrl ? '' : `, ${config.dataDir}`})`,
);
if (bootstrapNote) app.log.warn(`Created user 'admin'; its initial password is in ${bootstrapNote}`);
