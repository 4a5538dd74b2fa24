import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { AuditKeyMismatchError, keyCheckOf } from './chain.ts';

/** The chain's head: the position and chain value of the newest chained audit row. */
export interface ChainHead {
  position: number;
  /** Hex; the genesis value while nothing is chained. */
  chainHmac: string;
  /** Audit rows up to this id were written before the chain existed. */
  legacyMaxId: number;
  keyCheck: string | null;
}

interface HeadRow {
  position: number | string;
  chain_hmac: string;
  legacy_max_id: number | string;
  key_check: string | null;
}

const headOf = (row: HeadRow): ChainHead => ({
  position: Number(row.position),
  chainHmac: row.chain_hmac,
  legacyMaxId: Number(row.legacy_max_id),
  keyCheck: row.key_check,
});

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The head as committed now (no lock); undefined when its row is gone. */
export async function readChainHead(db: Executor): Promise<ChainHead | undefined> {
  const [row] = rowsOf<HeadRow>(
    await db.execute(sql`
      select position, encode(chain_hmac, 'hex') as chain_hmac, legacy_max_id, encode(key_check, 'hex') as key_check
      from audit_chain_head where id = 1`),
  );
  return row ? headOf(row) : undefined;
}

/**
 * At start-up, before serving: refuses a key other than the one the chain was written with
 * (AuditKeyMismatchError), and records the key's check value if none is recorded yet.
 */
export async function checkAuditKey(db: Executor, key: Buffer): Promise<void> {
  const check = keyCheckOf(key);
  const head = await readChainHead(db);
  if (!head)
    throw new Error('The audit chain has no head row (audit_chain_head): the audit trail was altered');
  if (head.keyCheck === null) {
    await db.execute(
      sql`update audit_chain_head set key_check = decode(${check}, 'hex') where id = 1 and key_check is null`,
    );
    const again = await readChainHead(db);
    if (again?.keyCheck !== check) throw new AuditKeyMismatchError();
  } else if (head.keyCheck !== check) {
    throw new AuditKeyMismatchError();
  }
}
