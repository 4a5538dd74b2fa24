import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { oidcGrants } from '../db/schema.ts';

/** A signature token says what it is, so the e-signature check knows it is no password. */
export const SIGNATURE_TOKEN_PREFIX = 'oidc-signature.';
/** How long the page has to use a re-authentication (decision 056). */
export const SIGNATURE_TOKEN_TTL_MS = 2 * 60_000;
/** How long the sign-in callback's hand-off to the page lives. */
export const LOGIN_HANDOFF_TTL_MS = 60_000;

export type OidcGrantKind = 'login' | 'signature';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Issues a one-time grant of `kind` for the user: 256 random bits, only its hash stored. */
export async function issueOidcGrant(
  db: Executor,
  grant: { kind: OidcGrantKind; userId: number; issuer: string },
  now: Date,
): Promise<string> {
  const ttl = grant.kind === 'signature' ? SIGNATURE_TOKEN_TTL_MS : LOGIN_HANDOFF_TTL_MS;
  const secret = randomBytes(32).toString('base64url');
  const token = grant.kind === 'signature' ? `${SIGNATURE_TOKEN_PREFIX}${secret}` : secret;
  // Expired grants are of no use to anyone: each issue clears them.
  await db.delete(oidcGrants).where(lt(oidcGrants.expiresAt, now));
  await db.insert(oidcGrants).values({
    tokenHash: hashOf(token),
    kind: grant.kind,
    userId: grant.userId,
    issuer: grant.issuer,
    expiresAt: new Date(now.getTime() + ttl),
    createdAt: now,
  });
  return token;
}

/**
 * Uses a grant once: it must be of `kind`, unused, unexpired and, when `userId` is given, that
 * user's. One conditional UPDATE, so two requests with the same token cannot both succeed.
 * Returns the user and issuer, or null.
 */
export async function consumeOidcGrant(
  db: Executor,
  token: string,
  expected: { kind: OidcGrantKind; userId?: number },
  now: Date,
): Promise<{ userId: number; issuer: string } | null> {
  const conditions = [
    eq(oidcGrants.tokenHash, hashOf(token)),
    eq(oidcGrants.kind, expected.kind),
    isNull(oidcGrants.usedAt),
    gt(oidcGrants.expiresAt, now),
  ];
  if (expected.userId !== undefined) conditions.push(eq(oidcGrants.userId, expected.userId));
  const [used] = await db
    .update(oidcGrants)
    .set({ usedAt: now })
    .where(and(...conditions))
    .returning({ userId: oidcGrants.userId, issuer: oidcGrants.issuer });
  return used ?? null;
}
