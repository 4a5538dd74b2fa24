import { runDbMigrate } from './db-migrate-command.ts';

// `npm run db:migrate [-- --force]`; `-- --help` says more.
process.exitCode = await runDbMigrate(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
