import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { announceSessionsEnded } from '../db/notifications.ts';
import { refreshTokens } from '../db/schema.ts';

/** A refresh token unused this long is dead. */
export const REFRESH_IDLE_MS = 30 * 60 * 1000;
/** However it is used, a session ends this long after login. */
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;

/** Only the SHA-256 of a token is stored; the token itself has 256 random bits. */
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Starts a session: a new token family, valid 30 minutes unused and 12 hours at most. Its id is
 * the session id access tokens carry: revoking the family ends them too.
 */
export async function issueRefreshToken(
  db: Executor,
  userId: number,
  now: Date,
): Promise<{ token: string; sessionId: string }> {
  const sessionExpiresAt = new Date(now.getTime() + SESSION_MAX_MS);
  const sessionId = randomUUID();
  return { token: await insertToken(db, userId, sessionId, now, sessionExpiresAt), sessionId };
}

async function insertToken(
  db: Executor,
  userId: number,
  familyId: string,
  now: Date,
  sessionExpiresAt: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const idle = new Date(Math.min(now.getTime() + REFRESH_IDLE_MS, sessionExpiresAt.getTime()));
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashRefreshToken(token),
    expiresAt: idle,
    sessionExpiresAt,
    createdAt: now,
    updatedAt: now,
  });
  return token;
}

const stamp = (now: Date | undefined): Date | SQL => now ?? sql`now()`;

/**
 * Revokes every live token of one session (login), and tells every instance (live event
 * streams of the session end).
 */
export async function revokeFamily(db: Executor, familyId: string, now?: Date): Promise<void> {
  const [revoked] = await db
    .update(refreshTokens)
    .set({ revokedAt: stamp(now), updatedAt: stamp(now) })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId });
  if (revoked) await announceSessionsEnded(db, revoked.userId);
}

/**
 * Ends every session of a user: a password change or reset, inactivation. Call it inside the
 * transaction that makes the change; `now` defaults to the database's clock.
 */
export async function revokeUserSessions(db: Executor, userId: number, now?: Date): Promise<void> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: stamp(now), updatedAt: stamp(now) })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (revoked.length > 0) await announceSessionsEnded(db, userId);
}

export type RotationResult =
  | { kind: 'rotated'; userId: number; familyId: string; token: string }
  | { kind: 'refused'; reason: 'unknown' | 'revoked' | 'expired' | 'reused' };

/**
 * Exchanges a refresh token for a new one of the same family. The claim is one conditional
 * UPDATE (not rotated, not revoked, not expired), so of two concurrent uses of one token at
 * most one succeeds. A token that was already rotated is a replay: its whole family is revoked.
 * Run it in a transaction so the claim and the new token commit together.
 */
export async function rotateRefreshToken(db: Executor, token: string, now: Date): Promise<RotationResult> {
  const tokenHash = hashRefreshToken(token);
  const [claimed] = await db
    .update(refreshTokens)
    .set({ rotatedAt: now, updatedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
        gt(refreshTokens.sessionExpiresAt, now),
      ),
    )
    .returning({
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      sessionExpiresAt: refreshTokens.sessionExpiresAt,
    });
  if (claimed) {
    const next = await insertToken(db, claimed.userId, claimed.familyId, now, claimed.sessionExpiresAt);
    return { kind: 'rotated', userId: claimed.userId, familyId: claimed.familyId, token: next };
  }
  const [row] = await db
    .select({
      familyId: refreshTokens.familyId,
      rotatedAt: refreshTokens.rotatedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!row) return { kind: 'refused', reason: 'unknown' };
  if (row.revokedAt) return { kind: 'refused', reason: 'revoked' };
  if (row.rotatedAt) {
    await revokeFamily(db, row.familyId, now);
    return { kind: 'refused', reason: 'reused' };
  }
  return { kind: 'refused', reason: 'expired' };
}

/** Logging out revokes the session the token belongs to; an unknown token changes nothing. */
export async function revokeSessionOf(db: Executor, token: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  if (row) await revokeFamily(db, row.familyId, now);
}
