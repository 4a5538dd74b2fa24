import type { AuditCheckpoint, AuditTrailVerification } from '@dosechain/contract';
import type { Executor } from '../db/client.ts';
import type { ChainEndWatch } from './chain-end.ts';
import { readChainHead } from './chain-head.ts';
import { checkpointFailure, markFailure } from './checkpoint.ts';
import { verifyAuditChainShared } from './verify.ts';

/**
 * Whether the chain's end moved back behind the newest place `watch` remembers (issue 31): that
 * entry is gone, or another sits in its place. `from`: its position; `to`: the head's when this
 * was found (then kept: rows written since do not hide it).
 */
export async function endMovedBack(
  db: Executor,
  watch: ChainEndWatch,
): Promise<AuditTrailVerification['endMovedBack']> {
  if (watch.movedBack) return watch.movedBack;
  const mark = watch.remembered;
  if (!mark || (await markFailure(db, mark)) === null) return null;
  const head = await readChainHead(db);
  watch.movedBack = { from: mark.position, to: head?.position ?? 0 };
  return watch.movedBack;
}

/**
 * The audit trail verified (decision 015): the chain from its first entry to its newest, that its
 * end has not moved back behind what this server remembers, and, given a checkpoint (its
 * signature already checked), that the checkpoint's entry is still in it as recorded. An intact
 * trail's end is remembered from then on.
 */
export async function verifyAuditTrail(
  db: Executor,
  key: Buffer,
  watch: ChainEndWatch,
  checkpoint?: AuditCheckpoint,
): Promise<AuditTrailVerification> {
  const { result, end } = await verifyAuditChainShared(db, key);
  const movedBack = await endMovedBack(db, watch);
  const failed = checkpoint ? await checkpointFailure(db, checkpoint) : null;
  const ok = result.ok && movedBack === null && failed === null;
  if (ok && end) watch.note(end);
  return {
    ...result,
    ok,
    endMovedBack: movedBack,
    checkpoint: checkpoint ? { position: checkpoint.position, issuedAt: checkpoint.issuedAt, failed } : null,
  };
}
