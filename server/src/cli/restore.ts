import { runBackupCommand } from './backup-command.ts';

// `npm run restore -- <file>`; `-- --help` says more.
process.exitCode = await runBackupCommand('restore', process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
