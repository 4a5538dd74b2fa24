import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type AuditCheckpoint,
  type AuditCheckpointFailure,
  auditCheckpointSchema,
  messages,
} from '@dosechain/contract';
import { keyBytes, keyCheckOf } from '../kernel/audit/chain.ts';
import { readChainHead } from '../kernel/audit/chain-head.ts';
import { checkpointFailure, checkpointSignatureValid } from '../kernel/audit/checkpoint.ts';
import { verifyAuditChain } from '../kernel/audit/verify.ts';
import { type AdminIo, openConfigured } from './admin-command.ts';

/** The chain is intact. */
export const VERIFY_INTACT = 0;
/** The chain is broken: an entry was altered, removed, inserted or moved, the newest removed, or a checkpoint is no longer in it. */
export const VERIFY_BROKEN = 1;
/** Nothing was verified: wrong usage, no database or key, another key than the chain's, a failure. */
export const VERIFY_FAILED = 2;

export const auditVerifyHelp = `Usage: npm run audit:verify [-- --checkpoint <file>] [-- --force]

Verifies the audit trail's chain (decision 015), from its first entry to its newest, with the
server's key, and prints what it found. The same check as GET /api/v1/audit-logs/verify.

With --checkpoint: also that a checkpoint kept outside the database (downloaded from the Audit
trail screen, GET /api/v1/audit-logs/checkpoint, or copied from the server's log) is still in
the chain: its entry at the same position with the same chain value, and the trail up to it
holding the entries it counted. That shows what the chain alone cannot: the newest entries
removed together with the chain's head. The same check as POST /api/v1/audit-logs/verify.

Database and key: those npm start uses, with the same environment: PostgreSQL at DATABASE_URL,
else the embedded database in DATA_DIR/pglite (DATA_DIR defaults to ./data, from where the
command is typed); the key is AUDIT_KEY, else DATA_DIR/audit-key. Migrations are applied first
if needed. The embedded database takes ONE process at a time: stop the server first (or, if it
is certainly stopped, add --force). With PostgreSQL the server may run.

Options:
  --checkpoint <file>  A checkpoint (JSON) to look for in the chain.
  --force              Run although the embedded database looks in use.
  -h, --help           Show this help.

Exit codes: 0 intact, 1 broken (altered, or the checkpoint is no longer in the chain), 2 not
verified (usage, no database or key, another key than the one the trail was chained with, a
checkpoint that is not one of this trail's, a failure).
`;

/** The checkpoint in `file`, or what is wrong with it (its signature is checked with the key later). */
function readCheckpoint(file: string): AuditCheckpoint | string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return `Cannot read the checkpoint ${file}: ${(err as Error).message}`;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `${file} is not JSON: a checkpoint is the JSON the server issues (GET /api/v1/audit-logs/checkpoint)`;
  }
  // The file as downloaded, or the body of POST /audit-logs/verify.
  const value = json && typeof json === 'object' && 'checkpoint' in json ? json.checkpoint : json;
  const parsed = auditCheckpointSchema.safeParse(value);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.') || '(the file)'}: ${i.message}`);
    return `${file} is not a checkpoint:\n  ${fields.join('\n  ')}`;
  }
  return parsed.data;
}

/** What a checkpoint's check found, in words. */
function checkpointLine(checkpoint: AuditCheckpoint, failed: AuditCheckpointFailure | null): string {
  switch (failed) {
    case null:
      return messages.auditCheckpointInChain(checkpoint.position, checkpoint.issuedAt);
    case 'entryMissing':
      return messages.auditCheckpointEntryMissing(checkpoint.position);
    case 'entryChanged':
      return messages.auditCheckpointEntryChanged(checkpoint.position);
    case 'countChanged':
      return messages.auditCheckpointCountChanged(checkpoint.count);
  }
}

/** `npm run audit:verify`: verifies the chain and answers the process's exit code. */
export async function runAuditVerify(argv: readonly string[], io: AdminIo): Promise<number> {
  let force = false;
  let checkpointFile: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') {
      io.out(auditVerifyHelp);
      return VERIFY_INTACT;
    }
    if (arg === '--force') force = true;
    else if (arg === '--checkpoint' && argv[i + 1] !== undefined && checkpointFile === undefined) {
      checkpointFile = argv[++i];
    } else {
      const what =
        arg === '--checkpoint' ? 'Give --checkpoint once, with a file' : `Unexpected argument "${arg}"`;
      io.err(`${what}\nMore: npm run audit:verify -- --help\n`);
      return VERIFY_FAILED;
    }
  }
  let checkpoint: AuditCheckpoint | undefined;
  if (checkpointFile !== undefined) {
    const read = readCheckpoint(path.resolve(io.env.INIT_CWD ?? process.cwd(), checkpointFile));
    if (typeof read === 'string') {
      io.err(`${read}\n`);
      return VERIFY_FAILED;
    }
    checkpoint = read;
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
    if (checkpoint && !checkpointSignatureValid(key, checkpoint)) {
      io.err(`${messages.auditCheckpointInvalid}: nothing verified.\n`);
      return VERIFY_FAILED;
    }
    const result = await verifyAuditChain(database.db, key);
    const failed = checkpoint ? await checkpointFailure(database.db, checkpoint) : null;
    const ok = result.ok && failed === null;
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
    if (checkpoint) lines.push(checkpointLine(checkpoint, failed));
    if (result.unchained > 0) lines.push(messages.auditChainUnchained(result.unchained));
    lines.push(
      JSON.stringify({
        ...result,
        ok,
        checkpoint: checkpoint
          ? { position: checkpoint.position, issuedAt: checkpoint.issuedAt, failed }
          : null,
      }),
    );
    (ok ? io.out : io.err)(`${lines.join('\n')}\n`);
    return ok ? VERIFY_INTACT : VERIFY_BROKEN;
  } catch (err) {
    io.err(`Failed: ${(err as Error).message}\n`);
    return VERIFY_FAILED;
  } finally {
    await database.close();
  }
}
