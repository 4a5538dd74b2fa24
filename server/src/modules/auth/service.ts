import { limits, messages, type PasswordChangeBody, type TokenPair } from '@dosechain/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type AuditActor, recordAudit } from '../../audit/record.ts';
import { signAccessToken } from '../../auth/access-token.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { fullName, type UserRow } from '../../auth/principal.ts';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError, unauthenticated, validationFailed } from '../../http/app-error.ts';
import {
  issueRefreshToken,
  revokeFamily,
  revokeSessionOf,
  revokeUserSessions,
  rotateRefreshToken,
} from './refresh-tokens.ts';

/** What the session services work with; no actor, since nobody is logged in yet. */
export interface AuthContext {
  db: Db;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
}

const DAY_MS = 24 * 60 * 60 * 1000;

// Verifying against a throw-away hash keeps an unknown username as slow as a wrong password.
let decoyHash: Promise<string> | undefined;
/** The decoy hash; routes warm it at start-up so even the first unknown username is not slower. */
export const timingDecoy = () => {
  decoyHash ??= hashPassword('Decoy-password-1');
  return decoyHash;
};

const invalidCredentials = (status: 400 | 401) =>
  new AppError(status, 'INVALID_CREDENTIALS', messages.invalidCredentials);
const userLocked = () => new AppError(401, 'USER_LOCKED', messages.userLocked);
const userInactive = () => new AppError(401, 'USER_INACTIVE', messages.userInactive);
const sessionInvalid = () => unauthenticated(messages.invalidRefreshToken);

/** The user an account event is about acts for themselves: no role yet. */
export const selfActor = (user: UserRow): AuditActor => ({
  userId: user.id,
  username: user.username,
  fullName: fullName(user),
  roleType: null,
});

/** Usernames match ignoring case and surrounding spaces, as the unique index does. */
async function findByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.trim()})`);
  return row;
}

/** True when the password is older than PASSWORD_MAX_AGE_DAYS (0: passwords never expire). */
export function passwordExpired(user: Pick<UserRow, 'passwordChangedAt'>, config: AppConfig, clock: Clock) {
  if (config.passwordMaxAgeDays === 0) return false;
  return clock.now().getTime() - user.passwordChangedAt.getTime() > config.passwordMaxAgeDays * DAY_MS;
}

/**
 * Counts a failed password in one atomic UPDATE, so concurrent failures all count. A locked
 * account is not counted further. The failure that reaches the limit locks the account in the
 * same statement, and that lock (and only it) is written to the audit trail and the security log.
 */
async function recordFailure(ctx: AuthContext, user: UserRow): Promise<void> {
  const lockAt = limits.failedLoginsBeforeLock;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        failedLoginCount: sql`${users.failedLoginCount} + 1`,
        lockedOut: sql`${users.failedLoginCount} + 1 >= ${lockAt}`,
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(users.id, user.id), eq(users.lockedOut, false)))
      .returning({ lockedOut: users.lockedOut });
    if (!row?.lockedOut) return;
    await recordAudit(tx, selfActor(user), {
      entityType: 'users',
      entityId: user.id,
      eventType: 'update',
      before: { lockedOut: false },
      after: { lockedOut: true },
      reason: `Locked after ${lockAt} failed logins`,
    });
    ctx.log.warn({ event: 'user.locked', userId: user.id }, 'account locked after consecutive failed logins');
  });
}

/**
 * Checks a username and password, then the account state: wrong credentials (an unknown user
 * answers the same), locked, inactive. A locked account is only named to someone who knows the
 * password. Returns the user when the password is right and the account usable.
 */
async function checkCredentials(
  ctx: AuthContext,
  username: string,
  password: string,
  failureStatus: 400 | 401,
): Promise<UserRow> {
  const user = await findByUsername(ctx.db, username);
  if (!user) {
    await verifyPassword(await timingDecoy(), password);
    throw invalidCredentials(failureStatus);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    if (!user.lockedOut) await recordFailure(ctx, user);
    throw invalidCredentials(failureStatus);
  }
  if (user.lockedOut) throw userLocked();
  if (!user.active) throw userInactive();
  return user;
}

const accessTokenFor = (ctx: AuthContext, userId: number, sessionId: string) =>
  signAccessToken({ userId, sessionId }, ctx.config.jwtSecret, ctx.clock);

/**
 * `POST /auth/login`: the outcomes in order are INVALID_CREDENTIALS, USER_LOCKED, USER_INACTIVE,
 * PASSWORD_EXPIRED; on success the failure count is reset and a new session starts.
 */
export async function login(
  ctx: AuthContext,
  body: { username: string; password: string },
): Promise<{ user: UserRow; tokens: TokenPair }> {
  const user = await checkCredentials(ctx, body.username, body.password, 401);
  if (passwordExpired(user, ctx.config, ctx.clock)) {
    throw new AppError(401, 'PASSWORD_EXPIRED', messages.passwordExpired);
  }
  const now = ctx.clock.now();
  const session = await ctx.db.transaction(async (tx) => {
    // Conditional, so a lock or inactivation that landed since the check still wins.
    const [ok] = await tx
      .update(users)
      .set({ failedLoginCount: 0 })
      .where(and(eq(users.id, user.id), eq(users.lockedOut, false), eq(users.active, true)))
      .returning({ id: users.id });
    if (!ok) return null;
    return issueRefreshToken(tx, user.id, now);
  });
  if (!session) {
    // Locked or inactivated between the check and now (e.g. by concurrent failures).
    const [state] = await ctx.db.select({ active: users.active }).from(users).where(eq(users.id, user.id));
    throw state?.active ? userLocked() : userInactive();
  }
  const accessToken = await accessTokenFor(ctx, user.id, session.sessionId);
  return { user, tokens: { accessToken, refreshToken: session.token } };
}

/**
 * `POST /auth/refresh`: rotates the refresh token. Unknown, expired, revoked and replayed tokens
 * are refused; so is a token of a user who was since inactivated or locked (and that session
 * is revoked). A session whose password expired while in use ends with PASSWORD_EXPIRED, so the
 * person is taken to the expired-password screen instead of working on for up to 12 hours.
 */
export async function refresh(ctx: AuthContext, refreshToken: string): Promise<TokenPair> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const rotation = await rotateRefreshToken(tx, refreshToken, now);
    if (rotation.kind !== 'rotated') return rotation;
    const [user] = await tx
      .select({
        active: users.active,
        lockedOut: users.lockedOut,
        passwordChangedAt: users.passwordChangedAt,
      })
      .from(users)
      .where(eq(users.id, rotation.userId));
    const expired = user !== undefined && passwordExpired(user, ctx.config, ctx.clock);
    if (user?.active && !user.lockedOut && !expired) return rotation;
    await revokeFamily(tx, rotation.familyId, now);
    return { kind: 'refused' as const, reason: expired ? ('password-expired' as const) : ('user' as const) };
  });
  if (result.kind !== 'rotated') {
    if (result.reason === 'password-expired') {
      throw new AppError(401, 'PASSWORD_EXPIRED', messages.passwordExpired);
    }
    if (result.reason === 'reused') {
      ctx.log.warn({ event: 'refresh_token.reused' }, 'a rotated refresh token was presented again');
    }
    throw sessionInvalid();
  }
  const accessToken = await accessTokenFor(ctx, result.userId, result.familyId);
  return { accessToken, refreshToken: result.token };
}

/** `POST /auth/logout`: revokes the token's session; an unknown token is not an error. */
export async function logout(ctx: AuthContext, refreshToken: string): Promise<void> {
  await revokeSessionOf(ctx.db, refreshToken, ctx.clock.now());
}

/**
 * `PUT /users/password-change`. The username form serves the expired-password screen: the
 * current password is checked like a login (failures count towards the lock) but answers
 * 400 INVALID_CREDENTIALS. (The token form is password recovery's `resetPasswordWithToken`.)
 */
export async function changePassword(
  ctx: AuthContext,
  body: Extract<PasswordChangeBody, { username: string }>,
): Promise<void> {
  const user = await checkCredentials(ctx, body.username, body.currentPassword, 400);
  await replacePassword(ctx, user, body.currentPassword, body.password);
}

/**
 * Sets a user's new password after their current one was checked: it must differ, every
 * session ends, and the trail records that it changed (never the hash).
 */
async function replacePassword(ctx: AuthContext, user: UserRow, currentPassword: string, password: string) {
  if (password === currentPassword) {
    throw validationFailed([
      { parameter: 'password', message: messages.passwordMustDiffer, code: 'same_password' },
    ]);
  }
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, failedLoginCount: 0, updatedAt: now })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, now);
    await recordAudit(tx, selfActor(user), {
      entityType: 'users',
      entityId: user.id,
      eventType: 'update',
      changeset: { password: ['[changed]', '[changed]'] },
      reason: 'Password changed',
    });
  });
}

/**
 * `PUT /users/me/password`: a logged-in user changes their own password. A wrong current
 * password is 400 INVALID_CREDENTIALS and counts towards the lock like a failed login.
 */
export async function changeOwnPassword(
  ctx: AuthContext,
  user: UserRow,
  body: { currentPassword: string; password: string },
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    await recordFailure(ctx, user);
    throw invalidCredentials(400);
  }
  await replacePassword(ctx, user, body.currentPassword, body.password);
}
