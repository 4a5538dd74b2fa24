import type { CheckInUseQuery } from '@dosechain/contract';
import { and, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../kernel/db/client.ts';
import { alreadyUsed } from '../../kernel/http/app-error.ts';

/** Where one checkable value lives: its table, the column (case-folded like its unique index), the row id. */
export interface UniqueField {
  table: PgTable;
  column: AnyPgColumn;
  id: AnyPgColumn;
  /** Narrows the table, e.g. to one company type. */
  where?: SQL;
}

/** The fields `GET /check-in-use` answers for, of one entity, and where each lives. */
export type CheckedFields = Partial<Record<CheckInUseQuery['field'], UniqueField>>;

/** The `name` of a table whose columns are `name` and `id`, as `GET /check-in-use` checks it. */
export const uniqueNameOf = (table: PgTable & { name: AnyPgColumn; id: AnyPgColumn }): CheckedFields => ({
  name: { table, column: table.name, id: table.id },
});

/** Whether another row already has this name, ignoring case, as the unique index on lower(name) sees it. */
export async function nameTaken(
  db: Executor,
  table: PgTable,
  columns: { name: AnyPgColumn; id: AnyPgColumn },
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: columns.id })
    .from(table)
    .where(and(sql`lower(${columns.name}) = lower(${name})`, exceptId ? ne(columns.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/** `nameTaken` for a table whose columns are `name` and `id`. */
export function nameCheck(table: PgTable & { name: AnyPgColumn; id: AnyPgColumn }) {
  return (db: Executor, name: string, exceptId?: number): Promise<boolean> =>
    nameTaken(db, table, { name: table.name, id: table.id }, name, exceptId);
}

/**
 * Runs work whose unique index may answer a race that the check before it could not see, and
 * turns that answer into the caller's error.
 */
export async function onUniqueViolation<T>(
  work: () => Promise<T>,
  error: () => Error | Promise<Error>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw await error();
    throw err;
  }
}

/** A unique-name race lost: 'This value is already used' on the field. */
export function uniqueName<T>(work: () => Promise<T>, parameter = 'name'): Promise<T> {
  return onUniqueViolation(work, () => alreadyUsed(parameter));
}
