import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type {
  FastifyInstance,
  FastifyServerOptions,
  InjectOptions,
  LightMyRequestResponse,
  RouteOptions,
} from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { useAuditKey } from '../src/kernel/audit/chain.ts';
import type { Clock } from '../src/kernel/clock.ts';
import type { AppConfig } from '../src/kernel/config.ts';
import { type Database, type Db, openDatabase } from '../src/kernel/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo.ts';
import { databaseUrl, ensurePgliteDump, ensurePgTemplate } from './db-template.ts';

export { DEMO_PASSWORD };

/** A clock tests can move. */
export class TestClock implements Clock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** The audit chain's key in tests (pass it as AUDIT_KEY to a command or server started on a test database). */
export const TEST_AUDIT_KEY = 'test-audit-key-0123456789abcdef-0123456789';

/** The bearer token of GET /metrics in tests. */
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    jwtSecret: randomBytes(32).toString('hex'),
    auditKey: TEST_AUDIT_KEY,
    smtpUrl: undefined,
    supportEmail: 'support@dosechain.test',
    mailFrom: 'DoseChain <no-reply@dosechain.test>',
    eSignature: true,
    passwordMaxAgeDays: 90,
    lockoutMinutes: 30,
    seedDemo: true,
    logLevel: 'silent',
    bodyLimitBytes: 1_048_576,
    trustProxy: false,
    // Tests log in far more often than people do.
    authRateLimitPerMinute: 1000,
    webDist: '/nonexistent',
    publicUrl: 'http://dosechain.test',
    // Set, so /metrics is registered and the route table (matrix, fuzz) includes it.
    metricsToken: TEST_METRICS_TOKEN,
    // The late-delivery watch writes (orders, mail, audit) when a test says (`app.lateDelivery.runOnce`),
    // never on its timer in the middle of a test that counts what a request wrote.
    lateCheckIntervalMinutes: 0,
    ...overrides,
  };
}

/**
 * A new PostgreSQL database on the server of `baseUrl`, empty or a copy of `template`: its URL,
 * and `drop` to remove it.
 */
export async function createPgDatabase(
  baseUrl: string,
  options: { template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `dosechain_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const onAdmin = async (sql: string) => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await onAdmin(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  return {
    url: databaseUrl(baseUrl, name),
    drop: () => onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A test's database; on PostgreSQL with its URL, so a test can open a second pool on it (a second instance). */
export type TestDatabase = Database & { url?: string };

// Once per test file: the template's name, the dump's bytes.
let pgTemplate: Promise<string> | undefined;
let pgliteDump: Promise<Buffer> | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database on
 * TEST_DATABASE_URL when the suite runs against PostgreSQL (dropped on close). It is a copy of
 * the run's migrated template (`db-template.ts`); `fromScratch` migrates an empty database
 * instead, as `npm start` does on a first run.
 */
export async function freshDatabase(options: { fromScratch?: boolean } = {}): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'pg' || !baseUrl) {
    if (options.fromScratch) {
      const database = await openDatabase({});
      await database.migrate();
      return database;
    }
    pgliteDump ??= ensurePgliteDump().then((file) => readFileSync(file));
    return openDatabase({ loadDataDir: new Blob([await pgliteDump]) });
  }
  if (!options.fromScratch) pgTemplate ??= ensurePgTemplate(baseUrl);
  const template = options.fromScratch ? undefined : await pgTemplate;
  const created = await createPgDatabase(baseUrl, { template });
  const database = await openDatabase({ url: created.url });
  if (options.fromScratch) await database.migrate();
  return {
    ...database,
    url: created.url,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  /** Headers for an authenticated call, with the Role-Id when one is given. */
  headers: (roleId?: number | null) => Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  clock: TestClock;
  config: AppConfig;
  /** Logs a demo user in (password Demo1234) and returns their tokens. */
  loginAs(username: string): Promise<Session>;
  /** `app.inject` as a demo user, under their first role unless another is given. */
  request(username: string, options: InjectOptions, roleId?: number | null): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The app on a fresh, migrated database with the demo data, like `npm start` on first run. */
export async function buildTestApp(
  options: {
    config?: Partial<AppConfig>;
    seed?: boolean;
    now?: Date;
    /** Fastify's logger option (default: off), e.g. to capture the log lines in a test. */
    logger?: FastifyServerOptions['logger'];
    /** Told of every route as it is registered. */
    onRoute?: (route: RouteOptions) => void;
    /** Live events' heartbeat and replay buffer. */
    liveEvents?: BuildAppOptions['liveEvents'];
    /** The webhook dispatcher's poll interval (0: drained by the test), back-off and timeout. */
    webhooks?: BuildAppOptions['webhooks'];
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const clock = new TestClock(options.now);
  const config = testConfig(options.config);
  useAuditKey(config.auditKey);
  if (options.seed !== false) await seedDemo(database.db, clock.now());
  const app = await buildApp({
    db: database.db,
    config,
    clock,
    logger: options.logger,
    onRoute: options.onRoute,
    liveEvents: options.liveEvents,
    webhooks: options.webhooks,
  });
  await app.ready();
  const sessions = new Map<string, Session>();

  const loginAs = async (username: string): Promise<Session> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login as ${username} failed: ${res.statusCode} ${res.body}`);
    const { accessToken, refreshToken } = res.json() as { accessToken: string; refreshToken: string };
    return {
      accessToken,
      refreshToken,
      headers: (roleId) => ({
        authorization: `Bearer ${accessToken}`,
        ...(roleId ? { 'role-id': String(roleId) } : {}),
      }),
    };
  };

  return {
    app,
    db: database.db,
    database,
    clock,
    config,
    loginAs,
    async request(username, injectOptions, roleId) {
      const send = (session: Session) =>
        app.inject({ ...injectOptions, headers: { ...injectOptions.headers, ...session.headers(roleId) } });
      const cached = sessions.get(username);
      const session = cached ?? (await loginAs(username));
      sessions.set(username, session);
      const res = await send(session);
      // A session ends at once when the user's sessions are revoked (inactivation, a password
      // change): like the web client, log in again once. A user who cannot gets the 401.
      if (res.statusCode !== 401 || !cached) return res;
      const fresh = await loginAs(username).catch(() => undefined);
      if (!fresh) return res;
      sessions.set(username, fresh);
      return send(fresh);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
