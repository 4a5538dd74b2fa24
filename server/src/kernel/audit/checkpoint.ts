import { createHmac, hkdfSync } from 'node:crypto';
import {
  AUDIT_CHECKPOINT_FORMAT,
  type AuditCheckpoint,
  type AuditCheckpointFailure,
} from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { canonicalJson, GENESIS, sameChainValue } from './chain.ts';
import { readChainHead, rowsOf } from './chain-head.ts';

/**
 * Checkpoints of the audit chain (decision 015, issue 31): where the chain ended, signed so that
 * it can be kept outside the database and shown later to prove the trail has not been cut back.
 * The chain itself detects changes up to its newest entry; only something kept elsewhere shows
 * that newest entries were removed together with the head.
 */

/** A place in the chain: an entry's position and chain value (position 0: the genesis value). */
export interface ChainMark {
  position: number;
  chainHmac: string;
}

/** HKDF's `info` for the checkpoint key: the audit key itself never signs anything but the chain. */
const CHECKPOINT_KEY_LABEL = 'dosechain.audit.checkpoint-key.v1';

/** The key checkpoints are signed with: HKDF-SHA256 of the audit key, under its own label. */
export function checkpointKeyOf(auditKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', auditKey, Buffer.alloc(0), CHECKPOINT_KEY_LABEL, 32));
}

type Unsigned = Omit<AuditCheckpoint, 'signature'>;

function signatureOf(auditKey: Buffer, c: Unsigned): string {
  return createHmac('sha256', checkpointKeyOf(auditKey))
    .update(canonicalJson([c.format, c.position, c.chainHmac, c.count, c.issuedAt]), 'utf8')
    .digest('hex');
}

/** Whether the checkpoint was issued, as it is, under this audit key (constant time). */
export function checkpointSignatureValid(auditKey: Buffer, checkpoint: AuditCheckpoint): boolean {
  return sameChainValue(signatureOf(auditKey, checkpoint), checkpoint.signature);
}

/** Entries from before the chain (decision 015: never chained, counted apart). */
async function unchainedCount(db: Executor, legacyMaxId: number): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*) as n from audit_log where id <= ${legacyMaxId} and chain_position is null`,
    ),
  );
  return Number(row?.n ?? 0);
}

/** A checkpoint of the chain as its head records it now, signed with the audit key's checkpoint key. */
export async function issueCheckpoint(db: Executor, auditKey: Buffer, now: Date): Promise<AuditCheckpoint> {
  const head = await readChainHead(db);
  if (!head)
    throw new Error('The audit chain has no head row (audit_chain_head): the audit trail was altered');
  const unsigned: Unsigned = {
    format: AUDIT_CHECKPOINT_FORMAT,
    position: head.position,
    chainHmac: head.chainHmac,
    count: head.position + (await unchainedCount(db, head.legacyMaxId)),
    issuedAt: now.toISOString(),
  };
  return { ...unsigned, signature: signatureOf(auditKey, unsigned) };
}

/**
 * Whether the entry at `mark.position` is in the chain with `mark.chainHmac`: null when it is,
 * else `entryMissing` (no entry there: the chain ends before it) or `entryChanged` (another entry
 * sits there: the chain was cut back and written on). Position 0 is the genesis value, always there.
 */
export async function markFailure(
  db: Executor,
  mark: ChainMark,
): Promise<Extract<AuditCheckpointFailure, 'entryMissing' | 'entryChanged'> | null> {
  if (mark.position === 0) return mark.chainHmac === GENESIS ? null : 'entryChanged';
  const [row] = rowsOf<{ hmac: string | null }>(
    await db.execute(
      sql`select encode(chain_hmac, 'hex') as hmac from audit_log where chain_position = ${mark.position}`,
    ),
  );
  if (!row) return 'entryMissing';
  return row.hmac !== null && sameChainValue(row.hmac, mark.chainHmac) ? null : 'entryChanged';
}

/**
 * What became of a checkpoint (its signature already checked): its entry must be in the chain
 * with the chain value it recorded, and the trail up to it must hold the entries it counted.
 */
export async function checkpointFailure(
  db: Executor,
  checkpoint: AuditCheckpoint,
): Promise<AuditCheckpointFailure | null> {
  const failure = await markFailure(db, checkpoint);
  if (failure) return failure;
  const head = await readChainHead(db);
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from audit_log where chain_position <= ${checkpoint.position}`),
  );
  const now = Number(row?.n ?? 0) + (await unchainedCount(db, head?.legacyMaxId ?? 0));
  return now === checkpoint.count ? null : 'countChanged';
}
