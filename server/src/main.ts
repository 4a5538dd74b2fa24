import { buildApp, loggerOptions } from './app.ts';
import { keyBytes, useAuditKey } from './audit/chain.ts';
import { checkAuditKey } from './audit/chain-head.ts';
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { openDatabase, pgliteDir } from './db/client.ts';
import { bootstrapAdmin } from './db/seed/bootstrap.ts';
import { isSeeded, seedDemo } from './db/seed/demo.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? {
        url: config.databaseUrl,
        onIdleError: (err) =>
          console.error(JSON.stringify({ level: 50, msg: 'database connection lost', err: err.message })),
      }
    : { dataDir: pgliteDir(config.dataDir) },
);
await database.migrate();
// Audit rows are chained with this key; a key other than the chain's is refused here (decision 015).
useAuditKey(config.auditKey);
try {
  await checkAuditKey(database.db, keyBytes(config.auditKey));
} catch (err) {
  console.error((err as Error).message);
  await database.close();
  process.exit(1);
}
let bootstrapNote: string | undefined;
if (!(await isSeeded(database.db))) {
  if (config.seedDemo) await seedDemo(database.db, systemClock.now());
  else bootstrapNote = await bootstrapAdmin(database.db, config.dataDir, process.env.INITIAL_ADMIN_PASSWORD);
}

const app = await buildApp({
  db: database.db,
  config,
  clock: systemClock,
  logger: loggerOptions(config.logLevel),
});
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `DoseChain on http://localhost:${config.port} (${database.driver}${config.databaseUrl ? '' : `, ${config.dataDir}`})`,
);
if (bootstrapNote) app.log.warn(`Created user 'admin'; its initial password is in ${bootstrapNote}`);
