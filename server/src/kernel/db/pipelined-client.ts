import pg from 'pg';

/**
 * A pooled PostgreSQL connection that saves a transaction two round trips (decision 062):
 *
 * - *BEGIN rides on the first statement.* Drizzle's `transaction()` sends `begin` and waits for
 *   its answer before the first statement. Here that `begin` is answered at once and kept; the
 *   first statement then goes out in one message with it under a single Sync. PostgreSQL runs
 *   them in order, and should BEGIN fail the statement is skipped with it (an error discards
 *   everything up to the Sync): the statement never runs outside the transaction. A transaction
 *   that ends before any statement sends nothing at all.
 * - *COMMIT rides on the last statement* when the caller asks for it (`queryThenCommit`, the audit
 *   writer's statement): `SAVEPOINT`, the statement, a Flush (its answer comes back at once, before
 *   the commit runs), `COMMIT`, one Sync. If the statement fails, the COMMIT is skipped with it and
 *   the transaction stays open at the savepoint; the caller rolls back to it. Drizzle's own COMMIT
 *   that follows is then answered at once.
 *
 * Only statements sent with the extended protocol (with parameters, or named) are joined; any
 * other first statement (a raw text that may hold several commands) gets a BEGIN of its own as
 * before. A BEGIN with options (an isolation level) is sent as it comes.
 */
export class PipelinedClient extends pg.Client {
  #beginKept = false;
  /** The transaction was committed (or its commit failed) with its last statement. */
  #ended = false;

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query() has a dozen overloads; this passes them all through.
  override query(config: any, values?: any, callback?: any): any {
    if (this.#ended) {
      this.#ended = false;
      // The transaction ended with its last statement: its COMMIT (or ROLLBACK) has nothing to do.
      const ending = endingOf(config, values, callback);
      if (ending) return Promise.resolve(answered(ending));
      return Promise.reject(new Error('The transaction was committed with its last statement'));
    }
    // Outside a kept BEGIN (most statements): as node-postgres sends them.
    if (!this.#beginKept) {
      if (!isPlainBegin(config, values, callback)) return super.query(config, values, callback);
      this.#beginKept = true;
      return Promise.resolve(answered('BEGIN'));
    }
    this.#beginKept = false;
    // Nothing was sent since the BEGIN: there is no transaction to end.
    const ending = endingOf(config, values, callback);
    if (ending) return Promise.resolve(answered(ending));
    const statement = joinable(config, values, callback);
    if (!statement) return this.#afterOwnBegin(config, values, callback);
    return this.#pipelined(['begin'], statement, []);
  }

  /**
   * Sends `statement` and the transaction's COMMIT in one round trip, after a savepoint named
   * `savepoint`; `onAnswered` is told the statement's rows as soon as they arrive (before the
   * commit is done). Rejects with the statement's error (the transaction is then open at the
   * savepoint, in the failed state) or with the commit's (the transaction has ended). Null when this
   * statement cannot be sent so (not of the extended protocol): the caller sends it as usual.
   */
  queryThenCommit(
    statement: { name?: string; text: string; values: unknown[] },
    savepoint: string,
    onAnswered: (rows: unknown[]) => void,
  ): Promise<pg.QueryResult> | null {
    const query = joinable(statement, undefined, undefined);
    if (!query) return null;
    const prefix = this.#beginKept ? ['begin', `savepoint ${savepoint}`] : [`savepoint ${savepoint}`];
    this.#beginKept = false;
    return this.#pipelined(prefix, query, ['commit'], onAnswered).then((result) => {
      this.#ended = true;
      return result;
    }, this.#afterFailedCommit);
  }

  /** A commit that failed has ended the transaction all the same (PostgreSQL rolled it back). */
  #afterFailedCommit = (err: unknown): never => {
    // The connection's status from its last ReadyForQuery: I idle, T in a transaction, E failed.
    if ((this as unknown as { _txStatus: string | null })._txStatus === 'I') this.#ended = true;
    throw err;
  };

  /** Forgets a BEGIN kept when the connection goes back to the pool (no statement followed it). */
  forgetKeptBegin(): void {
    this.#beginKept = false;
    this.#ended = false;
  }

  #pipelined(
    prefix: string[],
    statement: InternalQuery,
    suffix: string[],
    onAnswered?: (rows: unknown[]) => void,
  ): Promise<pg.QueryResult> {
    return new Promise((resolve, reject) => {
      statement.callback = (err, res) => (err ? reject(err) : resolve(res));
      super.query(new Pipeline(prefix, statement, suffix, this, onAnswered) as unknown as pg.Submittable);
    });
  }

  /** A first statement that cannot be joined: BEGIN on its own first, as without this class. */
  // biome-ignore lint/suspicious/noExplicitAny: as query().
  #afterOwnBegin(config: any, values?: any, callback?: any): any {
    const done = typeof callback === 'function' ? callback : typeof values === 'function' ? values : null;
    return super.query('begin').then(
      () => super.query(config, values, callback),
      (err: Error) => {
        // The statement is not sent; it fails as the BEGIN did, the way its caller listens.
        if (done) done(err);
        else if (typeof config?.handleError === 'function') config.handleError(err);
        else throw err;
      },
    );
  }
}

const isEmpty = (values: unknown) => values === undefined || (Array.isArray(values) && values.length === 0);

/** Drizzle's `sql\`begin\``: a config object whose text is exactly `begin`, no values, no callback. */
/** The command a plain `commit` or `rollback` (as Drizzle sends them) answers with, else null. */
function endingOf(config: unknown, values: unknown, callback: unknown): 'COMMIT' | 'ROLLBACK' | null {
  const text: unknown = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  if (callback !== undefined || !isEmpty(values)) return null;
  return text === 'commit' ? 'COMMIT' : text === 'rollback' ? 'ROLLBACK' : null;
}

function isPlainBegin(config: unknown, values: unknown, callback: unknown): boolean {
  if (callback !== undefined || typeof values === 'function') return false;
  if (typeof config !== 'object' || config === null || 'submit' in config) return false;
  const c = config as { text?: unknown; name?: unknown; values?: unknown };
  return c.text === 'begin' && !c.name && isEmpty(values) && isEmpty(c.values);
}

/** The statement as a node-postgres Query, when it goes out with the extended protocol. */
function joinable(config: unknown, values: unknown, callback: unknown): InternalQuery | null {
  if (callback !== undefined || typeof values === 'function') return null;
  if (typeof config !== 'object' || config === null || 'submit' in config) return null;
  // biome-ignore lint/suspicious/noExplicitAny: the Query constructor takes what query() takes.
  const query = new pg.Query(config as any, values as any) as InternalQuery;
  return query.requiresPreparation() && !query.rows ? query : null;
}

/** What this module uses of node-postgres's Query beyond its typings. */
type InternalQuery = pg.Query & {
  callback?: (err: Error | null, res: pg.QueryResult) => void;
  name?: string;
  text?: string;
  rows?: number;
  binary?: boolean;
  _result: { _types?: unknown; rows: unknown[] };
  requiresPreparation(): boolean;
  submit(connection: Connection): Error | null | undefined;
  handleRowDescription(msg: unknown): void;
  handleDataRow(msg: unknown): void;
  handlePortalSuspended(connection: Connection): void;
  handleEmptyQuery(connection: Connection): void;
  handleCommandComplete(msg: unknown, connection: Connection): void;
  handleError(err: Error, connection: Connection): void;
  handleReadyForQuery(connection: Connection): void;
  handleCopyInResponse(connection: Connection): void;
  handleCopyData(msg: unknown, connection: Connection): void;
};

interface Connection {
  submittedNamedStatements: Record<string, string>;
  stream: { cork(): void; uncork(): void };
  parse(query: { text: string }): void;
  bind(config: object): void;
  execute(config: object): void;
  flush(): void;
  sync(): void;
}

/** An answer to a statement that was not sent. */
const answered = (command: string) =>
  ({ command, rowCount: null, oid: 0, fields: [], rows: [] }) as unknown as pg.QueryResult;

/**
 * Statements without parameters (`prefix`, `suffix`) around one statement, under one Sync: the
 * client treats them as one query. The answers of the others are theirs; the statement's rows,
 * its errors and the end go to the statement's Query.
 */
class Pipeline {
  /** Command completes seen: `prefix.length` while the statement's answer is coming. */
  #completed = 0;
  #refused: Error | null = null;

  constructor(
    private readonly prefix: string[],
    private readonly statement: InternalQuery,
    private readonly suffix: string[],
    client: pg.Client,
    private readonly onAnswered?: (rows: unknown[]) => void,
  ) {
    // As node-postgres's query() does for a Query it builds: the client's type parsers.
    if (!statement._result._types)
      statement._result._types = (client as unknown as { _types: unknown })._types;
    if ((client as unknown as { binary?: boolean }).binary && !statement.binary) statement.binary = true;
  }

  /** The statement's name while its answer comes: the client remembers what that name's Parse prepared. */
  get name(): string | undefined {
    return this.#completed === this.prefix.length ? this.statement.name : undefined;
  }

  get text(): string | undefined {
    return this.statement.text;
  }

  submit(connection: Connection): null {
    const simple = (text: string) => {
      connection.parse({ text });
      connection.bind({});
      connection.execute({});
    };
    connection.stream.cork();
    try {
      for (const text of this.prefix) simple(text);
      // The statement's Parse (unless prepared on this connection), Bind, Describe and Execute;
      // its Sync held back (one for all), and a failure to write it (a value it cannot send) kept.
      let failed: Error | null = null;
      const held = connection as unknown as Record<'sync', unknown>;
      const statement = this.statement as unknown as Record<'handleError', unknown>;
      held.sync = () => {};
      statement.handleError = (err: Error) => {
        failed = err;
      };
      let refused: Error | null | undefined;
      try {
        refused = this.statement.submit(connection);
      } finally {
        delete held.sync;
        delete statement.handleError;
      }
      this.#refused = refused ?? failed;
      if (!this.#refused && this.suffix.length > 0) {
        // Its answer is sent at once, before the suffix runs.
        connection.flush();
        for (const text of this.suffix) simple(text);
      }
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    return null;
  }

  handleCommandComplete(msg: unknown, connection: Connection): void {
    const index = this.#completed++;
    if (index !== this.prefix.length) return;
    this.statement.handleCommandComplete(msg, connection);
    this.onAnswered?.(this.statement._result.rows);
  }

  handleRowDescription(msg: unknown): void {
    this.statement.handleRowDescription(msg);
  }

  handleDataRow(msg: unknown): void {
    this.statement.handleDataRow(msg);
  }

  handlePortalSuspended(connection: Connection): void {
    this.statement.handlePortalSuspended(connection);
  }

  handleEmptyQuery(connection: Connection): void {
    this.statement.handleEmptyQuery(connection);
  }

  handleError(err: Error, connection: Connection): void {
    // A statement before it failed: its Parse was skipped, so its name was never prepared.
    if (this.#completed < this.prefix.length && this.statement.name) {
      delete connection.submittedNamedStatements[this.statement.name];
    }
    this.statement.handleError(err, connection);
  }

  handleReadyForQuery(connection: Connection): void {
    if (this.#refused) this.statement.handleError(this.#refused, connection);
    else this.statement.handleReadyForQuery(connection);
  }

  handleCopyInResponse(connection: Connection): void {
    this.statement.handleCopyInResponse(connection);
  }

  handleCopyData(msg: unknown, connection: Connection): void {
    this.statement.handleCopyData(msg, connection);
  }
}
