import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: 19 MiB, 2 iterations. @node-rs/argon2 hashes on the libuv pool,
// off the event loop.
// 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * At most this many argon2 runs at once, one core short of the machine, so a burst of logins
 * or signatures leaves a core to the event loop (and every other route); the rest queue.
 */
export const ARGON2_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);

let running = 0;
/** Resolvers of the runs waiting for a slot, first come first served. */
const waiting: (() => void)[] = [];

export async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ARGON2_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter, or free it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, options));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
