import { PRIVATE_UMASK } from '../kernel/data-dir.ts';
import { runDbMigrate } from './db-migrate-command.ts';

// What this command writes (a backup, the embedded database's files) is its user's alone.
process.umask(PRIVATE_UMASK);

// `npm run db:migrate [-- --force]`; `-- --help` says more.
process.exitCode = await runDbMigrate(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
