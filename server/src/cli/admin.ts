import { PRIVATE_UMASK } from '../kernel/data-dir.ts';
import { runAdmin } from './admin-command.ts';

// What this command writes (a backup, the embedded database's files) is its user's alone.
process.umask(PRIVATE_UMASK);

// `npm run admin -- <command> <username> --reason "<why>"`; `--help` says more.
process.exitCode = await runAdmin(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
