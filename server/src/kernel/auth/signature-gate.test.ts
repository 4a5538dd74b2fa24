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

  it('refuses a user past its failed checks a minute, at once, and lets it in again a minute later', async () => {
    const gate = createSignatureGate({ perMinute: 3 });
    let ran = 0;
    const wrong = async () => {
      ran++;
      throw new Error('wrong');
    };
    const right = async () => ++ran;
    // Right checks do not count: a burst of the same signature is not a guess.
    for (let i = 0; i < 5; i++) await gate.run(1, 1000 + i, right, tooMany);
    for (let i = 0; i < 3; i++) await expect(gate.run(1, 1010 + i, wrong, tooMany)).rejects.toThrow('wrong');
    await expect(gate.run(1, 2000, right, tooMany)).rejects.toThrow('too many');
    expect(ran).toBe(8);
    // Another user is not affected.
    await expect(gate.run(2, 2000, right, tooMany)).resolves.toBe(9);
    await expect(gate.run(1, 61_100, right, tooMany)).resolves.toBe(10);
  });
});
