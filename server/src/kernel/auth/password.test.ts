import { describe, expect, it } from 'vitest';
import { ARGON2_CONCURRENCY, hashPassword, limited, verifyPassword } from './password.ts';

describe('argon2 concurrency limit', () => {
  it('runs at most one core short of the machine at once; the rest queue and all finish, failures too', async () => {
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const run = (i: number) =>
      limited(async () => {
        now += 1;
        most = Math.max(most, now);
        await new Promise((r) => setTimeout(r, 5));
        now -= 1;
        order.push(i);
        if (i % 3 === 0) throw new Error(`run ${i} failed`);
        return i;
      });
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => run(i)));
    expect(ARGON2_CONCURRENCY).toBeGreaterThanOrEqual(1);
    expect(most).toBe(Math.min(ARGON2_CONCURRENCY, 12));
    expect(order).toHaveLength(12);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(4);
    // A slot freed by a failure is reused: a later hash and verify still run.
    expect(await verifyPassword(await hashPassword('secret-1'), 'secret-1')).toBe(true);
  });
});
