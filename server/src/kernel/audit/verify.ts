import type { AuditChainVerification } from '@dosechain/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, fromJson } from '../db/client.ts';
import { type ChainedRow, chainValue, GENESIS, sameChainValue } from './chain.ts';
import { type ChainHead, readChainHead, rowsOf } from './chain-head.ts';
import type { ChainMark } from './checkpoint.ts';

/** Rows read per query while verifying: the table is streamed, never loaded whole. */
export const VERIFY_CHUNK_ROWS = 2000;

interface StoredRow {
  id: number | string;
  entity_type: string;
  entity_id: number | string | null;
  event_type: string;
  changeset: unknown;
  reason: string | null;
  actor_user_id: number | string | null;
  actor_username: string;
  actor_full_name: string;
  actor_role_type: string | null;
  signed: boolean;
  signature_meaning: string | null;
  issued_at: string;
  chain_position: number | string;
  chain_hmac: string | null;
}

const orNull = (v: number | string | null): number | null => (v === null ? null : Number(v));

function chainedRowOf(r: StoredRow): ChainedRow {
  return {
    position: Number(r.chain_position),
    id: Number(r.id),
    entityType: r.entity_type,
    entityId: orNull(r.entity_id) as number,
    eventType: r.event_type,
    changeset: fromJson<unknown>(r.changeset),
    reason: r.reason,
    actorUserId: orNull(r.actor_user_id),
    actorUsername: r.actor_username,
    actorFullName: r.actor_full_name,
    actorRoleType: r.actor_role_type,
    issuedAt: r.issued_at,
    signed: r.signed,
    signatureMeaning: r.signature_meaning,
  };
}

/** A chained row as stored: its content and its chain value. */
export interface StoredLink {
  row: ChainedRow;
  hmac: string | null;
}

/** The chained rows after `after` (position, id) in chain order, at most `limit` of them. */
export async function chainedRowsAfter(
  db: Executor,
  after: { position: number; id: number } | null,
  limit: number,
): Promise<StoredLink[]> {
  const from: SQL = after
    ? sql`and chain_position >= ${after.position} and (chain_position, id) > (${after.position}, ${after.id})`
    : sql``;
  return rowsOf<StoredRow>(
    await db.execute(sql`
      select id, entity_type, entity_id, event_type, changeset, reason, actor_user_id, actor_username,
        actor_full_name, actor_role_type, signed, signature_meaning,
        to_char(issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as issued_at,
        chain_position, encode(chain_hmac, 'hex') as chain_hmac
      from audit_log
      where chain_position is not null ${from}
      order by chain_position, id
      limit ${limit}`),
  ).map((r) => ({ row: chainedRowOf(r), hmac: r.chain_hmac }));
}

/**
 * Checks the whole audit chain with `key`, streaming it in chunks in chain order (keyset on the
 * position, then the id), each chunk a statement of its own: no long transaction, writers go on.
 * Each row must sit at the position after its predecessor and carry the HMAC of its
 * predecessor's stored chain value (the genesis value for the first) and its own content; a row
 * that does not is broken, and the next one is checked against it as stored, so each altered,
 * inserted or misplaced row is counted (a removed row breaks the one after the gap). At the end
 * the newest row must be the one the head records: read once no row follows, then read again,
 * so that rows committed in between are taken rather than called missing. Rows without a
 * position are broken unless written before the chain existed (`unchained`).
 */
export async function verifyAuditChain(
  db: Executor,
  key: Buffer,
  options: { chunkRows?: number } = {},
): Promise<AuditChainVerification> {
  return (await verifyAuditChainToEnd(db, key, options)).result;
}

/** A verification, and the newest chained entry it read (null: none). */
export interface VerifiedChain {
  result: AuditChainVerification;
  end: ChainMark | null;
}

/** `verifyAuditChain`, also answering where the chain it read ends. */
export async function verifyAuditChainToEnd(
  db: Executor,
  key: Buffer,
  options: { chunkRows?: number } = {},
): Promise<VerifiedChain> {
  const chunk = options.chunkRows ?? VERIFY_CHUNK_ROWS;
  const start = await readChainHead(db);
  let checked = 0;
  let broken = 0;
  let firstBrokenId: number | null = null;
  let last: { position: number; id: number; hmac: string | null } | null = null;
  let headAtEnd: ChainHead | undefined | 'unread' = 'unread';
  for (;;) {
    const rows = await chainedRowsAfter(db, last, chunk);
    for (const { row, hmac } of rows) {
      const previous = last ? last.hmac : GENESIS;
      const intact =
        hmac !== null &&
        previous !== null &&
        row.position === (last ? last.position + 1 : 1) &&
        sameChainValue(chainValue(key, previous, row), hmac);
      checked++;
      if (!intact) {
        broken++;
        firstBrokenId ??= row.id;
      }
      last = { position: row.position, id: row.id, hmac };
    }
    if (rows.length === chunk) {
      headAtEnd = 'unread';
      continue;
    }
    // No row follows now: done once a read after reading the head finds none either.
    if (rows.length === 0 && headAtEnd !== 'unread') break;
    headAtEnd = await readChainHead(db);
  }

  const head = headAtEnd;
  const headMatches =
    head !== undefined &&
    head.position === (last?.position ?? 0) &&
    (last ? last.hmac !== null && sameChainValue(head.chainHmac, last.hmac) : head.chainHmac === GENESIS);

  // Rows outside the chain: those written before it existed, and any other (inserted since).
  const legacyMaxId = (head ?? start)?.legacyMaxId ?? 0;
  const [outside] = rowsOf<{
    unchained: number | string;
    strays: number | string;
    first_stray: number | string | null;
  }>(
    await db.execute(sql`
      select count(*) filter (where id <= ${legacyMaxId}) as unchained,
        count(*) filter (where id > ${legacyMaxId}) as strays,
        min(id) filter (where id > ${legacyMaxId}) as first_stray
      from audit_log where chain_position is null`),
  );
  const strays = Number(outside?.strays ?? 0);
  broken += strays;
  if (firstBrokenId === null && outside?.first_stray != null) firstBrokenId = Number(outside.first_stray);

  return {
    result: {
      ok: broken === 0 && headMatches,
      checked: checked + strays,
      firstBrokenId,
      broken,
      unchained: Number(outside?.unchained ?? 0),
      headMatches,
    },
    end: last?.hmac ? { position: last.position, chainHmac: last.hmac } : null,
  };
}

const running = new WeakMap<Executor, Promise<VerifiedChain>>();

/**
 * `verifyAuditChainToEnd`, one run at a time per database: a request while a run is going on
 * joins it (several people opening the Audit trail screen do not each read the whole table).
 */
export function verifyAuditChainShared(db: Executor, key: Buffer): Promise<VerifiedChain> {
  const current = running.get(db);
  if (current) return current;
  const run = verifyAuditChainToEnd(db, key).finally(() => running.delete(db));
  running.set(db, run);
  return run;
}
