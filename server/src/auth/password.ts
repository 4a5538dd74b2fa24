import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: 19 MiB, 2 iterations. @node-rs/argon2 hashes on the libuv pool,
// off the event loop.
// 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
