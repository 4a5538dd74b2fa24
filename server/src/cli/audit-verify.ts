import { runAuditVerify } from './audit-verify-command.ts';

// `npm run audit:verify [-- --checkpoint <file>] [-- --force]`; `-- --help` says more.
process.exitCode = await runAuditVerify(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
