/**
 * Issue 20: the production topology without containers (scripts/smoke-production.sh runs it,
 * after `npm run build`). Two compiled instances (`node server/dist/main.js`, NODE_ENV=production)
 * start at the same moment on one empty PostgreSQL database, Debian's nginx runs in front of them
 * with deploy/nginx/dosechain-locations.conf, a burst of placements goes through nginx, and one
 * instance is killed (SIGKILL) mid-burst. The client repeats a placement that got no answer with
 * its Idempotency-Key, as the UI does. Every acknowledged order must exist, each subject must end
 * placed once or refused as full, and no dose slot may be overbooked.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_KEY,
  burst,
  FaultRig,
  JWT_SECRET,
  loginSite,
  onPostgres,
  verifyAuditChain,
} from '../faults/fixture.ts';
import { freePort, type ServerProcess, startServer } from '../faults/server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const compiledMain = path.join(repoRoot, 'server/dist/main.js');
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/** nginx in the foreground with the deployed locations, in front of `ports`; resolves once it answers. */
async function startNginx(ports: number[]): Promise<{ url: string; stop(): Promise<void> }> {
  if (!nginxBinary)
    throw new Error('nginx is not installed (apt-get install nginx-light); smoke-production.sh installs it');
  const prefix = mkdtempSync(path.join(tmpdir(), 'dosechain-nginx-'));
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, dir));
  const port = await freePort();
  const conf = `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream dosechain {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    include ${path.join(repoRoot, 'deploy/nginx/dosechain-locations.conf')};
  }
}
`;
  writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(nginxBinary, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      await res.arrayBuffer();
      if (res.ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`nginx did not answer: ${stderr}`);
}

type Outcome = { kind: 'created'; id: number } | { kind: 'full' } | { kind: 'lost'; detail: string };

/** POST /orders through the proxy with an Idempotency-Key; no answer or a gateway error is `lost`. */
async function placeThrough(
  api: string,
  token: string,
  body: Record<string, unknown>,
  key: string,
): Promise<Outcome> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${api}/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
    });
    text = await res.text();
  } catch (err) {
    return { kind: 'lost', detail: err instanceof Error ? err.message : String(err) };
  }
  if (res.status === 201) return { kind: 'created', id: (JSON.parse(text) as { id: number }).id };
  if (res.status === 409 && text.includes('AVAILABILITY_SLOT_FULL')) return { kind: 'full' };
  if (res.status >= 502 && res.status <= 504) return { kind: 'lost', detail: `${res.status}` };
  throw new Error(`placement answered ${res.status}: ${text.slice(0, 300)}`);
}

describe('production topology: two compiled instances behind nginx on PostgreSQL', () => {
  const rig = new FaultRig();
  let proxy: { url: string; stop(): Promise<void> } | undefined;
  beforeAll(async () => {
    if (!onPostgres)
      throw new Error('the smoke test needs PostgreSQL: set TEST_DATABASE_URL (smoke-production.sh does)');
    if (!existsSync(compiledMain)) throw new Error(`${compiledMain} is missing: run npm run build first`);
    await rig.open();
  });
  afterAll(async () => {
    await proxy?.stop();
    await rig.close();
  });

  it('both come up together on an empty database; a burst through nginx survives losing one instance', async () => {
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: rig.url,
      JWT_SECRET,
      AUDIT_KEY,
      PUBLIC_URL: 'https://dosechain.test',
      SEED_DEMO: '1',
      TRUST_PROXY: '127.0.0.1',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      SHUTDOWN_DELAY_SECONDS: '0',
    };
    // At the same moment, on a database without tables: one migrates and seeds, the other waits.
    const [first, second]: ServerProcess[] = await Promise.all([
      startServer(env, { args: [compiledMain], timeoutMs: 120_000 }),
      startServer(env, { args: [compiledMain], timeoutMs: 120_000 }),
    ]);
    for (const server of [first!, second!]) {
      const ready = await fetch(`${server.api}/ready`);
      expect(ready.status, await ready.clone().text()).toBe(200);
      expect(await ready.json()).toMatchObject({ ready: true });
    }
    expect(await rig.count("SELECT count(*) AS n FROM users WHERE username = 'admin'")).toBe(1);

    proxy = await startNginx([first!.port, second!.port]);
    const api = `${proxy.url}/api/v1`;
    const viaProxy = { api } as ServerProcess;
    // The proxy passes a request id to the app, which answers it.
    const health = await fetch(`${api}/health`);
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    if (existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
      const page = await fetch(`${proxy.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    }

    const capacity = 60;
    const target = await rig.target(capacity);
    const token = await loginSite(viaProxy);
    const subjects = Array.from({ length: 150 }, (_, i) => `SMOKE-${i}`);
    let acknowledged = 0;
    let killing: Promise<void> | undefined;
    let lostOnce = 0;
    const outcomes = await burst(subjects.length, 16, async (i) => {
      const subject = subjects[i]!;
      const key = `smoke-${subject}`;
      // A placement without an answer is sent again with its key, at most five times.
      for (let attempt = 0; attempt < 5; attempt++) {
        const outcome = await placeThrough(api, token, target.body(subject), key);
        if (outcome.kind === 'created' && ++acknowledged === 20) killing = first!.kill();
        if (outcome.kind !== 'lost') return { subject, outcome };
        lostOnce++;
        await new Promise((r) => setTimeout(r, 200));
      }
      return { subject, outcome: { kind: 'lost', detail: 'five attempts' } as Outcome };
    });
    await killing;
    expect(killing, 'the first instance was killed mid-burst').toBeDefined();
    expect(outcomes.filter((o) => o.outcome.kind === 'lost')).toEqual([]);

    const created = outcomes.flatMap((o) => (o.outcome.kind === 'created' ? [o.outcome.id] : []));
    const ids = [...new Set(created)];
    // Every acknowledged order exists, once per subject; the rest were refused as full.
    expect(ids.length).toBe(created.length);
    expect(await rig.count('SELECT count(*) AS n FROM orders WHERE id = ANY($1::int[])', [ids])).toBe(
      ids.length,
    );
    expect(
      await rig.count('SELECT count(*) AS n FROM orders WHERE subject_id = ANY($1::text[])', [subjects]),
    ).toBe(ids.length);
    expect(ids.length).toBe(capacity);
    expect(outcomes.filter((o) => o.outcome.kind === 'full').length).toBe(subjects.length - capacity);
    expect(await rig.count('SELECT booked AS n FROM dose_slots WHERE id = $1', [target.slotId])).toBe(
      capacity,
    );
    const consistency = await rig.inconsistencies(target.slotId, await rig.mailsOf(ids[0]!));
    expect(consistency).toEqual({
      ordersWithoutAudit: 0,
      auditWithoutOrder: 0,
      mailsWithoutOrder: 0,
      ordersWithOtherMailCount: 0,
      badSlots: 0,
      driftedFinalCounts: 0,
    });
    expect(await verifyAuditChain(viaProxy)).toMatchObject({ ok: true, broken: 0 });
    console.log(
      `smoke: ${ids.length} placed, ${subjects.length - capacity} full, ${lostOnce} unanswered attempts repeated with their key`,
    );
  });
});
