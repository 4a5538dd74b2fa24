import type { Placeholder, SQL } from 'drizzle-orm';

/** An integer a query takes: a value, a prepared statement's placeholder or an expression. */
export type SqlInteger = number | null | Placeholder | SQL;
