import pg from 'pg';

/**
 * A pooled PostgreSQL connection that sends a transaction's BEGIN together with its first
 * statement: one round trip fewer for every transaction (decision 062).
 *
 * Drizzle's `transaction()` sends `begin` and waits for its answer before the first statement.
 * Here that `begin` is answered at once and kept; the first statement then goes out as one
 * message with it under a single Sync (BEGIN's Parse, Bind and Execute, then the statement's
 * messages). PostgreSQL runs them in order, and should BEGIN fail the statement is skipped
 * with it (an error discards everything up to the Sync): the statement never runs outside the
 * transaction. A transaction that ends before any statement sends nothing at all (its COMMIT or
 * ROLLBACK is answered at once too).
 *
 * Only statements sent with the extended protocol (with parameters, or named) are joined; any
 * other first statement (a raw text that may hold several commands) gets a BEGIN of its own as
 * before. A BEGIN with options (an isolation level) is sent as it comes.
 */
export class DeferredBeginClient extends pg.Client {
  #beginKept = false;

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query() has a dozen overloads; this passes them all through.
  override query(config: any, values?: any, callback?: any): any {
    if (!this.#beginKept && isPlainBegin(config, values, callback)) {
      this.#beginKept = true;
      return Promise.resolve(answered('BEGIN'));
    }
    if (!this.#beginKept) return super.query(config, values, callback);
    this.#beginKept = false;
    const text: unknown = typeof config === 'string' ? config : config?.text;
    // Nothing was sent since the BEGIN: there is no transaction to end.
    if ((text === 'commit' || text === 'rollback') && !callback && isEmpty(values)) {
      return Promise.resolve(answered(text.toUpperCase()));
    }
    const statement = joinable(config, values, callback);
    if (!statement) return this.#afterOwnBegin(config, values, callback);
    return new Promise((resolve, reject) => {
      statement.callback = (err: Error | null, res: pg.QueryResult) => (err ? reject(err) : resolve(res));
      super.query(new BeginThen(statement, this) as unknown as pg.Submittable);
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

  /** Forgets a BEGIN kept when the connection goes back to the pool (no statement followed it). */
  forgetKeptBegin(): void {
    this.#beginKept = false;
  }
}

const isEmpty = (values: unknown) => values === undefined || (Array.isArray(values) && values.length === 0);

/** Drizzle's `sql\`begin\``: a config object whose text is exactly `begin`, no values, no callback. */
function isPlainBegin(config: unknown, values: unknown, callback: unknown): boolean {
  if (callback !== undefined || typeof values === 'function') return false;
  if (typeof config !== 'object' || config === null || 'submit' in config) return false;
  const c = config as { text?: unknown; name?: unknown; values?: unknown };
  return c.text === 'begin' && !c.name && isEmpty(values) && isEmpty(c.values);
}

/** The first statement as a node-postgres Query, when it goes out with the extended protocol. */
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
  _result: { _types?: unknown };
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
  sync(): void;
}

/** An answer to a statement that was not sent. */
const answered = (command: string) =>
  ({ command, rowCount: null, oid: 0, fields: [], rows: [] }) as unknown as pg.QueryResult;

/**
 * BEGIN and a statement under one Sync: the client treats it as one query. BEGIN's answers (its
 * parse, bind and command complete) are its own; everything after goes to the statement.
 */
class BeginThen {
  #begun = false;
  #refused: Error | null = null;

  constructor(
    private readonly statement: pg.Query,
    client: pg.Client,
  ) {
    const q = statement as InternalQuery;
    // As node-postgres's query() does for a Query it builds: the client's type parsers.
    if (!q._result._types) q._result._types = (client as unknown as { _types: unknown })._types;
    if ((client as unknown as { binary?: boolean }).binary && !q.binary) q.binary = true;
  }

  private get q(): InternalQuery {
    return this.statement as InternalQuery;
  }

  /** The statement's name once BEGIN is done: the client remembers what the name's Parse prepared. */
  get name(): string | undefined {
    return this.#begun ? this.q.name : undefined;
  }

  get text(): string | undefined {
    return this.q.text;
  }

  submit(connection: Connection): null {
    connection.stream.cork();
    try {
      connection.parse({ text: 'begin' });
      connection.bind({});
      connection.execute({});
      // The statement's Parse (unless prepared on this connection), Bind, Describe, Execute, Sync.
      const refused = this.q.submit(connection);
      if (refused) {
        this.#refused = refused;
        connection.sync();
      }
    } finally {
      connection.stream.uncork();
    }
    return null;
  }

  handleCommandComplete(msg: unknown, connection: Connection): void {
    if (!this.#begun) {
      this.#begun = true;
      return;
    }
    this.q.handleCommandComplete(msg, connection);
  }

  handleRowDescription(msg: unknown): void {
    this.q.handleRowDescription(msg);
  }

  handleDataRow(msg: unknown): void {
    this.q.handleDataRow(msg);
  }

  handlePortalSuspended(connection: Connection): void {
    this.q.handlePortalSuspended(connection);
  }

  handleEmptyQuery(connection: Connection): void {
    this.q.handleEmptyQuery(connection);
  }

  handleError(err: Error, connection: Connection): void {
    // BEGIN failed: the statement's Parse was skipped with it, so its name was never prepared.
    if (!this.#begun && this.q.name) delete connection.submittedNamedStatements[this.q.name];
    this.q.handleError(err, connection);
  }

  handleReadyForQuery(connection: Connection): void {
    if (this.#refused) this.q.handleError(this.#refused, connection);
    else this.q.handleReadyForQuery(connection);
  }

  handleCopyInResponse(connection: Connection): void {
    this.q.handleCopyInResponse(connection);
  }

  handleCopyData(msg: unknown, connection: Connection): void {
    this.q.handleCopyData(msg, connection);
  }
}
