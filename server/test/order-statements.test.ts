import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/kernel/db/schema.ts';
import { DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { actionBody, changeStatus, type OrderIds, type orderPlacer, orderTestApp } from './order-fixtures.ts';

/** The embedded database's client as Drizzle calls it: a query, or a transaction with queries. */
interface CountedClient {
  query(text: string, ...rest: unknown[]): Promise<unknown>;
  transaction<T>(work: (tx: CountedClient) => Promise<T>): Promise<T>;
}

/**
 * Records every statement the app sends to the database (BEGIN and COMMIT of a transaction
 * each count as one, as they are round trips on PostgreSQL) while `recording` is on.
 */
function recordStatements(t: TestApp) {
  const client = (t.db as unknown as { $client: CountedClient }).$client;
  const sent: string[] = [];
  let recording = false;
  const note = (text: string) => {
    if (recording) sent.push(text.replace(/\s+/g, ' ').trim());
  };
  const counted = (target: CountedClient) => {
    const query = target.query.bind(target);
    target.query = (text, ...rest) => {
      note(text);
      return query(text, ...rest);
    };
  };
  counted(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (work) =>
    transaction(async (tx) => {
      note('begin');
      counted(tx);
      const result = await work(tx);
      note('commit');
      return result;
    });
  return {
    async during<T>(work: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
      sent.length = 0;
      recording = true;
      try {
        return { result: await work(), sent: [...sent] };
      } finally {
        recording = false;
      }
    },
  };
}

let t: TestApp;
let place: ReturnType<typeof orderPlacer>;
let ids: OrderIds;
let statements: ReturnType<typeof recordStatements>;
const wakes = { mail: 0, webhook: 0 };

beforeAll(async () => {
  if (process.env.TEST_DB === 'pg') return;
  // A loopback webhook may be registered (its dispatcher never runs here).
  ({ t, ids, place } = await orderTestApp({
    config: { webhookAllowHttp: true, webhookAllowPrivateNetworks: true },
  }));
  // Only the request's own statements: the dispatchers (counted, not run) and live events run
  // after it, on their own.
  t.app.mailDispatcher.wake = () => {
    wakes.mail++;
  };
  t.app.webhookDispatcher.wake = () => {
    wakes.webhook++;
  };
  await t.app.liveEvents.stop();
  statements = recordStatements(t);
  // The period's first signing checks the password (decision 012); the ones measured do not.
  await place();
});
afterAll(() => t?.close());

// Counted on the embedded database's client; PostgreSQL gets the same statements from the same code.
describe.skipIf(process.env.TEST_DB === 'pg')('the statements an order change sends to the database', () => {
  it('a placement sends at most 6, the session read included', async () => {
    const { result, sent } = await statements.during(() => place());
    expect(result.id).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(6);
  });

  it('a placement wakes only the dispatchers it queued something for', async () => {
    const mailsOf = async (orderId: number) =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId))).length;
    wakes.mail = 0;
    wakes.webhook = 0;
    const first = await place();
    // The study has no webhook yet: nothing to deliver, no pass of the webhook dispatcher.
    expect(wakes).toEqual({ mail: (await mailsOf(first.id)) > 0 ? 1 : 0, webhook: 0 });
    const hook = await t.request('staff', {
      method: 'POST',
      url: `/api/v1/studies/${ids.study}/webhooks`,
      payload: {
        url: 'http://127.0.0.1:9/hook',
        events: ['order.placed'],
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    wakes.webhook = 0;
    await place();
    expect(wakes.webhook).toBe(1);
  });

  it('a status change reads the order once', async () => {
    const order = await place();
    await changeStatus(t, 'cmo', -1, actionBody('accept')); // logs the CMO in: not part of the change
    const { result, sent } = await statements.during(() =>
      changeStatus(t, 'cmo', order.id, actionBody('accept')),
    );
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({ id: order.id, status: 'accepted' });
    expect(sent.filter((s) => / from "orders"/.test(s))).toHaveLength(1);
  });

  // Decision 059: the schedule's checks ride on the placement read; a scheduled timepoint adds
  // the subject's timepoint lock and the duplicate read again under it, nothing else.
  it('a placement for a scheduled timepoint sends at most 10: the lock and the duplicate read again', async () => {
    const res = await t.request('staff', {
      method: 'PUT',
      url: `/api/v1/studies/${ids.study}/schedule`,
      payload: {
        anchorTimePointId: ids.baseline,
        entries: [{ timePointId: ids.baseline, dayOffset: 0, windowBeforeDays: 0, windowAfterDays: 0 }],
        reasonForChange: 'Protocol v1',
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(200);
    await place();
    const { result, sent } = await statements.during(() => place());
    expect(result.id).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(10);
    expect(sent.filter((s) => /pg_advisory_xact_lock/.test(s))).toHaveLength(1);
  });
});

/**
 * On PostgreSQL what costs is the round trip (decision 062): BEGIN rides on the order's statement
 * and the COMMIT on the audit row's, so a placement takes 4 — the session read, the placement read,
 * BEGIN with the order's statement, the audit row with the COMMIT. Counted as PostgreSQL's
 * ReadyForQuery answers on the app's pooled connections.
 */
describe.runIf(process.env.TEST_DB === 'pg')('the round trips a placement takes on PostgreSQL', () => {
  let pg: Awaited<ReturnType<typeof orderTestApp>>;
  let roundTrips = 0;
  let counting = false;

  beforeAll(async () => {
    pg = await orderTestApp();
    pg.t.app.mailDispatcher.wake = () => {};
    pg.t.app.webhookDispatcher.wake = () => {};
    await pg.t.app.liveEvents.stop();
    const pool = (pg.t.db as unknown as { $client: import('pg').Pool }).$client;
    const counted = new WeakSet<object>();
    pool.on('acquire', (client) => {
      if (counted.has(client)) return;
      counted.add(client);
      (client as unknown as { connection: import('pg').Connection }).connection.on('readyForQuery', () => {
        if (counting) roundTrips++;
      });
    });
    // The period's first signing checks the password (decision 012); the one counted does not.
    await pg.place();
  });
  afterAll(() => pg?.t.close());

  it('a signed placement takes 4, the session read included', async () => {
    roundTrips = 0;
    counting = true;
    try {
      const order = await pg.place();
      expect(order.id).toBeGreaterThan(0);
    } finally {
      counting = false;
    }
    expect(roundTrips).toBe(4);
  });
});
