import type { AuditEntityType, AuditEventType } from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type Executor, pgErrorCode, type Tx } from '../db/client.ts';
import { PipelinedClient } from '../db/pipelined-client.ts';
import { appendOneRow, appendOneRowCommitting, appendSql, rowValuesSql } from './append-statement.ts';
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

/** The chain's head as this transaction found it under its lock. */
export interface Head {
  position: number;
  chainHmac: string;
}

/** What a row needs from the database before its chain value can be computed. */
export interface Prepared {
  /** The transaction's time (`now()`), to the microsecond. */
  issuedAt: string;
  ids: number[];
}

const issuedAtSql = sql`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** An audit row's id and time, taken in a statement of its transaction that runs anyway. */
export interface AuditStamp {
  /** The transaction's time (`now()`), to the microsecond. */
  issuedAt: string;
  id: number;
}

/**
 * What to add to a statement's `RETURNING` (one row) for the stamp of the audit row of the
 * change it makes: the writer then needs no round trip of its own for them.
 */
export const auditStampSql = {
  issuedAt: sql<string>`${issuedAtSql}`,
  id: sql<number>`nextval(pg_get_serial_sequence('audit_log', 'id'))`.mapWith(Number),
};
const idsSql = (n: number) =>
  sql`array(select nextval(pg_get_serial_sequence('audit_log', 'id')) from generate_series(1, ${n}::integer))`;
const noHead = () =>
  new Error('The audit chain has no head row (audit_chain_head): the audit trail was altered');

/** Takes `n` rows' ids and the transaction's time. */
async function prepare(tx: Tx, n: number): Promise<Prepared> {
  const [pre] = rowsOf<{ issued_at: string; ids: (number | string)[] }>(
    await tx.execute(sql`select ${issuedAtSql} as issued_at, ${idsSql(n)} as ids`),
  );
  return { issuedAt: pre!.issued_at, ids: pre!.ids.map(Number) };
}

/**
 * Writes audit rows in this order, chained: locks the chain's head (`FOR UPDATE`, held to the
 * commit, so concurrent writers queue there and the chain stays linear), takes the rows' ids and
 * the time in the same round trip, computes each row's chain value here, then inserts the rows
 * and moves the head in one statement. Call it as late in the transaction as possible: the head
 * is locked from here to the commit (`auditedMutation` goes through `ChainWriter` instead, which
 * holds it for one statement and the commit).
 */
export async function recordAudits(executor: Executor, items: readonly AuditItem[]): Promise<void> {
  if (items.length === 0) return;
  if (executor instanceof PgTransaction) await appendLocked(executor, items);
  else await executor.transaction((tx) => appendLocked(tx, items).then(() => undefined));
}

/** Locks the head, reads it (and, unless `prepared`, takes the ids and time), then appends. */
async function appendLocked(tx: Tx, items: readonly AuditItem[], prepared?: Prepared): Promise<Head> {
  const key = auditKey();
  // The lock first (a materialized CTE), then the ids: they follow the chain's order.
  const [locked] = rowsOf<{
    position: number | string;
    chain_hmac: string;
    key_check: string | null;
    issued_at: string | null;
    ids: (number | string)[] | null;
  }>(
    await tx.execute(sql`
      with head as materialized (
        select position, chain_hmac, key_check from audit_chain_head where id = 1 for update
      )
      select head.position, encode(head.chain_hmac, 'hex') as chain_hmac,
        encode(head.key_check, 'hex') as key_check,
        ${prepared ? sql`null` : issuedAtSql} as issued_at, ${prepared ? sql`null` : idsSql(items.length)} as ids
      from head`),
  );
  if (!locked) throw noHead();
  if (locked.key_check !== null && locked.key_check !== keyCheckOf(key)) throw new AuditKeyMismatchError();
  const head = { position: Number(locked.position), chainHmac: locked.chain_hmac };
  const ready = prepared ?? { issuedAt: locked.issued_at!, ids: (locked.ids ?? []).map(Number) };
  const moved = await insertChained(tx, key, head, items, ready);
  if (!moved) throw new Error('The audit chain head moved while this transaction held it');
  return moved;
}

/** The rows chained after `head`, each with its chain value. */
function chainedRows(key: Buffer, head: Head, items: readonly AuditItem[], prepared: Prepared) {
  let position = head.position;
  let previous = head.chainHmac;
  return items.map(({ actor, entry }, i) => {
    const row: ChainedRow = {
      position: ++position,
      id: prepared.ids[i]!,
      entityType: entry.entityType,
      entityId: entry.entityId,
      eventType: entry.eventType,
      changeset: asStoredJson(entry.changeset ?? diffChangeset(entry.before, entry.after)),
      reason: entry.reason ?? null,
      actorUserId: actor.userId,
      actorUsername: actor.username,
      actorFullName: actor.fullName,
      actorRoleType: actor.roleType,
      issuedAt: prepared.issuedAt,
      signed: entry.signed ?? false,
      signatureMeaning: entry.signatureMeaning ?? null,
    };
    previous = chainValue(key, previous, row);
    return { row, hmac: previous };
  });
}

/** What `audit_chain_moved()` raises (migration 0031): the head was not the one expected. */
const CHAIN_MOVED = 'DCA01';
/** The savepoint the committing append rolls back to when the head had moved. */
const APPEND_SAVEPOINT = 'audit_append';

/**
 * One row appended and the transaction committed in one round trip (decision 062): the savepoint,
 * the row's statement (raising when the head is not `head`), the COMMIT. `onWritten` is told the new
 * head as soon as the row's statement has answered, before the commit is done. Null when the head
 * had moved: nothing written, the transaction back at the savepoint and still open.
 */
async function appendOneAndCommit(
  tx: Tx,
  client: PipelinedClient,
  head: Head,
  item: AuditItem,
  prepared: Prepared,
  onWritten: (head: Head) => void,
): Promise<Head | null> {
  const key = auditKey();
  const [{ row, hmac }] = chainedRows(key, head, [item], prepared) as [{ row: ChainedRow; hmac: string }];
  const next = { position: row.position, chainHmac: hmac };
  const statement = appendOneRowCommitting.config({
    ...row,
    changeset: JSON.stringify(row.changeset),
    hmac,
    fromPosition: head.position,
    fromHmac: head.chainHmac,
    keyCheck: keyCheckOf(key),
  });
  const sent = client.queryThenCommit(statement, APPEND_SAVEPOINT, () => onWritten(next));
  if (!sent) throw new Error('The audit statement could not be sent with the commit');
  try {
    await sent;
    return next;
  } catch (err) {
    if (pgErrorCode(err) !== CHAIN_MOVED) throw err;
    await tx.execute(sql.raw(`rollback to savepoint ${APPEND_SAVEPOINT}`));
    return null;
  }
}

/**
 * The connection of `tx` when it can send a statement and the commit together (PostgreSQL), and
 * `tx` is the whole transaction, not a savepoint within another (its commit is not this one's).
 */
function committingClientOf(tx: Tx): PipelinedClient | null {
  if ((tx as unknown as { nestedIndex?: number }).nestedIndex !== 0) return null;
  const client = (tx._.session as unknown as { client?: unknown }).client;
  return client instanceof PipelinedClient ? client : null;
}

/**
 * Inserts the rows chained after `head` and moves the head, in one statement per 500 rows,
 * provided the head is still `head` (locking it, if this transaction does not hold it yet).
 * Answers the new head, or null when the head had moved (nothing written).
 */
async function insertChained(
  tx: Tx,
  key: Buffer,
  head: Head,
  items: readonly AuditItem[],
  prepared: Prepared,
): Promise<Head | null> {
  const keyCheck = keyCheckOf(key);
  const rows = chainedRows(key, head, items, prepared);

  // The usual case, one row: its statement built once and named (decision 062).
  if (rows.length === 1) {
    const [{ row, hmac }] = rows as [(typeof rows)[number]];
    const moved = await appendOneRow(tx, {
      ...row,
      changeset: JSON.stringify(row.changeset),
      hmac,
      fromPosition: head.position,
      fromHmac: head.chainHmac,
      keyCheck,
    });
    return moved.length === 1 ? { position: row.position, chainHmac: hmac } : null;
  }
  let from = head.position;
  let fromHmac = head.chainHmac;
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const batch = rows.slice(start, start + ROWS_PER_STATEMENT);
    const last = batch.at(-1)!;
    const values = batch.map(({ row, hmac }) =>
      rowValuesSql({ ...row, changeset: JSON.stringify(row.changeset), hmac }),
    );
    const moved = rowsOf<{ position: unknown }>(
      await tx.execute(
        appendSql(values, {
          fromPosition: from,
          fromHmac,
          position: last.row.position,
          hmac: last.hmac,
          keyCheck,
        }),
      ),
    );
    if (moved.length !== 1) {
      if (start === 0) return null;
      throw new Error('The audit chain head moved while this transaction held it');
    }
    from = last.row.position;
    fromHmac = last.hmac;
  }
  return { position: from, chainHmac: fromHmac };
}

/**
 * The audit writer of `auditedMutation`, one per database and process. Transactions take their
 * turn here, in order. Each computes its chain values from the head the transaction before it
 * wrote, and writes them in one statement that locks the head and checks it is still that one;
 * as soon as that statement has answered, the next transaction's turn begins, so its statement
 * is already waiting at the database for the lock while this one commits, and takes it the moment
 * the commit releases it. The head is thus held for one statement and the commit, with no round
 * trip to this process between the one transaction's commit and the next one's statement (the
 * head lock being what bounds how many audited changes a second the system takes). If the head is
 * not the one expected (the transaction before rolled back, another instance or a `recordAudit`
 * wrote), nothing is written and the head is read under the lock the statement took. Ids and
 * time are taken before the turn: ids follow the order transactions got there, not always the
 * chain's (the position is the chain's order).
 */
export class ChainWriter {
  private turn: Promise<void> = Promise.resolve();
  private head: Head | null = null;
  private readonly committedListeners = new Set<(head: Head) => void>();

  /**
   * Tells `listener` the head each committed transaction of this writer left (the app remembers
   * the newest, issue 31); answers the function that stops telling it.
   */
  onCommitted(listener: (head: Head) => void): () => void {
    this.committedListeners.add(listener);
    return () => this.committedListeners.delete(listener);
  }

  /**
   * Appends `items` in `tx`; call `done(committed)` once the transaction has ended, whichever
   * way (a rolled-back head is not chained from again). Call it last in the transaction: on
   * PostgreSQL one row appended in a whole transaction (not a savepoint) also commits it, in the
   * same round trip (decision 062); a statement after it is refused.
   */
  async append(
    tx: Tx,
    items: readonly AuditItem[],
    /** The rows' ids and the time, when the work took them (`auditStampSql`). */
    stamped?: Prepared,
  ): Promise<{ done(committed: boolean): void }> {
    const prepared = stamped ?? (await prepare(tx, items.length));
    let release: () => void = () => {};
    const previousTurn = this.turn;
    this.turn = new Promise((resolve) => {
      release = resolve;
    });
    await previousTurn;
    let moved: Head;
    try {
      const expected = this.head;
      // On PostgreSQL one row (the usual case) is sent with the transaction's COMMIT: the turn
      // passes as soon as the row's statement has answered, as below.
      const committing = expected && items.length === 1 ? committingClientOf(tx) : null;
      const onWritten = (head: Head) => {
        this.head = head;
        release();
      };
      const written = !expected
        ? null
        : committing
          ? await appendOneAndCommit(tx, committing, expected, items[0]!, prepared, onWritten)
          : await insertChained(tx, auditKey(), expected, items, prepared);
      moved = written ?? (await appendLocked(tx, items, prepared));
      this.head = moved;
    } catch (err) {
      this.head = null;
      throw err;
    } finally {
      release();
    }
    return {
      done: (committed) => {
        if (!committed && this.head === moved) this.head = null;
        if (committed) for (const listener of this.committedListeners) listener(moved);
      },
    };
  }
}

const writers = new WeakMap<object, ChainWriter>();

/** The `ChainWriter` of this database in this process. */
export function chainWriterOf(db: Executor): ChainWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = new ChainWriter();
    writers.set(db, writer);
  }
  return writer;
}
