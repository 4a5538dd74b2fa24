import { describe, expect, it } from 'vitest';
import { createSignatureGate } from './signature-gate.ts';

const tooMany = () => new Error('too many');
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the e-signature gate', () => {
  it("runs one user's checks one at a time, in order, and other users' beside them", async () => {
    const gate = createSignatureGate();
    const log: string[] = [];
    const check = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await later(ms);
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      gate.run(1, 0, check('a1', 30), tooMany),
      gate.run(1, 0, check('a2', 1), tooMany),
      gate.run(2, 0, check('b1', 5), tooMany),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });

  it('lets a failed check not block the next one', async () => {
    const gate = createSignatureGate();
    const failed = gate.run(
      1,
      0,
      async () => {
        throw new Error('wrong');
      },
      tooMany,
    );
    await expect(failed).rejects.toThrow('wrong');
    await expect(gate.run(1, 1, async () => 'next', tooMany)).resolves.toBe('next');
  });

  it('refuses a user past its checks a minute, at once, and lets it in again a minute later', async () => {
    const gate = createSignatureGate({ perMinute: 3 });
    let ran = 0;
    const check = async () => ++ran;
    for (let i = 0; i < 3; i++) await gate.run(1, 1000 + i, check, tooMany);
    await expect(gate.run(1, 2000, check, tooMany)).rejects.toThrow('too many');
    expect(ran).toBe(3);
    // Another user is not affected.
    await expect(gate.run(2, 2000, check, tooMany)).resolves.toBe(4);
    await expect(gate.run(1, 61_000, check, tooMany)).resolves.toBe(5);
  });
});
