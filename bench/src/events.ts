/**
 * `npm run bench:events -w @dosechain/bench [-- --streams 500 --orders 40]`: live events under
 * load (issue 22). One server instance on a PostgreSQL database of its own
 * (`dosechain_bench_events`, migrated and seeded with the demo data), `--streams` open
 * `GET /api/v1/events` streams (CMO users of Isotope Labs Boston, at most 5 streams a user),
 * then a burst of `--orders` placements for that CMO by `--clients` concurrent clients. Each
 * stream must receive every placement's `order.placed`; the figure is the time from the
 * placement's commit (its audit row's `issued_at`, written right before the commit, on the same
 * clock) to the event's arrival on each stream: p50/p95/max over streams × placements.
 * Bounded: at most `--orders` placements and `--max-seconds` of waiting for events. Not part of
 * `npm test`. Needs PostgreSQL (BENCH_ADMIN_URL, default the local one).
 */
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { useAuditKey } from '../../server/src/kernel/audit/chain.ts';
import { hashPassword } from '../../server/src/kernel/auth/password.ts';
import { openDatabase } from '../../server/src/kernel/db/client.ts';
import { companies, groups, roles, userGroups, users } from '../../server/src/kernel/db/schema.ts';
import { DEMO_PASSWORD, seedDemo } from '../../server/src/seed/demo.ts';
import { startServer } from '../../server/test/faults/server-process.ts';
import { Api } from './http.ts';
import { ms, stats } from './measure.ts';
import { BENCH_AUDIT_KEY } from './scenarios/place.ts';

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '500' },
    orders: { type: 'string', default: '40' },
    clients: { type: 'string', default: '8' },
    'max-seconds': { type: 'string', default: '60' },
    'admin-url': {
      type: 'string',
      default: process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const streamCount = Number(args.streams);
const orderCount = Number(args.orders);
const clients = Number(args.clients);
const maxMs = Number(args['max-seconds']) * 1000;
const STREAMS_PER_USER = 5;
const DATABASE = 'dosechain_bench_events';
const log = (line: string) =>
  console.error(`[bench:events ${new Date().toISOString().slice(11, 19)}] ${line}`);

async function onAdmin(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: args['admin-url'] });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
const dbUrl = (() => {
  const url = new URL(args['admin-url']);
  url.pathname = `/${DATABASE}`;
  return url.toString();
})();

/** One open stream: when each order's `order.placed` arrived (epoch ms). */
interface Stream {
  placedAt: Map<number, number>;
  close(): void;
}

function openStream(port: number, token: string, roleId: number): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const placedAt = new Map<number, number>();
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/events',
        agent: false,
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, 'role-id': String(roleId) },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream: ${res.statusCode}`));
          res.resume();
          return;
        }
        let pending = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const now = Date.now();
          pending += chunk;
          let split = pending.indexOf('\n\n');
          while (split >= 0) {
            const frame = pending.slice(0, split);
            pending = pending.slice(split + 2);
            split = pending.indexOf('\n\n');
            const data = frame.split('\n').find((l) => l.startsWith('data:'));
            if (!data) continue;
            const event = JSON.parse(data.slice(5)) as { type: string; orderId?: number };
            if (event.type === 'order.placed' && event.orderId !== undefined && !placedAt.has(event.orderId))
              placedAt.set(event.orderId, now);
          }
        });
        res.on('error', () => undefined);
        resolve({ placedAt, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
  });
}

log(`creating ${DATABASE} (migrations + demo seed)`);
await onAdmin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
await onAdmin(`CREATE DATABASE ${DATABASE}`);
const database = await openDatabase({ url: dbUrl });
const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
const streams: Stream[] = [];
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  await database.migrate();
  useAuditKey(BENCH_AUDIT_KEY);
  await seedDemo(database.db, new Date());
  const db = database.db;

  // CMO users of the demo's CMO, enough for the streams at 5 a user; one password hash for all.
  const userCount = Math.ceil(streamCount / STREAMS_PER_USER);
  const [cmo] = await db.select().from(companies).where(eq(companies.name, 'Isotope Labs Boston'));
  const [group] = await db.select().from(groups).where(eq(groups.name, 'CMO Users'));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: userCount }, (_, i) => ({
        username: `bench-cmo-${i}`,
        firstName: 'Bench',
        lastName: `CMO ${i}`,
        email: `bench-cmo-${i}@dosechain.test`,
        passwordHash,
      })),
    )
    .returning({ id: users.id, username: users.username });
  await db.insert(userGroups).values(created.map((u) => ({ userId: u.id, groupId: group!.id })));
  const roleRows = await db
    .insert(roles)
    .values(created.map((u) => ({ userId: u.id, type: 'cmo' as const, companyId: cmo!.id })))
    .returning({ id: roles.id, userId: roles.userId });
  log(`${userCount} CMO users added`);

  server = await startServer(
    {
      DATABASE_URL: dbUrl,
      LOG_LEVEL: 'silent',
      ESIGNATURE: 'off',
      JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
      AUDIT_KEY: BENCH_AUDIT_KEY,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    { timeoutMs: 60_000 },
  );
  const api = new Api(`http://127.0.0.1:${server.port}`);

  log(`opening ${streamCount} streams`);
  for (const [i, u] of created.entries()) {
    const token = await api.login(u.username);
    const roleId = roleRows.find((r) => r.userId === u.id)!.id;
    const mine = Math.min(STREAMS_PER_USER, streamCount - i * STREAMS_PER_USER);
    for (let k = 0; k < mine; k++) streams.push(await openStream(server.port, token, roleId));
  }
  log(`${streams.length} streams open`);

  // The placements: the demo site's, for the CMO's pairing, on days with doses left.
  const siteToken = await api.login('site');
  const siteRole = await pool.query<{ id: number }>(
    `SELECT r.id FROM roles r JOIN users u ON u.id = r.user_id WHERE u.username = 'site' ORDER BY r.id LIMIT 1`,
  );
  const call = (method: string, path: string, body?: unknown) =>
    api.call(method, path, { token: siteToken, roleId: siteRole.rows[0]!.id, body });
  const options = JSON.parse((await call('GET', '/orders/options')).text);
  const study = options.studies.find((s: { name: string }) => s.name === 'ONCO-2026-01');
  const pairing = options.pairings.find(
    (p: { studyId: number; cmo?: { id: number }; exam: { name: string } }) =>
      p.studyId === study.id && p.exam.name === 'FDG PET Whole Body',
  );
  const site = options.sites.find((s: { id: number }) => s.id === pairing.site.id);
  const center = site.imagingCenters[0];
  const ids = { studyId: study.id, siteId: site.id, examId: pairing.exam.id };
  const days = JSON.parse(
    (await call('GET', `/drug-availabilities/search?${new URLSearchParams(ids).toString()}`)).text,
  ) as { date: string; remaining: number; intervals: { start: string }[] }[];
  const slots: string[] = [];
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  for (const d of days)
    if (d.date > tomorrow) for (let k = 0; k < d.remaining; k++) slots.push(d.intervals[0]!.start);
  const wanted = Math.min(orderCount, slots.length);
  log(`placing ${wanted} orders with ${clients} clients (${slots.length} doses open)`);

  const placed: number[] = [];
  let next = 0;
  const burstStarted = Date.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < wanted) {
        const i = next++;
        const res = await call('POST', '/orders', {
          ...ids,
          imagingCenterId: center.id,
          timePointId: options.timepoints[0].id,
          subjectId: `BENCH-EV-${i}`,
          calibrationDatetime: slots[i],
        });
        if (res.status === 201) placed.push((JSON.parse(res.text) as { id: number }).id);
      }
    }),
  );
  const burstMs = Date.now() - burstStarted;
  log(`${placed.length} placed in ${burstMs} ms; waiting for the events`);

  const deadline = Date.now() + maxMs;
  const complete = () => streams.every((s) => placed.every((id) => s.placedAt.has(id)));
  while (!complete() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

  const { rows } = await pool.query<{ entity_id: number; at: string }>(
    `SELECT entity_id, (extract(epoch from issued_at) * 1000)::float8::text AS at FROM audit_log
     WHERE entity_type = 'orders' AND event_type = 'new' AND entity_id = ANY($1)`,
    [placed],
  );
  const committedAt = new Map(rows.map((r) => [r.entity_id, Number(r.at)]));
  const samples: number[] = [];
  let missing = 0;
  for (const s of streams)
    for (const id of placed) {
      const at = s.placedAt.get(id);
      if (at === undefined) missing++;
      else samples.push(at - committedAt.get(id)!);
    }
  const st = stats(samples);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  console.log('| Measurement | p50 (ms) | p95 (ms) | max (ms) | Note |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  console.log(
    `| Commit to event, ${streams.length} open streams, ${placed.length} placements by ${clients} clients | ${ms(st.p50)} | ${ms(st.p95)} | ${ms(Math.max(...samples))} | ` +
      `${samples.length} deliveries, ${missing} missing after ${maxMs / 1000} s; burst ${burstMs} ms; ` +
      `one instance on PostgreSQL; ${os.cpus().length}× ${cpu}, load ${load} (1/5/15 min); ${new Date().toISOString().slice(0, 10)} |`,
  );
  api.close();
} finally {
  for (const s of streams) s.close();
  await server?.kill();
  await pool.end();
  await database.close();
  await onAdmin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  log(`dropped ${DATABASE}`);
}
