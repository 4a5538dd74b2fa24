import { limits, messages, type PasswordChangeBody, type TokenPair } from '@dosechain/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../audit/record.ts';
import { signAccessToken } from '../../auth/access-token.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { fullName, type UserRow } from '../../auth/principal.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError, unauthenticated, validationFailed } from '../../http/app-error.ts';
import type { AppDeps } from '../../http/deps.ts';
import {
  issueRefreshToken,
  revokeSessionOf,
  revokeUserSessions,
  rotateRefreshToken,
} from './refresh-tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

// Verifying against a throw-away hash keeps an unknown username as slow as a wrong password.
let dummyHash: Promise<string> | undefined;
const timingDecoy = () => {
  dummyHash ??= hashPassword('Decoy-password-1');
  return dummyHash;
};

const invalidCredentials = (status = 401) =>
  new AppError(status, 'INVALID_CREDENTIALS', messages.invalidCredentials);

async function findByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.trim()})`);
  return row;
}

export function passwordExpired(user: UserRow, deps: AppDeps): boolean {
  const maxAgeDays = deps.config.passwordMaxAgeDays;
  if (maxAgeDays === 0) return false;
  return deps.clock.now().getTime() - user.passwordChangedAt.getTime() > maxAgeDays * DAY_MS;
}

/**
 * Counts a failed password. The fifth consecutive failure locks the account in the same
 * statement, and that lock is written to the audit trail and the security log once.
 */
async function recordFailure(deps: AppDeps, user: UserRow, log: FastifyBaseLogger): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        failedLoginCount: sql`${users.failedLoginCount} + 1`,
        lockedOut: sql`${users.failedLoginCount} + 1 >= ${limits.failedLoginsBeforeLock}`,
        updatedAt: deps.clock.now(),
      })
      .where(eq(users.id, user.id))
      .returning({ failedLoginCount: users.failedLoginCount, lockedOut: users.lockedOut });
    if (row?.failedLoginCount !== limits.failedLoginsBeforeLock) return;
    await recordAudit(
      tx,
      { userId: user.id, username: user.username, fullName: fullName(user), roleType: null },
      {
        entityType: 'users',
        entityId: user.id,
        eventType: 'update',
        before: { lockedOut: false },
        after: { lockedOut: true },
        reason: `Locked after ${limits.failedLoginsBeforeLock} failed logins`,
      },
    );
    log.warn({ event: 'user.locked', userId: user.id }, 'account locked after consecutive failed logins');
  });
}

/**
 * Checks a username and password and the account state, in the order the contract gives:
 * wrong credentials, locked, inactive, expired. Returns the user when they may log in.
 */
async function authenticatePassword(
  deps: AppDeps,
  username: string,
  password: string,
  log: FastifyBaseLogger,
  failureStatus = 401,
): Promise<UserRow> {
  const user = await findByUsername(deps.db, username);
  if (!user) {
    await verifyPassword(await timingDecoy(), password);
    throw invalidCredentials(failureStatus);
  }
  const ok = await verifyPassword(user.passwordHash, password);
  if (!ok) {
    // A locked account is not counted further; it stays locked until an admin unlocks it.
    if (!user.lockedOut) await recordFailure(deps, user, log);
    throw invalidCredentials(failureStatus);
  }
  if (user.lockedOut) throw new AppError(401, 'USER_LOCKED', messages.userLocked);
  if (!user.active) throw new AppError(401, 'USER_INACTIVE', messages.userInactive);
  return user;
}

async function startSession(deps: AppDeps, userId: number): Promise<TokenPair> {
  const now = deps.clock.now();
  return {
    accessToken: await signAccessToken(userId, deps.config.jwtSecret, deps.clock),
    refreshToken: await issueRefreshToken(deps.db, userId, now),
  };
}

export async function login(
  deps: AppDeps,
  body: { username: string; password: string },
  log: FastifyBaseLogger,
): Promise<{ user: UserRow; tokens: TokenPair }> {
  const user = await authenticatePassword(deps, body.username, body.password, log);
  if (passwordExpired(user, deps)) throw new AppError(401, 'PASSWORD_EXPIRED', messages.passwordExpired);
  if (user.failedLoginCount > 0) {
    await deps.db.update(users).set({ failedLoginCount: 0 }).where(eq(users.id, user.id));
  }
  return { user, tokens: await startSession(deps, user.id) };
}

export async function refresh(deps: AppDeps, refreshToken: string): Promise<TokenPair> {
  const now = deps.clock.now();
  const result = await deps.db.transaction((tx) => rotateRefreshToken(tx, refreshToken, now));
  if (result.kind === 'refused') throw unauthenticated(messages.invalidRefreshToken);
  const [user] = await deps.db.select().from(users).where(eq(users.id, result.userId));
  if (!user?.active || user.lockedOut) throw unauthenticated(messages.invalidRefreshToken);
  return {
    accessToken: await signAccessToken(user.id, deps.config.jwtSecret, deps.clock),
    refreshToken: result.token,
  };
}

export async function logout(deps: AppDeps, refreshToken: string): Promise<void> {
  await revokeSessionOf(deps.db, refreshToken, deps.clock.now());
}

/**
 * `PUT /users/password-change`. The username form serves the expired-password screen; the
 * token form (password recovery) arrives with the recovery feature.
 */
export async function changePassword(
  deps: AppDeps,
  body: PasswordChangeBody,
  log: FastifyBaseLogger,
): Promise<void> {
  if ('token' in body) {
    throw validationFailed([{ parameter: 'token', message: 'The recovery link is invalid or has expired' }]);
  }
  const user = await authenticatePassword(deps, body.username, body.currentPassword, log, 400);
  if (body.password === body.currentPassword) {
    throw validationFailed([
      {
        parameter: 'password',
        message: 'The new password must differ from the current one',
        code: 'same_password',
      },
    ]);
  }
  const passwordHash = await hashPassword(body.password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, failedLoginCount: 0, updatedAt: now })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, now);
    await recordAudit(
      tx,
      { userId: user.id, username: user.username, fullName: fullName(user), roleType: null },
      {
        entityType: 'users',
        entityId: user.id,
        eventType: 'update',
        before: { password: '[set]' },
        after: { password: '[changed]' },
        reason: 'Password changed',
      },
    );
  });
}
