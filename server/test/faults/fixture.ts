import { DateTime } from 'luxon';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { createPgDatabase } from '../helpers.ts';
import { killAllServers, type ServerProcess, startServer } from './server-process.ts';
import { driftedFinalCounts, inconsistentSlots } from './slot-consistency.ts';

/**
 * The fault tests are about PostgreSQL (a server process killed mid-transaction, several
 * instances on one database): they run in the server-pg project only.
 */
export const onPostgres = process.env.TEST_DB === 'pg' && Boolean(process.env.TEST_DATABASE_URL);

/**
 * Each test starts servers, places bursts and waits for mail: 15–45 s on the loaded 2-core
 * machine. The limit only decides how late a hang is reported.
 */
export const FAULT_TEST_TIMEOUT_MS = 240_000;

export const JWT_SECRET = 'fault-tests-jwt-secret-0123456789abcdef0123';
/** One audit key for every instance and restart (each has a DATA_DIR of its own). */
export const AUDIT_KEY = 'fault-tests-audit-key-0123456789abcdef0123';

/** How one placement ended, as the client saw it. */
export type Placement =
  | { kind: 'created'; id: number; subjectId: string }
  | { kind: 'full'; subjectId: string }
  | { kind: 'error'; status: number; body: string; subjectId: string }
  /** No answer: the connection broke (the server was killed). The order may or may not exist. */
  | { kind: 'lost'; subjectId: string; error: string };

/** What a placement for the target day sends. */
export interface Target {
  slotId: number;
  body(subjectId: string): Record<string, unknown>;
}

/**
 * One PostgreSQL database of its own for a test file, a pool on it for the checks, and the real
 * server processes started on it; `close` kills them all and drops the database.
 */
export class FaultRig {
  pool!: pg.Pool;
  url!: string;
  private drop: (() => Promise<void>) | undefined;

  async open(): Promise<void> {
    const created = await createPgDatabase(process.env.TEST_DATABASE_URL!);
    this.url = created.url;
    this.drop = created.drop;
    this.pool = new pg.Pool({ connectionString: this.url, max: 4 });
    // pool.end() answers once its clients are told to end, not once their sockets are closed: the
    // database's DROP … WITH (FORCE) right after can terminate one still connected, whose 'error'
    // then reaches the pool, which re-emits an idle client's error as its own, or, once removed,
    // the client with no listener: either fails the run. Expected there; a query's own failure
    // still rejects its promise.
    this.pool.on('connect', (client) => client.on('error', () => {}));
    this.pool.on('error', () => {});
  }

  /**
   * A server on this database: demo data on first start, one JWT secret for every instance,
   * e-signatures on as by default (each burst signs with one password: one argon2 check per
   * instance, then the remembered signature, decision 012).
   */
  start(env: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
    return startServer(
      {
        DATABASE_URL: this.url,
        SEED_DEMO: '1',
        JWT_SECRET,
        AUDIT_KEY,
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        ...env,
      },
      { port },
    );
  }

  async close(): Promise<void> {
    await killAllServers();
    await this.pool?.end();
    await this.drop?.();
  }

  async count(sql: string, params: unknown[] = []): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(sql, params);
    return Number(rows[0]!.n);
  }

  /** How many order mails the outbox holds for the order. */
  mailsOf(orderId: number): Promise<number> {
    return this.count(`SELECT count(*) AS n FROM (${ORDER_MAILS}) m WHERE m.order_id = $1`, [orderId]);
  }

  /**
   * The demo's FDG order (ONCO-2026-01, Lakeside through Windy City, made by Isotope Labs Boston
   * on weekdays 06:00–14:00 New York) at noon New York on a weekday at least three weeks
   * ahead with no orders yet, whose dose slot is created here with `capacity` doses.
   */
  async target(capacity: number): Promise<Target> {
    const one = async (sql: string) => {
      const { rows } = await this.pool.query<{ id: number; tz?: string }>(sql);
      if (!rows[0]) throw new Error(`not in the demo data: ${sql}`);
      return rows[0];
    };
    const study = await one(`SELECT id FROM studies WHERE name = 'ONCO-2026-01'`);
    const exam = await one(`SELECT id FROM exams WHERE name = 'FDG PET Whole Body'`);
    const site = await one(`SELECT id FROM companies WHERE name = 'Lakeside Clinical Research'`);
    const center = await one(`SELECT id FROM companies WHERE name = 'Windy City Imaging'`);
    const timepoint = await one(`SELECT id FROM timepoints WHERE name = 'Baseline'`);
    const availability = await one(
      `SELECT a.id, c.timezone AS tz FROM drug_availabilities a
       JOIN exams e ON e.drug_id = a.drug_id AND e.name = 'FDG PET Whole Body'
       JOIN companies c ON c.id = a.cmo_id AND c.name = 'Isotope Labs Boston'
       WHERE a.active AND a.frequency = 'Weekday' ORDER BY a.id LIMIT 1`,
    );
    // The first weekday three weeks or more ahead that nobody has ordered for yet.
    let day = DateTime.now().setZone(availability.tz!).startOf('day').plus({ days: 21 });
    while (
      day.weekday > 5 ||
      (await this.count(
        'SELECT count(*) AS n FROM dose_slots WHERE availability_id = $1 AND manufacture_date = $2',
        [availability.id, day.toISODate()],
      )) > 0
    ) {
      day = day.plus({ days: 1 });
    }
    const { rows } = await this.pool.query<{ id: number }>(
      'INSERT INTO dose_slots (availability_id, manufacture_date, capacity) VALUES ($1, $2, $3) RETURNING id',
      [availability.id, day.toISODate(), capacity],
    );
    const calibrationDatetime = day.set({ hour: 12 }).toUTC().toISO();
    return {
      slotId: rows[0]!.id,
      body: (subjectId) => ({
        studyId: study.id,
        siteId: site.id,
        examId: exam.id,
        imagingCenterId: center.id,
        timePointId: timepoint.id,
        subjectId,
        calibrationDatetime,
        reasonForChange: 'Fault test',
        electronicSignature: DEMO_PASSWORD,
      }),
    };
  }

  /**
   * What a crash or a race must never leave behind, as counts that must all be 0: orders of
   * the target slot without their audit row, audit rows of orders that do not exist, order mails of orders that
   * do not exist, orders of the slot with fewer or more mails than `mailsPerOrder` (the demo's
   * own orders are seeded without mail), dose slots above
   * capacity or whose booked count differs from their live orders, final-status counts that
   * differ from the orders.
   */
  async inconsistencies(slotId: number, mailsPerOrder: number) {
    return {
      ordersWithoutAudit: await this.count(
        `SELECT count(*) AS n FROM orders o WHERE o.dose_slot_id = $1 AND NOT EXISTS (SELECT 1 FROM audit_log a
           WHERE a.entity_type = 'orders' AND a.entity_id = o.id AND a.event_type = 'new')`,
        [slotId],
      ),
      auditWithoutOrder: await this.count(
        `SELECT count(*) AS n FROM audit_log a WHERE a.entity_type = 'orders'
           AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = a.entity_id)`,
      ),
      mailsWithoutOrder: await this.count(
        `SELECT count(*) AS n FROM (${ORDER_MAILS}) m WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = m.order_id)`,
      ),
      ordersWithOtherMailCount: await this.count(
        `SELECT count(*) AS n FROM orders o WHERE o.dose_slot_id = $1
           AND (SELECT count(*) FROM (${ORDER_MAILS}) m WHERE m.order_id = o.id) <> $2`,
        [slotId, mailsPerOrder],
      ),
      badSlots: await inconsistentSlots(this.pool),
      driftedFinalCounts: await driftedFinalCounts(this.pool),
    };
  }
}

/** Each order mail with the order it is about (its link ends in `/orders/ID`). */
const ORDER_MAILS = `SELECT id, substring(text_body from '/orders/([0-9]+)\\s')::int AS order_id
  FROM mail_outbox WHERE subject LIKE 'Order #%'`;

/** Logs a demo user in (`site`: one Lakeside role) and returns its access token. */
export async function loginSite(server: ServerProcess, username = 'site'): Promise<string> {
  const res = await fetch(`${server.api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** GET /audit-logs/verify on `server` as the demo admin: the audit chain checked whole. */
export async function verifyAuditChain(server: ServerProcess): Promise<unknown> {
  const token = await loginSite(server, 'admin');
  const res = await fetch(`${server.api}/audit-logs/verify`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`verify: ${res.status} ${await res.text()}`);
  return res.json();
}

/** What an intact chain of `rows` audit rows verifies as. */
export const intactChain = (rows: number) => ({
  ok: true,
  checked: rows,
  firstBrokenId: null,
  broken: 0,
  unchained: 0,
  headMatches: true,
  endMovedBack: null,
  checkpoint: null,
});

/** POST /orders on `server`; a broken connection is `lost`, not an exception. */
export async function place(
  server: ServerProcess,
  token: string,
  body: Record<string, unknown>,
): Promise<Placement> {
  const subjectId = String(body.subjectId);
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${server.api}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    text = await res.text();
  } catch (err) {
    return { kind: 'lost', subjectId, error: err instanceof Error ? err.message : String(err) };
  }
  if (res.status === 201) return { kind: 'created', id: (JSON.parse(text) as { id: number }).id, subjectId };
  if (res.status === 409 && text.includes('AVAILABILITY_SLOT_FULL')) return { kind: 'full', subjectId };
  return { kind: 'error', status: res.status, body: text.slice(0, 300), subjectId };
}

/**
 * Runs `count` jobs with at most `concurrency` in flight; stops starting new ones once `stop()`
 * says so. Resolves with every result once the started jobs have ended.
 */
export async function burst<T>(
  count: number,
  concurrency: number,
  job: (i: number) => Promise<T>,
  stop: () => boolean = () => false,
): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count && !stop()) {
      const i = next++;
      results.push(await job(i));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** Polls `probe` until it returns true; fails after `timeoutMs` with `what`. */
export async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
