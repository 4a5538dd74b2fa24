/**
 * Issue 22, live screens (decision 023): `GET /events` over real connections — authentication,
 * the order list's company scope per role and company, availability to whoever orders through
 * it, replay after a reconnect, the per-user limit, streams that end with their session or
 * token, no listener left behind, a rolled-back change that sends nothing, (PostgreSQL) two
 * app instances on one database, and a failed mail told to the readers of the mail log (issue 33).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { recordAudit } from '../src/kernel/audit/record.ts';
import { openDatabase } from '../src/kernel/db/client.ts';
import { mailOutbox } from '../src/kernel/db/schema.ts';
import { MAIL_MAX_ATTEMPTS, MailDispatcher } from '../src/kernel/mail/dispatcher.ts';
import { enqueueMail } from '../src/kernel/mail/outbox.ts';
import type { MailTransport } from '../src/kernel/mail/transport.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { addCompanyUser } from './company-users.ts';
import { ensurePgTemplate } from './db-template.ts';
import {
  buildTestApp,
  createPgDatabase,
  DEMO_PASSWORD,
  type Session,
  type TestApp,
  testConfig,
} from './helpers.ts';
import { eventFrame, type LiveStreamClient, openLiveStream, passed } from './live-stream-client.ts';
import { actionBody, changeStatus, loadOrderIds, NOW, type OrderIds, orderPlacer } from './order-fixtures.ts';

const HEARTBEAT_MS = 150;
const onPostgres = process.env.TEST_DB === 'pg' && Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let base: string;
let ids: OrderIds;
let place: ReturnType<typeof orderPlacer>;
const sessions = new Map<string, Session>();
const open: LiveStreamClient[] = [];

/** A stream as a (logged-in, cached) user; closed after the test file. */
async function streamAs(username: string, lastEventId?: string, roleId?: number): Promise<LiveStreamClient> {
  let session = sessions.get(username);
  if (!session) {
    session = await t.loginAs(username);
    sessions.set(username, session);
  }
  const stream = await openLiveStream(base, session.headers(roleId), lastEventId);
  open.push(stream);
  return stream;
}

/** The users of the scoping tests: the demo's and one outsider per company type, in other companies. */
const outsiders = [
  { username: 'cmo-la', role: 'cmo', companyName: 'Pacific Radiopharma', groupNames: ['CMO Users'] },
  {
    username: 'site-denver',
    role: 'clinical_site',
    companyName: 'Rocky Mountain Trials',
    groupNames: ['Site Users'],
  },
  {
    username: 'imaging-denver',
    role: 'imaging_center',
    companyName: 'Front Range PET',
    groupNames: ['Imaging Users'],
  },
  // Order FDG from Boston too (Hudson's pairing; Manhattan is linked to Lakeside and Hudson).
  {
    username: 'site-hudson',
    role: 'clinical_site',
    companyName: 'Hudson Oncology Center',
    groupNames: ['Site Users'],
  },
  {
    username: 'imaging-manhattan',
    role: 'imaging_center',
    companyName: 'Manhattan Molecular Imaging',
    groupNames: ['Imaging Users'],
  },
  { username: 'no-groups', role: 'clinical_site', companyName: 'Lakeside Clinical Research', groupNames: [] },
] as const;

beforeAll(async () => {
  t = await buildTestApp({
    now: NOW,
    // The users added below got their password today, long before NOW.
    config: { passwordMaxAgeDays: 0 },
    liveEvents: { heartbeatMs: HEARTBEAT_MS, replayChanges: 20 },
  });
  for (const user of outsiders) await addCompanyUser(t.db, { ...user, groupNames: [...user.groupNames] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  ids = await loadOrderIds(t);
  place = orderPlacer(t, ids);
});

afterAll(async () => {
  for (const stream of open) stream.close();
  await t?.close();
});

describe('GET /events: who may open it', () => {
  it('needs a valid access token (401) and a permission a live screen needs (403)', async () => {
    const anonymous = await openLiveStream(base, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.errorBody).toMatchObject({ code: 'UNAUTHENTICATED', errors: [] });
    const forged = await openLiveStream(base, { authorization: 'Bearer not-a-token' });
    expect(forged.status).toBe(401);
    const noGroups = await streamAs('no-groups');
    expect(noGroups.status).toBe(403);
    expect(noGroups.errorBody).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers text/event-stream with a retry hint, an id and heartbeats', async () => {
    const stream = await streamAs('cmo');
    expect(stream.status).toBe(200);
    await stream.waitFor((f) => f.comment === 'heartbeat');
    expect(stream.frames[0]!.comment).toBe('DoseChain live events');
    expect(stream.lastId()).toBeGreaterThan(0);
    stream.close();
  });
});

describe('events are scoped like the order list', () => {
  it('an order placed and accepted reaches its CMO, site, imaging center, staff and admin only', async () => {
    const readers = ['cmo', 'site', 'imaging', 'staff', 'admin'] as const;
    const others = ['cmo-la', 'site-denver', 'imaging-denver', 'multi'] as const;
    const streams = Object.fromEntries(
      await Promise.all([...readers, ...others].map(async (u) => [u, await streamAs(u)] as const)),
    ) as Record<(typeof readers)[number] | (typeof others)[number], LiveStreamClient>;

    const order = await place();
    for (const u of readers) {
      const frame = await streams[u].waitFor(eventFrame('order.placed', order.id));
      expect(JSON.parse(frame.data!)).toEqual({
        type: 'order.placed',
        orderId: order.id,
        status: 'pending',
        cmoId: expect.any(Number),
        siteId: ids.chicago,
        imagingCenterId: ids.windy,
      });
    }
    const accepted = await changeStatus(t, 'cmo', order.id, actionBody('accept'));
    expect(accepted.statusCode).toBe(200);
    const acceptedFrames = await Promise.all(
      readers.map((u) => streams[u].waitFor(eventFrame('order.status', order.id))),
    );
    for (const frame of acceptedFrames) expect(JSON.parse(frame.data!)).toMatchObject({ status: 'accepted' });
    const acceptedId = Number(acceptedFrames[0]!.id);
    expect(acceptedId).toBeGreaterThan(Number((await streams.cmo.waitFor(eventFrame('order.placed'))).id));

    // The others' streams passed both changes (a heartbeat moved their id past them) and told nothing.
    for (const u of others) {
      await streams[u].waitFor(passed(acceptedId));
      expect(streams[u].events(), u).toEqual([]);
    }
    for (const stream of Object.values(streams)) stream.close();
  });

  it('a CMO never receives another CMO’s order event, in either of its roles', async () => {
    const multiRoles = await t.db.execute(
      sql`select r.id, r.type from roles r join users u on u.id = r.user_id where u.username = 'multi'`,
    );
    const rows = (multiRoles as unknown as { rows: { id: number; type: string }[] }).rows;
    const multiCmo = await streamAs('multi', undefined, rows.find((r) => r.type === 'cmo')!.id);
    const multiSite = await streamAs('multi', undefined, rows.find((r) => r.type === 'clinical_site')!.id);
    const cmo = await streamAs('cmo');
    const order = await place();
    const placed = await cmo.waitFor(eventFrame('order.placed', order.id));
    await multiCmo.waitFor(passed(Number(placed.id)));
    await multiSite.waitFor(passed(Number(placed.id)));
    expect(multiCmo.events()).toEqual([]);
    expect(multiSite.events()).toEqual([]);
    for (const s of [multiCmo, multiSite, cmo]) s.close();
  });

  it('availability changes reach whoever orders through that CMO and drug, without ids; staff with the id', async () => {
    const hudson = await streamAs('site-hudson');
    const manhattan = await streamAs('imaging-manhattan');
    const denver = await streamAs('site-denver');
    const staff = await streamAs('staff');
    const cmo = await streamAs('cmo');
    const otherCmo = await streamAs('cmo-la');
    const order = await place();
    const staffFrame = await staff.waitFor(eventFrame('order.placed', order.id));
    for (const s of [hudson, manhattan]) {
      const frame = await s.waitFor(eventFrame('availability.changed'));
      expect(JSON.parse(frame.data!)).toEqual({ type: 'availability.changed' });
      expect(frame.id).toBe(staffFrame.id);
    }
    await denver.waitFor(passed(Number(staffFrame.id)));
    expect(denver.events()).toEqual([]);

    // A change of the availability itself: staff (who read availabilities) get its id.
    const [availability] = (
      (await t.db.execute(
        sql`select da.id from drug_availabilities da join companies c on c.id = da.cmo_id
          join drugs d on d.id = da.drug_id where c.name = 'Isotope Labs Boston' and d.name = 'Fludeoxyglucose F18'
          order by da.id limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const changed = await t.request('staff', {
      method: 'PUT',
      url: `/api/v1/drug-availabilities/${availability!.id}`,
      payload: { validUntil: '2028-12-31', reasonForChange: 'Extended', electronicSignature: DEMO_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const frame = await staff.waitFor(eventFrame('availability.changed'));
    expect(JSON.parse(frame.data!)).toEqual({
      type: 'availability.changed',
      availabilityId: availability!.id,
    });
    await hudson.waitFor((f) => f.event === 'availability.changed' && f.id === frame.id);
    // Its own CMO is told too, without the id (an exception may black out its orders' day).
    const cmoFrame = await cmo.waitFor((f) => f.event === 'availability.changed' && f.id === frame.id);
    expect(JSON.parse(cmoFrame.data!)).toEqual({ type: 'availability.changed' });
    await denver.waitFor(passed(Number(frame.id)));
    expect(denver.events()).toEqual([]);
    await otherCmo.waitFor(passed(Number(frame.id)));
    expect(otherCmo.events()).toEqual([]);
    for (const s of [hudson, manhattan, denver, staff, cmo, otherCmo]) s.close();
  });
});

describe('reconnecting', () => {
  it('with Last-Event-ID replays what was missed, in order; an unknown or too old id gets reset', async () => {
    const first = await streamAs('cmo');
    const a = await place();
    const seen = await first.waitFor(eventFrame('order.placed', a.id));
    first.close();
    const b = await place();
    const c = await place();
    const again = await streamAs('cmo', seen.id);
    await again.waitFor(eventFrame('order.placed', c.id));
    expect(again.events().map((e) => (e.type === 'order.placed' ? e.orderId : e.type))).toEqual([b.id, c.id]);
    again.close();

    const resets: LiveStreamClient[] = [];
    for (const id of ['abc', '-1', '1e3', '1.5', '0x10', '9'.repeat(16), '1', '99999999999']) {
      const stream = await streamAs('cmo', id);
      const reset = await stream.waitFor(eventFrame('reset'));
      expect(JSON.parse(reset.data!)).toEqual({ type: 'reset' });
      // It starts again at the newest change, whatever it sent.
      expect(Number(reset.id)).toBe(Number(again.lastId()));
      resets.push(stream);
      if (resets.length > 2) resets.shift()!.close();
    }
    // And goes on from there, from an id too old and one never given out alike.
    const d = await place();
    for (const stream of resets) {
      await stream.waitFor(eventFrame('order.placed', d.id));
      stream.close();
    }
    for (const blank of ['', ' ']) {
      const stream = await streamAs('cmo', blank);
      await stream.waitFor(passed(Number(again.lastId())));
      expect(stream.events()).toEqual([]);
      stream.close();
    }
    const tooLong = await streamAs('cmo', '1'.repeat(41));
    expect(tooLong.status).toBe(400);
    expect(tooLong.errorBody).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('bounds', () => {
  it('reads a burst of changes in reads at least 50 ms apart; each change reaches the stream, in order', async () => {
    const stream = await streamAs('staff');
    try {
      const readsBefore = t.app.liveEvents.tailReads();
      const started = performance.now();
      const placed: number[] = [];
      for (let i = 0; i < 10; i++) placed.push((await place()).id);
      await stream.waitFor(eventFrame('order.placed', placed.at(-1)));
      const window = performance.now() - started;
      const events = stream.events().flatMap((e) => (e.type === 'order.placed' ? [e.orderId] : []));
      expect(events.slice(-placed.length)).toEqual(placed);
      // One read per commit before (issue 34): ten here, whatever the time they took.
      const reads = t.app.liveEvents.tailReads() - readsBefore;
      expect(reads).toBeGreaterThan(0);
      expect(reads).toBeLessThanOrEqual(1 + window / 50);
    } finally {
      stream.close();
    }
  });

  it('opens at most 5 streams per user: the 6th gets 429 TOO_MANY_STREAMS; closing one frees its place', async () => {
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => streamAs('imaging')));
    expect(five.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await streamAs('imaging');
    expect(sixth.status).toBe(429);
    expect(sixth.errorBody).toEqual({
      code: 'TOO_MANY_STREAMS',
      message: expect.stringContaining('At most 5 live update connections'),
      errors: [],
    });
    // Another user is not counted against it.
    const other = await streamAs('site');
    expect(other.status).toBe(200);
    five[0]!.close();
    await until(() => t.app.liveEvents.stats().streams === 5);
    const again = await streamAs('imaging');
    expect(again.status).toBe(200);
    for (const s of [...five, other, again]) s.close();
    await until(() => t.app.liveEvents.stats().streams === 0);
  });

  it('ends the stream at logout, at inactivation and when the access token expires', async () => {
    const session = await t.loginAs('site');
    const stream = await openLiveStream(base, session.headers());
    open.push(stream);
    await stream.waitFor((f) => f.comment === 'heartbeat');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(logout.statusCode).toBe(204);
    await withTimeout(stream.ended, 3000, 'the stream did not end at logout');

    const { userId } = await addCompanyUser(t.db, {
      username: 'leaving-cmo',
      role: 'cmo',
      companyName: 'Isotope Labs Boston',
      groupNames: ['CMO Users'],
    });
    const leaving = await streamAs('leaving-cmo');
    await leaving.waitFor((f) => f.comment === 'heartbeat');
    const off = await t.request('admin', {
      method: 'PUT',
      url: `/api/v1/users/${userId}`,
      payload: { active: false, reasonForChange: 'Left the company', electronicSignature: DEMO_PASSWORD },
    });
    expect(off.statusCode).toBe(200);
    await withTimeout(leaving.ended, 3000, 'the stream did not end at inactivation');
    expect((await openLiveStream(base, sessions.get('leaving-cmo')!.headers())).status).toBe(401);

    const expiring = await streamAs('staff');
    await expiring.waitFor((f) => f.comment === 'heartbeat');
    t.clock.advance(16 * 60_000);
    try {
      await withTimeout(expiring.ended, 3000, 'the stream outlived its access token');
    } finally {
      t.clock.set(NOW);
    }
    await until(() => t.app.liveEvents.stats().streams === 0);
  });

  it('re-reads a stream’s role when its user’s access changes: moved to another CMO, no more of the first one’s orders', async () => {
    const { userId } = await addCompanyUser(t.db, {
      username: 'moving-cmo',
      role: 'cmo',
      companyName: 'Isotope Labs Boston',
      groupNames: ['CMO Users'],
    });
    const stream = await streamAs('moving-cmo');
    const staff = await streamAs('staff');
    const before = await place();
    await stream.waitFor(eventFrame('order.placed', before.id));
    const [pacific] = (
      (await t.db.execute(sql`select id from companies where name = 'Pacific Radiopharma'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const moved = await t.request('admin', {
      method: 'PUT',
      url: `/api/v1/users/${userId}`,
      payload: {
        roles: [{ type: 'cmo', companyId: pacific!.id }],
        reasonForChange: 'Moved to Pacific',
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The stream re-reads its role once it has read the change (no request of its own makes it).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await place();
    const seenByStaff = await staff.waitFor(eventFrame('order.placed', after.id));
    await stream.waitFor(passed(Number(seenByStaff.id)));
    expect(stream.events().map((e) => ('orderId' in e ? e.orderId : e.type))).toEqual([before.id]);
    for (const s of [stream, staff]) s.close();
  });

  it('leaves no stream or listener behind: connections dropped by clients, one listening connection', async () => {
    for (let round = 0; round < 3; round++) {
      const streams = await Promise.all(['cmo', 'site', 'staff', 'admin'].map((u) => streamAs(u)));
      await Promise.all(
        streams.map((s) => s.waitFor((f) => f.id !== undefined || f.comment === 'heartbeat')),
      );
      expect(t.app.liveEvents.stats().streams).toBe(4);
      for (const s of streams) s.close();
      await until(() => t.app.liveEvents.stats().streams === 0);
    }
    expect(t.app.liveEvents.stats()).toEqual({ streams: 0, users: 0 });
    if (onPostgres) {
      const listeners = await t.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = 'dosechain-listen'`,
      );
      expect((listeners as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    }
  });
});

describe('only committed changes are sent', () => {
  it('a rolled-back change sends nothing, and a forged notification makes nothing up', async () => {
    const cmo = await streamAs('cmo');
    const order = await place();
    const placed = await cmo.waitFor(eventFrame('order.placed', order.id));
    // An audited change of the order, rolled back after its audit row (and its NOTIFY) was written.
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(
          tx,
          { userId: null, username: 'test', fullName: 'Test', roleType: null },
          {
            entityType: 'orders',
            entityId: order.id,
            eventType: 'update',
            before: { status: 'pending' },
            after: { status: 'rejected' },
          },
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // Anyone who can connect may NOTIFY: a notification is only a reason to read the audit trail.
    await t.db.execute(sql`select pg_notify('dosechain_audit_appended', '999999')`);
    const accepted = await changeStatus(t, 'cmo', order.id, actionBody('accept'));
    expect(accepted.statusCode).toBe(200);
    const next = await cmo.waitFor(eventFrame('order.status', order.id));
    expect(JSON.parse(next.data!)).toMatchObject({ status: 'accepted' });
    const about = cmo.events().filter((e) => e.type !== 'reset' && 'orderId' in e && e.orderId === order.id);
    expect(about.map((e) => e.type)).toEqual(['order.placed', 'order.status']);
    expect(Number(next.id)).toBe(Number(placed.id) + 1);
    cmo.close();
  });
});

describe.skipIf(!onPostgres)('two app instances on one PostgreSQL database', () => {
  it('a placement on A reaches a stream on B; B replays from an id A gave', async () => {
    const created = await createPgDatabase(process.env.TEST_DATABASE_URL!, {
      template: await ensurePgTemplate(process.env.TEST_DATABASE_URL!),
    });
    const config = testConfig();
    const [dbA, dbB] = [await openDatabase({ url: created.url }), await openDatabase({ url: created.url })];
    await seedDemo(dbA.db, NOW);
    const a = await buildApp({ db: dbA.db, config, clock: { now: () => NOW } });
    const b = await buildApp({ db: dbB.db, config, clock: { now: () => NOW } });
    const streams: LiveStreamClient[] = [];
    try {
      const urls = [];
      for (const app of [a, b]) {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const address = app.server.address();
        urls.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      }
      const [urlA, urlB] = urls as [string, string];
      const login = async (username: string) => {
        const res = await fetch(`${urlA}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: DEMO_PASSWORD }),
        });
        return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
      };
      const cmo = await login('cmo');
      const site = await login('site');
      const onB = await openLiveStream(urlB, cmo);
      streams.push(onB);
      const placeOn = async (url: string, subjectId: string) => {
        const res = await fetch(`${url}/api/v1/orders`, {
          method: 'POST',
          headers: { ...site, 'content-type': 'application/json' },
          body: JSON.stringify({
            studyId: ids.study,
            siteId: ids.chicago,
            examId: ids.fdg,
            imagingCenterId: ids.windy,
            timePointId: ids.baseline,
            subjectId,
            calibrationDatetime: '2027-03-31T16:00:00.000Z',
            electronicSignature: DEMO_PASSWORD,
          }),
        });
        expect(res.status).toBe(201);
        return (await res.json()) as { id: number };
      };
      const first = await placeOn(urlA, 'TWO-1');
      const arrived = await onB.waitFor(eventFrame('order.placed', first.id));
      // The same change has the same id on A.
      const onA = await openLiveStream(urlA, cmo, String(Number(arrived.id) - 1));
      streams.push(onA);
      expect((await onA.waitFor(eventFrame('order.placed', first.id))).id).toBe(arrived.id);
      onB.close();
      const second = await placeOn(urlA, 'TWO-2');
      const resumed = await openLiveStream(urlB, cmo, arrived.id);
      streams.push(resumed);
      await resumed.waitFor(eventFrame('order.placed', second.id));
      expect(resumed.events().map((e) => e.type)).toEqual(['order.placed']);
    } finally {
      for (const s of streams) s.close();
      await a.close();
      await b.close();
      await dbA.close();
      await dbB.close();
      await created.drop();
    }
  });
});

async function until(test: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!test()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(message)), ms)),
  ]);
}

describe('failed mails', () => {
  it('a mail that fails its last attempt tells the readers of the notification log, without an id; nobody else', async () => {
    // Only the dispatcher below sends (the app's own would take the mail first).
    await t.app.mailDispatcher.stop();
    const readers = [await streamAs('staff'), await streamAs('admin')];
    const others = [await streamAs('site'), await streamAs('cmo')];
    const failing: MailTransport = {
      send: async () => {
        throw new Error('550 mailbox unavailable');
      },
      close: () => {},
    };
    const dispatcher = new MailDispatcher({
      db: t.db,
      clock: t.clock,
      transport: failing,
      log: t.app.log,
      pollIntervalMs: 0,
    });
    const id = await t.db.transaction((tx) =>
      enqueueMail(tx, { to: 'gone@example.test', subject: 'Doomed', text: 'Doomed' }, t.clock.now()),
    );
    // Its last attempt comes next.
    await t.db
      .update(mailOutbox)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    const heartbeats = (s: LiveStreamClient) => s.frames.filter((f) => f.comment === 'heartbeat').length;
    await dispatcher.drain();
    await dispatcher.stop();
    const [failed] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(failed!.status).toBe('failed');

    for (const s of readers) {
      const frame = await s.waitFor(eventFrame('mails.failed'));
      expect(frame.id).toBeUndefined();
      expect(JSON.parse(frame.data!)).toEqual({ type: 'mails.failed' });
    }
    // The others' streams beat again after it (the notice goes to every stream at once) and told nothing.
    const before = others.map(heartbeats);
    for (let i = 0; i < 100 && others.some((s, n) => heartbeats(s) <= before[n]!); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const s of others) {
      expect(heartbeats(s)).toBeGreaterThan(before[others.indexOf(s)]!);
      expect(s.frames.some((f) => f.event === 'mails.failed')).toBe(false);
    }
    for (const s of [...readers, ...others]) s.close();
  });
});
