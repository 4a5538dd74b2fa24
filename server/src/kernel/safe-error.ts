/**
 * What a log line (or the operator's terminal) may say of an error. A database error carries
 * the statement's parameters — a password hash, a token, a signature, personal data — in its
 * own fields (Drizzle's `params`, PGlite's `params`, pg's `detail`), in its message ("Failed
 * query: … params: …") and so in its stack, and PostgreSQL's messages quote values too
 * ('invalid input syntax for type integer: "…"'). So of a database error only named fields
 * that hold no value are kept: its kind, SQLSTATE code, constraint, table, column, severity and
 * routine, and the stack's frames. Other errors keep their message and stack.
 */

export interface SafeError {
  [key: string]: unknown;
  type: string;
  /** Of a database error only what it is (code, constraint, table): its own message may quote values. */
  message: string;
  code?: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  routine?: string;
  stack: string;
  cause?: SafeError;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Fields of a database error that name things, never values. */
const NAMING_FIELDS = ['severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;
const MAX_CAUSES = 4;

/** The objects safeError made: passed through as they are when logged again. */
const made = new WeakSet<object>();

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** An error of the database or its driver: it has a SQLSTATE code, or the statement's text or parameters. */
function isDatabaseError(e: Record<string, unknown>): boolean {
  return (
    (typeof e.code === 'string' && SQLSTATE.test(e.code)) ||
    'params' in e ||
    'parameters' in e ||
    'query' in e ||
    'detail' in e
  );
}

/** Whether the error, or an error it was caused by, is a database error. */
function involvesDatabase(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; isObject(e) && depth <= MAX_CAUSES; depth++) {
    if (isDatabaseError(e)) return true;
    e = e.cause;
  }
  return false;
}

const typeOf = (e: Record<string, unknown>): string => {
  const name = e.constructor && typeof e.constructor === 'function' ? e.constructor.name : '';
  return name && name !== 'Object' ? name : typeof e.name === 'string' ? e.name : 'Error';
};

/** The stack's `at …` frames only: its first line repeats the message. */
const framesOf = (stack: unknown): string =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : '';

/**
 * The loggable fields of an error and its causes. An error that wraps a database error is
 * treated as one (its message may quote the inner one); anything that is not an object is
 * described by its type alone.
 */
export function safeError(err: unknown, depth = 0): SafeError {
  if (!isObject(err)) return { type: typeof err, message: '', stack: '' };
  if (made.has(err)) return err as unknown as SafeError;
  const out: SafeError = { type: typeOf(err), message: '', stack: '' };
  const cause = isObject(err.cause) && depth < MAX_CAUSES ? safeError(err.cause, depth + 1) : undefined;
  if (involvesDatabase(err)) {
    if (typeof err.code === 'string' && SQLSTATE.test(err.code)) out.code = err.code;
    for (const field of NAMING_FIELDS) {
      const value = err[field];
      if (typeof value === 'string') out[field] = value;
    }
    // A wrapper (Drizzle's query error) says what its cause says.
    const named = out.code ? out : (cause ?? out);
    const names = [
      named.code && `code ${named.code}`,
      named.constraint && `constraint ${named.constraint}`,
      named.table && `table ${named.table}`,
    ].filter(Boolean);
    out.message = `database error (${names.join(', ') || 'details not logged'})`;
    out.stack = framesOf(err.stack);
  } else {
    if (typeof err.message === 'string') out.message = err.message;
    if (typeof err.code === 'string') out.code = err.code;
    if (typeof err.stack === 'string') out.stack = err.stack;
  }
  if (cause) out.cause = cause;
  made.add(out);
  return out;
}

/** One line for the operator: the error's message (a database error's names its code, constraint, table). */
export function safeErrorText(err: unknown): string {
  return safeError(err).message;
}
