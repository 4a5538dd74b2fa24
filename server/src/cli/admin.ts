import { runAdmin } from './admin-command.ts';

// `npm run admin -- <command> <username> --reason "<why>"`; `--help` says more.
process.exitCode = await runAdmin(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
