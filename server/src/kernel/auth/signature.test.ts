import { describe, expect, it } from 'vitest';
import { hashPassword } from './password.ts';
import { createSignatureVerifier } from './signature.ts';

/** A verifier over a fake argon2 that counts its calls. */
function counted(rememberMs = 1000, max = 100) {
  const calls: string[] = [];
  const verify = async (hash: string, password: string) => {
    calls.push(password);
    return hash === `hash-of-${password}`;
  };
  return { calls, check: createSignatureVerifier({ verify, rememberMs, max }) };
}

describe('e-signature verifier', () => {
  it('[P11-022] checks the first signing with argon2 and the next ones of the period by HMAC', async () => {
    const { calls, check } = counted();
    expect(await check('hash-of-secret', 'secret', 0)).toBe(true);
    expect(await check('hash-of-secret', 'secret', 500)).toBe(true);
    expect(await check('hash-of-secret', 'secret', 999)).toBe(true);
    expect(calls).toEqual(['secret']);
  });

  it('sends a wrong password to argon2 every time, and refuses it', async () => {
    const { calls, check } = counted();
    expect(await check('hash-of-secret', 'secret', 0)).toBe(true);
    expect(await check('hash-of-secret', 'Secret', 1)).toBe(false);
    expect(await check('hash-of-secret', 'Secret', 2)).toBe(false);
    expect(await check('hash-of-secret', '', 3)).toBe(false);
    expect(calls).toEqual(['secret', 'Secret', 'Secret', '']);
    // The confirmed signature is still remembered after the failures.
    expect(await check('hash-of-secret', 'secret', 4)).toBe(true);
    expect(calls).toHaveLength(4);
  });

  it('[P11-022] checks with argon2 again once the period is over, and after a password change', async () => {
    const { calls, check } = counted(1000);
    expect(await check('hash-of-secret', 'secret', 0)).toBe(true);
    expect(await check('hash-of-secret', 'secret', 1000)).toBe(true);
    expect(calls).toEqual(['secret', 'secret']);
    // A new password is a new hash: the old password no longer signs, the new one is checked once.
    expect(await check('hash-of-new', 'secret', 1001)).toBe(false);
    expect(await check('hash-of-new', 'new', 1002)).toBe(true);
    expect(await check('hash-of-new', 'new', 1003)).toBe(true);
    expect(calls).toEqual(['secret', 'secret', 'secret', 'new']);
  });

  it('forgets the oldest signature beyond its size', async () => {
    const { calls, check } = counted(1000, 2);
    for (const p of ['a', 'b', 'c']) expect(await check(`hash-of-${p}`, p, 0)).toBe(true);
    expect(await check('hash-of-c', 'c', 1)).toBe(true);
    expect(await check('hash-of-a', 'a', 1)).toBe(true);
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('[P11-022] checks the same signature sent several times at once with one argon2 run', async () => {
    const { calls, check } = counted();
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => check('hash-of-secret', 'secret', i)),
      check('hash-of-secret', 'wrong', 5),
      check('hash-of-secret', 'wrong', 6),
    ]);
    expect(answers).toEqual([true, true, true, true, true, false, false]);
    expect(calls).toEqual(['secret', 'wrong']);
    // Nothing is left waiting: a wrong password is checked again next time.
    expect(await check('hash-of-secret', 'wrong', 7)).toBe(false);
    expect(calls).toEqual(['secret', 'wrong', 'wrong']);
  });

  it('works with the real argon2 hashes', async () => {
    const check = createSignatureVerifier();
    const hash = await hashPassword('Demo1234');
    expect(await check(hash, 'Demo1234', 0)).toBe(true);
    expect(await check(hash, 'Demo1234', 1)).toBe(true);
    expect(await check(hash, 'demo1234', 2)).toBe(false);
  });
});
