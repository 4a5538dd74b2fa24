import { and, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/client.ts';
import { alreadyUsed } from '../../http/app-error.ts';

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

/** Turns the unique index's answer to a race the check before it could not see into 'This value is already used'. */
export async function uniqueName<T>(work: () => Promise<T>, parameter = 'name'): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw alreadyUsed(parameter);
    throw err;
  }
}
