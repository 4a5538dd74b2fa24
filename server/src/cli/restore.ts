import { PRIVATE_UMASK } from '../kernel/data-dir.ts';
import { runBackupCommand } from './backup-command.ts';

// What this command writes (a backup, the embedded database's files) is its user's alone.
process.umask(PRIVATE_UMASK);

// `npm run restore -- <file>`; `-- --help` says more.
process.exitCode = await runBackupCommand('restore', process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
