import { type SQL, sql } from 'drizzle-orm';
import { channels } from '../db/notifications.ts';
import { preparedSql, type Value } from '../db/prepared-sql.ts';
import type { ChainedRow } from './chain.ts';

/**
 * The audit writer's statement (decision 015): rows inserted, chained, and the head moved in one
 * statement, only while the head is the one expected; built once for one row (decision 062).
 */

/** A chained row as the statement writes it: the changeset as JSON text, the chain value in hex. */
export type RowValues = Omit<ChainedRow, 'changeset'> & { changeset: string; hmac: string };
type Bound<T> = { [K in keyof T]: Value<T[K]> };

/** One row's values in `appendSql`. */
export const rowValuesSql = (row: Bound<RowValues>) => sql`(${row.id}::bigint, ${row.entityType}::text,
  ${row.entityId}::integer, ${row.eventType}::text, ${row.changeset}::jsonb, ${row.reason}::text,
  ${row.actorUserId}::integer, ${row.actorUsername}::text, ${row.actorFullName}::text,
  ${row.actorRoleType}::text, ${row.signed}::boolean, ${row.signatureMeaning}::text,
  ${row.issuedAt}::timestamptz, ${row.position}::bigint, decode(${row.hmac}, 'hex'))`;

export interface HeadMove {
  /** The head the chain values were computed from. */
  fromPosition: number;
  fromHmac: string;
  /** The head after the rows. */
  position: number;
  hmac: string;
  keyCheck: string;
}

/**
 * Inserts rows and moves the head, written only while the head is the one the chain values were
 * computed from: its position and its value (the same position may have been reached by other
 * rows meanwhile). The statement also announces the append (NOTIFY, sent by PostgreSQL only if
 * this transaction commits): live events tail the audit trail from it (decision 023). It answers
 * a row when it wrote.
 */
export const appendSql = (values: SQL[], m: Bound<HeadMove>, raiseIfMoved = false) => sql`
  with head as materialized (
    select position, chain_hmac from audit_chain_head where id = 1 for update
  ), written as (
    insert into audit_log (id, entity_type, entity_id, event_type, changeset, reason, actor_user_id,
      actor_username, actor_full_name, actor_role_type, signed, signature_meaning, issued_at,
      chain_position, chain_hmac)
    overriding system value
    select v.* from (values ${sql.join(values, sql`, `)}) as v, head
    where head.position = ${m.fromPosition}::bigint and head.chain_hmac = decode(${m.fromHmac}, 'hex')
  ), moved as (
    update audit_chain_head h
    set position = ${m.position}::bigint, chain_hmac = decode(${m.hmac}, 'hex'),
      key_check = coalesce(h.key_check, decode(${m.keyCheck}, 'hex'))
    from head where h.id = 1 and head.position = ${m.fromPosition}::bigint
      and head.chain_hmac = decode(${m.fromHmac}, 'hex')
    returning h.position, pg_notify(${channels.auditAppended}, h.position::text)::text as announced
  )
  ${
    raiseIfMoved
      ? // Raised rather than no row: a COMMIT sent behind this statement is then skipped (decision 062).
        sql`select coalesce((select position from moved), audit_chain_moved()) as position`
      : sql`select position from moved`
  }`;

type OneRow = RowValues & HeadMove;
const q = <K extends keyof OneRow & string>(name: K) => sql.placeholder(name);
/** One row's values and the head's move as placeholders. */
const oneRowPlaceholders = (): [SQL[], Bound<HeadMove>] => [
  [
    rowValuesSql({
      id: q('id'),
      entityType: q('entityType'),
      entityId: q('entityId'),
      eventType: q('eventType'),
      changeset: q('changeset'),
      reason: q('reason'),
      actorUserId: q('actorUserId'),
      actorUsername: q('actorUsername'),
      actorFullName: q('actorFullName'),
      actorRoleType: q('actorRoleType'),
      signed: q('signed'),
      signatureMeaning: q('signatureMeaning'),
      issuedAt: q('issuedAt'),
      position: q('position'),
      hmac: q('hmac'),
    }),
  ],
  {
    fromPosition: q('fromPosition'),
    fromHmac: q('fromHmac'),
    position: q('position'),
    hmac: q('hmac'),
    keyCheck: q('keyCheck'),
  },
];
/** `appendSql` for one row, built once. */
export const appendOneRow = preparedSql<OneRow, { position: unknown }>('audit_append_one_row', () =>
  appendSql(...oneRowPlaceholders()),
);
/** `appendSql` for one row, raising when the head had moved, built once: sent with the commit. */
export const appendOneRowCommitting = preparedSql<OneRow, { position: unknown }>(
  'audit_append_one_row_committing',
  () => appendSql(...oneRowPlaceholders(), true),
);
