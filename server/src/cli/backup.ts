import { runBackupCommand } from './backup-command.ts';

// `npm run backup -- <file>`; `-- --help` says more.
process.exitCode = await runBackupCommand('backup', process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
