import { messages } from '@dosechain/contract';
import { keyBytes, keyCheckOf } from '../audit/chain.ts';
import { readChainHead } from '../audit/chain-head.ts';
import { verifyAuditChain } from '../audit/verify.ts';
import { type AdminIo, openConfigured } from './admin-command.ts';

/** The chain is intact. */
export const VERIFY_INTACT = 0;
/** The chain is broken: an entry was altered, removed, inserted or moved, or the newest removed. */
export const VERIFY_BROKEN = 1;
/** Nothing was verified: wrong usage, no database or key, another key than the chain's, a failure. */
export const VERIFY_FAILED = 2;

export const auditVerifyHelp = `Usage: npm run audit:verify [-- --force]

Verifies the audit trail's chain (decision 015), from its first entry to its newest, with the
server's key, and prints what it found. The same check as GET /api/v1/audit-logs/verify.

Database and key: those npm start uses, with the same environment: PostgreSQL at DATABASE_URL,
else the embedded database in DATA_DIR/pglite (DATA_DIR defaults to ./data, from where the
command is typed); the key is AUDIT_KEY, else DATA_DIR/audit-key. Migrations are applied first
if needed. The embedded database takes ONE process at a time: stop the server first (or, if it
is certainly stopped, add --force). With PostgreSQL the server may run.

Options:
  --force     Run although the embedded database looks in use.
  -h, --help  Show this help.

Exit codes: 0 intact, 1 broken (altered), 2 not verified (usage, no database or key, another key
than the one the trail was chained with, a failure).
`;

/** `npm run audit:verify`: verifies the chain and answers the process's exit code. */
export async function runAuditVerify(argv: readonly string[], io: AdminIo): Promise<number> {
  let force = false;
  for (const arg of argv) {
    if (arg === '-h' || arg === '--help') {
      io.out(auditVerifyHelp);
      return VERIFY_INTACT;
    }
    if (arg === '--force') force = true;
    else {
      io.err(`Unexpected argument "${arg}"\nMore: npm run audit:verify -- --help\n`);
      return VERIFY_FAILED;
    }
  }
  let opened: Awaited<ReturnType<typeof openConfigured>>;
  try {
    opened = await openConfigured(io, force, { generateAuditKey: false });
  } catch (err) {
    io.err(`${(err as Error).message}\n`);
    return VERIFY_FAILED;
  }
  if (typeof opened === 'string') {
    io.err(`${opened}\n`);
    return VERIFY_FAILED;
  }
  const { database } = opened;
  try {
    await database.migrate();
    const key = keyBytes(opened.auditKey);
    const head = await readChainHead(database.db);
    if (head?.keyCheck && head.keyCheck !== keyCheckOf(key)) {
      io.err(
        'The audit key (AUDIT_KEY, else DATA_DIR/audit-key) is not the one this audit trail was chained with: nothing verified.\n',
      );
      return VERIFY_FAILED;
    }
    const result = await verifyAuditChain(database.db, key);
    const lines = [
      result.ok
        ? messages.auditChainIntact(result.checked)
        : result.firstBrokenId !== null
          ? messages.auditChainBroken(result.firstBrokenId, result.broken)
          : messages.auditChainHeadMismatch,
    ];
    if (!result.ok && result.firstBrokenId !== null && !result.headMatches) {
      lines.push(messages.auditChainHeadMismatch);
    }
    if (result.unchained > 0) lines.push(messages.auditChainUnchained(result.unchained));
    lines.push(JSON.stringify(result));
    (result.ok ? io.out : io.err)(`${lines.join('\n')}\n`);
    return result.ok ? VERIFY_INTACT : VERIFY_BROKEN;
  } catch (err) {
    io.err(`Failed: ${(err as Error).message}\n`);
    return VERIFY_FAILED;
  } finally {
    await database.close();
  }
}
