import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from './password.ts';

/** How long a confirmed signature is remembered: a continuous working period (docs/decisions/012). */
export const SIGNATURE_REMEMBER_MS = 10 * 60_000;
const REMEMBERED_MAX = 10_000;

/** Whether `password` is the password of `passwordHash`, as argon2 says; `now` in ms. */
export type SignatureVerifier = ((
  passwordHash: string,
  password: string,
  now: number,
) => Promise<boolean>) & {
  /**
   * Whether this signature matches one confirmed in the current period, without argon2: true
   * means the verifier would accept it at once. A guess is never remembered.
   */
  remembered(passwordHash: string, password: string, now: number): boolean;
};

/**
 * An e-signature check that remembers a confirmed signature for a while (21 CFR 11.200(a)(1):
 * a series of signings in one continuous period). Every signing still needs the password: the
 * first one in a period is checked with argon2; a later one by comparing an HMAC-SHA256 of
 * (password hash, password) under a key that lives only in this process's memory with the one
 * remembered for that password hash, in constant time. A different password always goes to
 * argon2, so nothing is accepted that argon2 would refuse; a new password (a new hash, new salt)
 * starts a new period. Entries expire after `rememberMs`, counted from the argon2 check, and
 * the oldest leave first beyond `max`. The same signature arriving several times at once (a
 * burst of orders) waits for one argon2 check.
 */
export function createSignatureVerifier(
  options: {
    verify?: (passwordHash: string, password: string) => Promise<boolean>;
    rememberMs?: number;
    max?: number;
  } = {},
): SignatureVerifier {
  const verify = options.verify ?? verifyPassword;
  const rememberMs = options.rememberMs ?? SIGNATURE_REMEMBER_MS;
  const max = options.max ?? REMEMBERED_MAX;
  const key = randomBytes(32);
  const remembered = new Map<string, { digest: Buffer; expiresAt: number }>();
  const digestOf = (passwordHash: string, password: string) =>
    createHmac('sha256', key).update(passwordHash).update('\0').update(password).digest();

  /** argon2 checks under way, by hash and HMAC: the same signature sent at once is checked once. */
  const checking = new Map<string, Promise<boolean>>();

  const check = async (passwordHash: string, password: string, digest: Buffer, now: number) => {
    if (!(await verify(passwordHash, password))) return false;
    remembered.delete(passwordHash);
    if (remembered.size >= max) remembered.delete(remembered.keys().next().value as string);
    remembered.set(passwordHash, { digest, expiresAt: now + rememberMs });
    return true;
  };

  const matches = (passwordHash: string, digest: Buffer, now: number) => {
    const known = remembered.get(passwordHash);
    return known !== undefined && now < known.expiresAt && timingSafeEqual(known.digest, digest);
  };

  const verifier = (passwordHash: string, password: string, now: number) => {
    const digest = digestOf(passwordHash, password);
    if (matches(passwordHash, digest, now)) return Promise.resolve(true);
    const key = `${passwordHash}\0${digest.toString('base64')}`;
    let running = checking.get(key);
    if (!running) {
      running = check(passwordHash, password, digest, now).finally(() => checking.delete(key));
      checking.set(key, running);
    }
    return running;
  };
  verifier.remembered = (passwordHash: string, password: string, now: number) =>
    matches(passwordHash, digestOf(passwordHash, password), now);
  return verifier;
}

/** The server's verifier, shared by every e-signed change. */
export const verifySignature = createSignatureVerifier();
