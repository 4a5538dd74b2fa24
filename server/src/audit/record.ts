import type { AuditEntityType, AuditEventType } from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../db/client.ts';
import {
  AuditKeyMismatchError,
  asStoredJson,
  auditKey,
  type ChainedRow,
  chainValue,
  keyCheckOf,
} from './chain.ts';
import { rowsOf } from './chain-head.ts';

/** Who an audit row names: the signed-in user, or the user a security event is about. */
export interface AuditActor {
  userId: number | null;
  username: string;
  fullName: string;
  roleType: string | null;
}

export interface AuditEntry {
  entityType: AuditEntityType;
  entityId: number;
  eventType: AuditEventType;
  /** The record before the change (omit for `new`). */
  before?: Record<string, unknown> | null;
  /** The record after the change (omit for `delete`). */
  after?: Record<string, unknown> | null;
  reason?: string | null;
  signed?: boolean;
  /** The meaning of the signature, e.g. "Created CMO". */
  signatureMeaning?: string | null;
  /** A changeset given as is instead of diffed from before/after (write-only fields, e.g. a password). */
  changeset?: Record<string, [unknown, unknown]>;
}

const normalize = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

/** The fields whose values differ, as `{field: [old, new]}`. */
export function diffChangeset(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, [unknown, unknown]> {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of keys) {
    const oldValue = normalize(before?.[key]);
    const newValue = normalize(after?.[key]);
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) changes[key] = [oldValue, newValue];
  }
  return changes;
}

/** One row to append: who, and what. */
export interface AuditItem {
  actor: AuditActor;
  entry: AuditEntry;
}

/**
 * Writes one append-only audit row inside the caller's transaction, so the change and its
 * record commit together or not at all, chained after the newest row (decision 015). The time
 * is the database server's UTC clock (the transaction's). Given the database instead of a
 * transaction, it opens one of its own.
 */
export async function recordAudit(tx: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, [{ actor, entry }]);
}

/** Rows per INSERT statement: well below PostgreSQL's 65,535 parameters. */
const ROWS_PER_STATEMENT = 500;

/**
 * Writes audit rows in this order, chained: locks the chain's head (`FOR UPDATE`, held to the
 * commit, so concurrent writers queue there and the chain stays linear), takes the rows' ids and
 * the time in the same round trip, computes each row's chain value here, then inserts the rows
 * and moves the head in one statement. Call it as late in the transaction as possible: the head
 * is locked from here to the commit (`auditedMutation` writes its rows last).
 */
export async function recordAudits(executor: Executor, items: readonly AuditItem[]): Promise<void> {
  if (items.length === 0) return;
  if (executor instanceof PgTransaction) await appendChained(executor, items);
  else await executor.transaction((tx) => appendChained(tx, items));
}

interface LockedHead {
  position: number | string;
  chain_hmac: string;
  key_check: string | null;
  issued_at: string;
  ids: (number | string)[];
}

async function appendChained(tx: Tx, items: readonly AuditItem[]): Promise<void> {
  const key = auditKey();
  // The lock first (a materialized CTE), then the ids: they follow the chain's order.
  const [head] = rowsOf<LockedHead>(
    await tx.execute(sql`
      with head as materialized (
        select position, chain_hmac, key_check from audit_chain_head where id = 1 for update
      )
      select head.position, encode(head.chain_hmac, 'hex') as chain_hmac,
        encode(head.key_check, 'hex') as key_check,
        to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as issued_at,
        array(select nextval(pg_get_serial_sequence('audit_log', 'id'))
              from generate_series(1, ${items.length}::integer)) as ids
      from head`),
  );
  if (!head)
    throw new Error('The audit chain has no head row (audit_chain_head): the audit trail was altered');
  const keyCheck = keyCheckOf(key);
  if (head.key_check !== null && head.key_check !== keyCheck) throw new AuditKeyMismatchError();

  let position = Number(head.position);
  let previous = head.chain_hmac;
  const rows = items.map(({ actor, entry }, i) => {
    const row: ChainedRow = {
      position: ++position,
      id: Number(head.ids[i]),
      entityType: entry.entityType,
      entityId: entry.entityId,
      eventType: entry.eventType,
      changeset: asStoredJson(entry.changeset ?? diffChangeset(entry.before, entry.after)),
      reason: entry.reason ?? null,
      actorUserId: actor.userId,
      actorUsername: actor.username,
      actorFullName: actor.fullName,
      actorRoleType: actor.roleType,
      issuedAt: head.issued_at,
      signed: entry.signed ?? false,
      signatureMeaning: entry.signatureMeaning ?? null,
    };
    previous = chainValue(key, previous, row);
    return { row, hmac: previous };
  });

  let from = Number(head.position);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const batch = rows.slice(start, start + ROWS_PER_STATEMENT);
    const last = batch.at(-1)!;
    const values = batch.map(
      ({ row, hmac }) => sql`(${row.id}, ${row.entityType}, ${row.entityId}, ${row.eventType},
        ${JSON.stringify(row.changeset)}::jsonb, ${row.reason}, ${row.actorUserId}, ${row.actorUsername},
        ${row.actorFullName}, ${row.actorRoleType}, ${row.signed}, ${row.signatureMeaning},
        ${row.issuedAt}::timestamptz, ${row.position}, decode(${hmac}, 'hex'))`,
    );
    const moved = rowsOf<{ position: unknown }>(
      await tx.execute(sql`
        with written as (
          insert into audit_log (id, entity_type, entity_id, event_type, changeset, reason, actor_user_id,
            actor_username, actor_full_name, actor_role_type, signed, signature_meaning, issued_at,
            chain_position, chain_hmac)
          overriding system value
          values ${sql.join(values, sql`, `)}
        )
        update audit_chain_head
        set position = ${last.row.position}, chain_hmac = decode(${last.hmac}, 'hex'),
          key_check = coalesce(key_check, decode(${keyCheck}, 'hex'))
        where id = 1 and position = ${from}
        returning position`),
    );
    // The head is locked by this transaction: only its own nested work could have moved it.
    if (moved.length !== 1) throw new Error('The audit chain head moved while this transaction held it');
    from = last.row.position;
  }
}
