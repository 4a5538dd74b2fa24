import { fillPlaceholders, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** A value of a statement, or the placeholder it takes when the statement is built once (`preparedSql`). */
export type Value<T> = T | Placeholder;

/** The app's databases are opened with Drizzle's default PostgreSQL dialect (no casing). */
const dialect = new PgDialect();

/** A statement built once: run it on an executor, or take its text and values for one call. */
export interface PreparedSql<Values, Row> {
  (executor: Executor, values: Values): Promise<Row[]>;
  /** The named statement with this call's values, as node-postgres takes it. */
  config(values: Values): { name: string; text: string; values: unknown[] };
}

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
): PreparedSql<Values, Row> {
  let built: Query | undefined;
  const query = () => {
    built ??= dialect.sqlToQuery(build());
    return built;
  };
  const run = async (executor: Executor, values: Values) => {
    const result = await executor._.session
      .prepareQuery(query(), undefined, name, false)
      .execute(values as Record<string, unknown>);
    return (result as unknown as { rows: Row[] }).rows;
  };
  return Object.assign(run, {
    config: (values: Values) => ({
      name,
      text: query().sql,
      values: fillPlaceholders(query().params, values as Record<string, unknown>),
    }),
  });
}
