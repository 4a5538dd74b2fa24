/**
 * Ways someone with database access rewrites the audit trail behind the app's back (issue 17):
 * each runs in a transaction that is rolled back after the chain is verified inside it, so the
 * table stays as it was for the next one. `expected` is what verification must then answer.
 */
import { randomBytes } from 'node:crypto';
import type { AuditChainVerification } from '@dosechain/contract';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { chainValue, GENESIS, keyBytes } from '../../src/kernel/audit/chain.ts';
import { rowsOf } from '../../src/kernel/audit/chain-head.ts';
import { chainedRowsAfter, verifyAuditChain } from '../../src/kernel/audit/verify.ts';
import type { Db, Executor, Tx } from '../../src/kernel/db/client.ts';

/** A chained row: its id, position and chain value. */
export interface ChainLink {
  id: number;
  position: number;
  hmac: string;
}

/** The chained rows in chain order. */
export async function chainLinks(db: Executor): Promise<ChainLink[]> {
  return rowsOf<{ id: string | number; position: string | number; hmac: string }>(
    await db.execute(sql`
      select id, chain_position as position, encode(chain_hmac, 'hex') as hmac
      from audit_log where chain_position is not null order by chain_position`),
  ).map((r) => ({ id: Number(r.id), position: Number(r.position), hmac: r.hmac }));
}

/** Runs `tamper` in a transaction, verifies the chain inside it with `key`, and rolls it all back. */
export async function verifiedAfter(
  db: Db,
  key: string,
  tamper: (tx: Tx) => Promise<void>,
): Promise<AuditChainVerification> {
  let result: AuditChainVerification | undefined;
  try {
    await db.transaction(async (tx) => {
      await tamper(tx);
      result = await verifyAuditChain(tx, keyBytes(key));
      tx.rollback();
    });
  } catch (err) {
    if (!(err instanceof TransactionRollbackError)) throw err;
  }
  if (!result) throw new Error('not verified');
  return result;
}

/**
 * The attack of issue 31, for good: removes every chained row after `position` and points the
 * chain's head at the row left newest, so that the chain alone verifies intact.
 */
export async function rewindTrail(db: Db, position: number): Promise<void> {
  await db.transaction(async (tx) => {
    await asReplica(tx);
    await tx.execute(sql`delete from audit_log where chain_position > ${position}`);
    await tx.execute(sql`update audit_chain_head set position = ${position},
      chain_hmac = coalesce((select chain_hmac from audit_log where chain_position = ${position}),
        decode(${GENESIS}, 'hex'))
      where id = 1`);
  });
}

const withoutTrigger = (tx: Tx) =>
  tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
const asReplica = (tx: Tx) => tx.execute(sql`set local session_replication_role = replica`);

/** A row written by hand, with the columns a real one has. */
const forged = (tx: Tx, position: number | null, hmac: string | null) =>
  tx.execute(sql`
    insert into audit_log (entity_type, entity_id, event_type, changeset, reason, actor_user_id,
      actor_username, actor_full_name, actor_role_type, signed, signature_meaning, chain_position, chain_hmac)
    values ('orders', 1, 'update', '{"status": ["pending", "canceled"]}', 'Forged', null, 'admin',
      'Ada Admin', 'admin', true, 'Canceled Order', ${position}, decode(${hmac}, 'hex'))`);

/** The id `forged` gave its row. */
const lastId = async (tx: Tx) =>
  Number(rowsOf<{ id: string }>(await tx.execute(sql`select max(id) as id from audit_log`))[0]!.id);

export interface Tampering {
  /**
   * Changes the table; `links` are the chained rows before, `k` a row in their middle. Answers
   * the id of a row it inserted, if it did.
   */
  tamper(tx: Tx, links: ChainLink[], k: number): Promise<unknown>;
  /** What verification answers then (`forgedId`: the id `tamper` returned). */
  expected(
    links: ChainLink[],
    k: number,
    forgedId?: number,
  ): Omit<AuditChainVerification, 'checked' | 'unchained'>;
  /** Rows verification reads beyond the chain's before (inserted) or fewer (removed). */
  rowsAdded: number;
}

const brokenAt = (id: number, broken = 1, headMatches = true) => ({
  ok: false,
  firstBrokenId: id,
  broken,
  headMatches,
});

/**
 * The tamperings of issue 17 and more. Each must be detected, naming the first row that no longer
 * matches (for a removal, the row after the gap; for the newest row removed, the head).
 */
export const tamperings: Record<string, Tampering> = {
  'trigger disabled, UPDATE of the reason': {
    async tamper(tx, links, k) {
      await withoutTrigger(tx);
      await tx.execute(sql`update audit_log set reason = 'Tampered' where id = ${links[k]!.id}`);
    },
    expected: (links, k) => brokenAt(links[k]!.id),
    rowsAdded: 0,
  },
  'trigger disabled, UPDATE of the actor': {
    async tamper(tx, links, k) {
      await withoutTrigger(tx);
      // Someone else's name on the row: staff's, or admin's on a row of staff's.
      await tx.execute(sql`update audit_log a set actor_username = u.username,
          actor_full_name = u.first_name || ' ' || u.last_name, actor_user_id = u.id
        from users u where a.id = ${links[k]!.id}
          and u.username = case when a.actor_username = 'staff' then 'admin' else 'staff' end`);
    },
    expected: (links, k) => brokenAt(links[k]!.id),
    rowsAdded: 0,
  },
  'trigger disabled, issued_at moved back three days': {
    async tamper(tx, links, k) {
      await withoutTrigger(tx);
      await tx.execute(
        sql`update audit_log set issued_at = issued_at - interval '3 days' where id = ${links[k]!.id}`,
      );
    },
    expected: (links, k) => brokenAt(links[k]!.id),
    rowsAdded: 0,
  },
  'trigger disabled, issued_at moved by one microsecond': {
    async tamper(tx, links, k) {
      await withoutTrigger(tx);
      await tx.execute(
        sql`update audit_log set issued_at = issued_at + interval '1 microsecond' where id = ${links[k]!.id}`,
      );
    },
    expected: (links, k) => brokenAt(links[k]!.id),
    rowsAdded: 0,
  },
  'trigger disabled, UPDATE of the changeset, the signature and the record': {
    async tamper(tx, links, k) {
      await withoutTrigger(tx);
      await tx.execute(sql`update audit_log set changeset = changeset || '{"note": [null, "x"]}'::jsonb
        where id = ${links[k]!.id}`);
      await tx.execute(sql`update audit_log set signed = not signed, signature_meaning = 'Approved'
        where id = ${links[k + 2]!.id}`);
      await tx.execute(sql`update audit_log set entity_id = entity_id + 1 where id = ${links[k + 4]!.id}`);
    },
    expected: (links, k) => brokenAt(links[k]!.id, 3),
    rowsAdded: 0,
  },
  'session_replication_role = replica, DELETE of a row': {
    async tamper(tx, links, k) {
      await asReplica(tx);
      await tx.execute(sql`delete from audit_log where id = ${links[k]!.id}`);
    },
    expected: (links, k) => brokenAt(links[k + 1]!.id),
    rowsAdded: -1,
  },
  'session_replication_role = replica, DELETE of the newest row': {
    async tamper(tx, links) {
      await asReplica(tx);
      await tx.execute(sql`delete from audit_log where id = ${links.at(-1)!.id}`);
    },
    expected: () => ({ ok: false, firstBrokenId: null, broken: 0, headMatches: false }),
    rowsAdded: -1,
  },
  'INSERT of a forged row after the newest, with a made-up chain value': {
    async tamper(tx, links) {
      await forged(tx, links.at(-1)!.position + 1, randomBytes(32).toString('hex'));
      return lastId(tx);
    },
    expected: (_links, _k, id) => brokenAt(id!, 1, false),
    rowsAdded: 1,
  },
  'INSERT of a forged row without a chain position': {
    async tamper(tx) {
      await forged(tx, null, null);
      return lastId(tx);
    },
    expected: (_links, _k, id) => brokenAt(id!),
    rowsAdded: 1,
  },
  'INSERT of a forged row into the middle, the rows after it moved up': {
    async tamper(tx, links, k) {
      await withoutTrigger(tx);
      await tx.execute(sql`update audit_log set chain_position = -chain_position - 1
        where chain_position >= ${links[k]!.position}`);
      await tx.execute(sql`update audit_log set chain_position = -chain_position where chain_position < 0`);
      await forged(tx, links[k]!.position, links[k]!.hmac);
      return lastId(tx);
    },
    // The forged row fails, and so does every row moved up: each sits one place after its own.
    expected: (links, k, id) => brokenAt(id!, 1 + links.length - k, false),
    rowsAdded: 1,
  },
  'contents of two rows swapped, chain values left': {
    async tamper(tx, links, k) {
      await withoutTrigger(tx);
      const [a, b] = [links[k]!.id, links[k + 1]!.id];
      await tx.execute(sql`
        update audit_log t set entity_type = s.entity_type, entity_id = s.entity_id, event_type = s.event_type,
          changeset = s.changeset, reason = s.reason, actor_user_id = s.actor_user_id,
          actor_username = s.actor_username, actor_full_name = s.actor_full_name,
          actor_role_type = s.actor_role_type, signed = s.signed, signature_meaning = s.signature_meaning,
          issued_at = s.issued_at
        from audit_log s where (t.id, s.id) in ((${a}, ${b}), (${b}, ${a}))`);
    },
    expected: (links, k) => brokenAt(links[k]!.id, 2),
    rowsAdded: 0,
  },
  'two rows reordered, with their chain values': {
    async tamper(tx, links, k) {
      await withoutTrigger(tx);
      const [a, b] = [links[k]!, links[k + 1]!];
      await tx.execute(sql`update audit_log set chain_position = -1 where id = ${a.id}`);
      await tx.execute(sql`update audit_log set chain_position = ${a.position} where id = ${b.id}`);
      await tx.execute(sql`update audit_log set chain_position = ${b.position} where id = ${a.id}`);
    },
    // Both moved rows fail, and the row after them: its predecessor's chain value is not its own.
    expected: (links, k) => brokenAt(links[k + 1]!.id, 3),
    rowsAdded: 0,
  },
  'rows rewritten and re-chained with a key of the tamperer’s own, head included': {
    async tamper(tx, links, k) {
      await withoutTrigger(tx);
      await tx.execute(sql`update audit_log set reason = 'Rewritten' where id = ${links[k]!.id}`);
      const wrongKey = keyBytes('not-the-server-key-0123456789abcdef');
      const before = k === 0 ? null : links[k - 1]!;
      let previous = before ? before.hmac : GENESIS;
      for (const { row } of await chainedRowsAfter(tx, before, links.length)) {
        previous = chainValue(wrongKey, previous, row);
        await tx.execute(
          sql`update audit_log set chain_hmac = decode(${previous}, 'hex') where id = ${row.id}`,
        );
      }
      await tx.execute(sql`update audit_chain_head set chain_hmac = decode(${previous}, 'hex')`);
    },
    expected: (links, k) => brokenAt(links[k]!.id, links.length - k),
    rowsAdded: 0,
  },
};
