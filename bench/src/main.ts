/**
 * `npm run bench [-- --orders N] [-- --keep]`: builds `dosechain_bench` on the local PostgreSQL,
 * fills it with N orders (default 1,000,000), runs the app on loopback and prints the figures as
 * a Markdown table (docs/figures.md). Drops the database at the end unless `--keep`.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type ServerProcess, startServer } from '../../server/test/faults/server-process.ts';
import { driftedFinalCounts, inconsistentSlots } from '../../server/test/faults/slot-consistency.ts';
import { BENCH_DATABASE, benchUrl, createBenchDatabase, dropBenchDatabase } from './database.ts';
import { type GeneratedData, generateOrders } from './generate.ts';
import { Api } from './http.ts';
import { ms, ratio, stats } from './measure.ts';
import { coldStart } from './scenarios/cold-start.ts';
import { loginBurst } from './scenarios/login.ts';
import { BENCH_AUDIT_KEY, placementComparison, placeOrders } from './scenarios/place.ts';
import {
  availabilitySearch,
  type Comparison,
  listAndDashboards,
  ordersReportByMonth,
} from './scenarios/reads.ts';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    'admin-url': {
      type: 'string',
      default: process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    keep: { type: 'boolean', default: false },
    /** Time the generator alone (and check its rows), without the measurements. */
    'generate-only': { type: 'boolean', default: false },
  },
});
const cpuProfileDir = process.env.BENCH_CPU_PROF;
/** Stops a bench server: gracefully when it writes a profile, else at once. */
const stopServer = (server: ServerProcess) => (cpuProfileDir ? server.stop() : server.kill());
const orderCount = Number(args.orders);
if (!Number.isInteger(orderCount) || orderCount < 1000) throw new Error('--orders must be an integer ≥ 1000');
const adminUrl = args['admin-url'];
const log = (line: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

log(`creating ${BENCH_DATABASE} (migrations + demo seed)`);
const database = await createBenchDatabase(adminUrl);
const pool = new pg.Pool({ connectionString: benchUrl(adminUrl), max: 10 });
// The bench database is dropped WITH (FORCE) right after pool.end(), which answers before its
// clients' sockets close: a client terminated then must not crash the run (fixture.ts, FaultRig).
pool.on('connect', (client) => client.on('error', () => {}));
pool.on('error', () => {});
const lines: string[] = [];
const row = (...cells: string[]) => lines.push(`| ${cells.join(' | ')} |`);

try {
  log(`generating ${orderCount} orders`);
  const generator = await pool.connect();
  const generated = await generateOrders(generator, orderCount).finally(() => generator.release());
  log(`generated ${JSON.stringify(generated)}`);
  const miscounted = await inconsistentSlots(pool);
  log(`slots whose booked count differs from their live orders: ${miscounted}`);
  if (miscounted > 0) throw new Error('the generator left booked counts that do not match the orders');
  const drifted = await driftedFinalCounts(pool);
  log(`final-status counts that differ from the orders: ${drifted}`);
  if (drifted > 0) throw new Error('final_order_counts does not match the generated orders');
  if (!args['generate-only']) await measure(generated);
} finally {
  await pool.end();
  await database.close();
  if (args.keep) log(`kept ${BENCH_DATABASE}`);
  else {
    await dropBenchDatabase(adminUrl);
    log(`dropped ${BENCH_DATABASE}`);
  }
}

/**
 * The app under test: the real server as `npm start` runs it, in a process of its own on
 * loopback (so the bench's clients do not share its event loop), on the bench database, quiet,
 * with the auth rate limit lifted for the login burst.
 */
function benchServer(eSignature: boolean): Promise<ServerProcess> {
  return startServer(
    {
      DATABASE_URL: benchUrl(adminUrl),
      LOG_LEVEL: 'silent',
      ESIGNATURE: eSignature ? 'on' : 'off',
      JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
      // Both servers chain audit rows onto the one chain, as the raw SQL does.
      AUDIT_KEY: BENCH_AUDIT_KEY,
      // The login burst is the point of one benchmark; the per-minute limit would stop it.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    {
      timeoutMs: 60_000,
      // BENCH_CPU_PROF=DIR: each server writes a V8 CPU profile there when it stops (open it in
      // Chrome's DevTools or speedscope); the bench's own figures are then not comparable.
      ...(cpuProfileDir
        ? { args: ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir, '--import', 'tsx', 'src/main.ts'] }
        : {}),
    },
  );
}

async function measure(generated: GeneratedData): Promise<void> {
  const compared = (c: Comparison) =>
    row(
      c.name,
      ms(c.app.p50),
      ms(c.app.p95),
      ms(c.raw.p50),
      ms(c.raw.p95),
      ratio(c.app.p95, c.raw.p95),
      c.note ?? '',
    );
  const adminUser = await pool.query<{ id: number }>(`SELECT id FROM users WHERE username = 'admin'`);
  const server = await benchServer(true);
  const api = new Api(`http://127.0.0.1:${server.port}`);
  try {
    const adminToken = await api.login('admin');
    const roleOf = async (username: string, type: string) => {
      const { rows } = await pool.query<{ id: number; company_id: number }>(
        `SELECT r.id, r.company_id FROM roles r JOIN users u ON u.id = r.user_id
         WHERE u.username = $1 AND r.type = $2 ORDER BY r.id LIMIT 1`,
        [username, type],
      );
      return { token: await api.login(username), roleId: rows[0]!.id, companyId: rows[0]!.company_id };
    };
    const ctx = {
      api,
      pool,
      adminToken,
      cmo: await roleOf('cmo', 'cmo'),
      site: await roleOf('site', 'clinical_site'),
      bounds: { count: 200, maxMs: 30_000, warmup: 10 },
    };

    row(
      'Measurement',
      'App p50 (ms)',
      'App p95 (ms)',
      'Raw SQL p50 (ms)',
      'Raw SQL p95 (ms)',
      'p95 ratio',
      'Note',
    );
    row('---', '---:', '---:', '---:', '---:', '---:', '---');
    log('orders list and dashboards');
    for (const c of await listAndDashboards(ctx)) compared(c);
    log('availability search');
    compared(await availabilitySearch(ctx));
    log('orders report');
    compared(await ordersReportByMonth(ctx));

    for (const clients of [50, 200]) {
      log(`placing orders, ${clients} clients`);
      const r = await placeOrders(api, pool, adminToken, adminUser.rows[0]!.id, clients, {
        count: 3000,
        warmup: 1000,
        maxMs: 60_000,
      });
      compared(
        placementComparison(
          `Place order, ${clients} concurrent clients, e-signature (as the UI sends it)`,
          r,
        ),
      );
    }

    // Every placement's audit row, the app's and the raw SQL's, joined the one chain.
    const verify = await api.call('GET', '/audit-logs/verify', { token: adminToken });
    log(`audit chain after the placements: ${verify.text}`);
    if (verify.status !== 200 || !(JSON.parse(verify.text) as { ok: boolean }).ok) {
      throw new Error('the audit chain does not verify after the placement bursts');
    }

    log('login burst');
    const l = await loginBurst(api, pool, adminToken, 20, { count: 400, maxMs: 30_000 });
    const la = stats(l.app.samples);
    const lw = stats(l.raw.samples);
    row(
      `Login, ${l.clients} concurrent clients`,
      ms(la.p50),
      ms(la.p95),
      ms(lw.p50),
      ms(lw.p95),
      ratio(la.p95, lw.p95),
      `${l.app.perSecond.toFixed(0)} logins/s (raw user row + argon2 verify ${l.raw.perSecond.toFixed(0)}/s); ` +
        `GET /order-statuses p99 ${ms(l.otherRouteAlone.p99)} ms alone, ${ms(l.otherRouteDuringBurst.p99)} ms during the burst ` +
        `(${ratio(l.otherRouteDuringBurst.p99, l.otherRouteAlone.p99)})`,
    );
  } finally {
    api.close();
    await stopServer(server);
  }

  // ESIGNATURE=off (a documented deployment setting): the server's own placement throughput,
  // without the signature check on every order. Run once the signed server has stopped: alive, it
  // read the audit trail's tail on every placement's NOTIFY (live events) and swept the outbox
  // beside the burst on the same two cores, which made this burst the slower one (decision 054).
  const unsigned = await benchServer(false);
  const unsignedApi = new Api(`http://127.0.0.1:${unsigned.port}`);
  try {
    const unsignedToken = await unsignedApi.login('admin');
    for (const clients of [50, 200]) {
      log(`placing orders without e-signature, ${clients} clients`);
      const r = await placeOrders(
        unsignedApi,
        pool,
        unsignedToken,
        adminUser.rows[0]!.id,
        clients,
        { count: 3000, maxMs: 60_000, warmup: 1000 },
        'nosig',
      );
      compared(placementComparison(`Place order, ${clients} concurrent clients, ESIGNATURE=off`, r));
    }
    // Every placement's audit row, both servers' and the raw SQL's, joined the one chain.
    const verify = await unsignedApi.call('GET', '/audit-logs/verify', { token: unsignedToken });
    log(`audit chain after the unsigned placements: ${verify.text}`);
    if (verify.status !== 200 || !(JSON.parse(verify.text) as { ok: boolean }).ok) {
      throw new Error('the audit chain does not verify after the unsigned placement bursts');
    }
  } finally {
    unsignedApi.close();
    await stopServer(unsigned);
  }

  log('cold start');
  const starts: number[] = [];
  for (let i = 0; i < 3; i++) starts.push(await coldStart(benchUrl(adminUrl)));
  const cs = stats(starts);
  row(
    'Cold start to first answer (3 runs)',
    ms(cs.p50),
    ms(Math.max(...starts)),
    '–',
    '–',
    '–',
    'max shown as p95; tsx src/main.ts on the migrated database',
  );

  const machine = `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  console.log(
    `\nPostgreSQL, ${generated.orders.toLocaleString('en-US')} orders (generated in ${generated.seconds.toFixed(0)} s), ` +
      `${new Date().toISOString().slice(0, 10)}, ${machine}\n`,
  );
  console.log(lines.join('\n'));
}
