import type pg from 'pg';
import { verifyPassword } from '../../../server/src/kernel/auth/password.ts';
import { DEMO_PASSWORD } from '../../../server/src/seed/demo.ts';
import type { Api } from '../http.ts';
import { type ConcurrentResult, type Stats, stats, timeConcurrent, timeSequential } from '../measure.ts';

export interface LoginResult {
  clients: number;
  app: ConcurrentResult;
  /** The same work without HTTP: the user's row and the argon2 verify. */
  raw: ConcurrentResult;
  /** Another route (GET /order-statuses) alone, and while the login burst runs. */
  otherRouteAlone: Stats;
  otherRouteDuringBurst: Stats;
}

/**
 * Login throughput with `clients` concurrent logins; and whether the argon2 work stays off the
 * event loop: the p99 of a cheap authenticated route during the burst against its p99 alone.
 */
export async function loginBurst(
  api: Api,
  pool: pg.Pool,
  token: string,
  clients: number,
  bounds: { count: number; maxMs: number },
): Promise<LoginResult> {
  const probe = () => api.getOk('/order-statuses', token);
  const alone = await timeSequential({ count: 300, maxMs: 10_000, warmup: 20 }, probe);

  let bursting = true;
  const during: number[] = [];
  const prober = (async () => {
    while (bursting) {
      const t0 = performance.now();
      await probe();
      during.push(performance.now() - t0);
    }
  })();
  const app = await timeConcurrent(clients, bounds, async () => {
    await api.login('staff');
  });
  bursting = false;
  await prober;

  const raw = await timeConcurrent(clients, bounds, async () => {
    const { rows } = await pool.query<{ password_hash: string }>(
      'SELECT * FROM users WHERE lower(username) = lower($1)',
      ['staff'],
    );
    if (!(await verifyPassword(rows[0]!.password_hash, DEMO_PASSWORD))) throw new Error('raw verify failed');
  });
  return { clients, app, raw, otherRouteAlone: stats(alone), otherRouteDuringBurst: stats(during) };
}
