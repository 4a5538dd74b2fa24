import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';

export const REFRESH_IDLE_MS = 30 * 60 * 1000;
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Starts a session: a new token family, valid 30 minutes unused and 12 hours at most. */
export async function issueRefreshToken(db: Executor, userId: number, now: Date): Promise<string> {
  const sessionExpiresAt = new Date(now.getTime() + SESSION_MAX_MS);
  return insertToken(db, userId, randomUUID(), now, sessionExpiresAt);
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
    tokenHash: hashToken(token),
    expiresAt: idle,
    sessionExpiresAt,
    createdAt: now,
    updatedAt: now,
  });
  return token;
}

export async function revokeFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user (password change or reset, inactivation). */
export async function revokeUserSessions(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export type RotationResult = { kind: 'rotated'; userId: number; token: string } | { kind: 'refused' };

/**
 * Exchanges a refresh token for a new one of the same family. A token that was already rotated
 * is a replay: the whole family is revoked. The rotation is one conditional UPDATE, so two
 * concurrent uses of one token cannot both succeed.
 */
export async function rotateRefreshToken(db: Executor, token: string, now: Date): Promise<RotationResult> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row || row.revokedAt) return { kind: 'refused' };
  if (row.rotatedAt) {
    await revokeFamily(db, row.familyId, now);
    return { kind: 'refused' };
  }
  if (row.expiresAt <= now || row.sessionExpiresAt <= now) return { kind: 'refused' };
  const claimed = await db
    .update(refreshTokens)
    .set({ rotatedAt: now, updatedAt: now })
    .where(
      and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
    )
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(db, row.familyId, now);
    return { kind: 'refused' };
  }
  const next = await insertToken(db, row.userId, row.familyId, now, row.sessionExpiresAt);
  return { kind: 'rotated', userId: row.userId, token: next };
}

/** Logging out revokes the session the token belongs to; an unknown token changes nothing. */
export async function revokeSessionOf(db: Executor, token: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (row) await revokeFamily(db, row.familyId, now);
}
