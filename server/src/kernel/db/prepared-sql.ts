import type { Placeholder, Query, SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** A value of a statement, or the placeholder it takes when the statement is built once (`preparedSql`). */
export type Value<T> = T | Placeholder;

/**
 * A statement written with `sql` and named placeholders (`sql.placeholder('x')`), turned into
 * its text once per process and run on any executor — the database or an open transaction —
 * with the values of one call. Drizzle builds a `sql` template's text anew on every run (a
 * tenth of the server's time in a placement, decision 062); this builds it on the first. On
 * PostgreSQL the statement is named, so each pooled connection also parses and plans it once.
 * Only for statements whose shape does not depend on the values: what varies goes in
 * placeholders (a list as one array parameter).
 */
export function preparedSql<Values extends object, Row>(
  /** The statement's name on the connection: unique in the app, at most 63 characters. */
  name: string,
  build: () => SQL,
): (executor: Executor, values: Values) => Promise<Row[]> {
  let query: Query | undefined;
  return async (executor, values) => {
    const session = executor._.session;
    query ??= (executor as unknown as { dialect: { sqlToQuery(sql: SQL): Query } }).dialect.sqlToQuery(
      build(),
    );
    const result = await session
      .prepareQuery(query, undefined, name, false)
      .execute(values as Record<string, unknown>);
    return (result as unknown as { rows: Row[] }).rows;
  };
}
