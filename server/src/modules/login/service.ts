import { limits, messages, oidcMessages, type PasswordChangeBody, type TokenPair } from '@dosechain/contract';
import { and, eq, not, sql } from 'drizzle-orm';
import { signAccessToken } from '../../kernel/auth/access-token.ts';
import {
  type AuthContext,
  type FailedPasswordOutcome,
  recordFailedPassword,
  replacePassword,
  tooManyAttempts,
  userLockedMessage,
} from '../../kernel/auth/credentials.ts';
import {
  isLockedAt,
  lockEndFrom,
  lockedAtSql,
  lockZoneOf,
  sessionLockedAt,
} from '../../kernel/auth/lockout.ts';
import {
  claimLoginAttempt,
  countUnknownNameFailure,
  forgetLoginFailure,
  type LoginAttempt,
  recordLoginFailure,
  unknownNameLock,
} from '../../kernel/auth/login-pacing.ts';
import { passwordRefusedFor } from '../../kernel/auth/organisation-only.ts';
import { hashPassword, verifyPassword } from '../../kernel/auth/password.ts';
import type { UserRow } from '../../kernel/auth/principal.ts';
import {
  issueRefreshToken,
  revokeFamily,
  revokeSessionOf,
  rotateRefreshToken,
} from '../../kernel/auth/refresh-tokens.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { AppConfig } from '../../kernel/config.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { users } from '../../kernel/db/schema.ts';
import { AppError, unauthenticated } from '../../kernel/http/app-error.ts';

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
const userLocked = (lockedUntil: Date | null, zone: string) =>
  new AppError(401, 'USER_LOCKED', userLockedMessage(lockedUntil, zone));
const userInactive = () => new AppError(401, 'USER_INACTIVE', messages.userInactive);
const sessionInvalid = () => unauthenticated(messages.invalidRefreshToken);

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
 * Checks a username and password, then the account state (docs/decisions/040-lock-notices.md):
 * - A locked account answers USER_LOCKED with its end on the user's clock, whatever the password
 *   (it is not checked: a lock stops guessing); so does a name that is no account once it has
 *   failed as often as would lock a real one (`unknownNameLock`).
 * - Otherwise an address paced for this name (docs/decisions/010) answers TOO_MANY_ATTEMPTS within
 *   a minute of its last attempt, unchecked, whether the name exists or not.
 * - A wrong password (an unknown name answers the same, counted per name alike) is
 *   INVALID_CREDENTIALS, saying so on the attempt before the lock, and USER_LOCKED on the one that
 *   locks.
 * - The right password ends the runs of failures (this address's and the account's), then
 *   inactive. Returns the user when it is right and the account usable.
 */
async function checkCredentials(
  ctx: AuthContext,
  username: string,
  password: string,
  failureStatus: 400 | 401,
): Promise<UserRow> {
  const now = ctx.clock.now();
  const attempt: LoginAttempt = { username, source: ctx.source ?? '' };
  const user = await findByUsername(ctx.db, username);
  if (user && isLockedAt(user, now)) throw userLocked(user.lockedUntil, await lockZoneOf(ctx.db, user.id));
  if (!user) {
    const lock = await unknownNameLock(ctx.db, username, now, ctx.config.lockoutMinutes);
    if (lock) throw userLocked(lock.until, 'UTC');
  }
  // The last user manager, whose lock was refused: every address that failed for it waits.
  const accountPaced =
    user !== undefined && !user.lockedOut && user.failedLoginCount >= limits.failedLoginsBeforeLock;
  if (!(await claimLoginAttempt(ctx.db, attempt, now, accountPaced))) throw tooManyAttempts();
  if (!user) {
    await verifyPassword(await timingDecoy(), password);
    await recordLoginFailure(ctx.db, attempt, now);
    const count = await countUnknownNameFailure(ctx.db, username, now);
    const limit = limits.failedLoginsBeforeLock;
    const locked = count >= limit;
    throw wrongLogin(
      ctx,
      failureStatus,
      {
        locked,
        lockedUntil: locked ? lockEndFrom(now, ctx.config.lockoutMinutes) : null,
        remaining: limit - count,
      },
      'UTC',
    );
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordLoginFailure(ctx.db, attempt, now);
    const outcome = await recordFailedPassword(ctx, user, 'login');
    throw wrongLogin(ctx, failureStatus, outcome, outcome.locked ? await lockZoneOf(ctx.db, user.id) : 'UTC');
  }
  await forgetLoginFailure(ctx.db, attempt);
  // The right password ends a run of failures, also when it has expired: the expired-password
  // screen that follows must not be paced by the attempts before it.
  if (user.failedLoginCount > 0 || user.failedSignatureCount > 0) {
    await ctx.db
      .update(users)
      .set({ failedLoginCount: 0, failedSignatureCount: 0 })
      .where(eq(users.id, user.id));
  }
  if (!user.active) throw userInactive();
  // Said only to whoever knows the password: it tells where to sign in instead.
  if (await passwordRefusedFor(ctx.db, user, now)) {
    throw new AppError(failureStatus, 'ORGANISATION_ONLY', oidcMessages.organisationOnly);
  }
  return user;
}

/**
 * How a wrong password at a login is answered: locked now (its end on `zone`'s clock), the last
 * attempt before the lock, or plainly wrong. A name that is no account gets the same answers.
 */
function wrongLogin(
  ctx: AuthContext,
  status: 400 | 401,
  outcome: FailedPasswordOutcome,
  zone: string,
): AppError {
  if (outcome.locked) return userLocked(outcome.lockedUntil, zone);
  if (outcome.remaining === 1)
    return new AppError(
      status,
      'INVALID_CREDENTIALS',
      messages.invalidCredentialsLastAttempt(ctx.config.lockoutMinutes),
    );
  return invalidCredentials(status);
}

const accessTokenFor = (ctx: AuthContext, userId: number, sessionId: string) =>
  signAccessToken({ userId, sessionId }, ctx.config.jwtSecret, ctx.clock);

/**
 * `POST /auth/login`: the outcomes in order are TOO_MANY_ATTEMPTS (a paced address),
 * INVALID_CREDENTIALS, USER_LOCKED, USER_INACTIVE, PASSWORD_EXPIRED; on success the failure count
 * and any ended lock are cleared and a new session starts.
 */
export async function login(
  ctx: AuthContext,
  body: { username: string; password: string },
): Promise<{ user: UserRow; tokens: TokenPair }> {
  const user = await checkCredentials(ctx, body.username, body.password, 401);
  if (passwordExpired(user, ctx.config, ctx.clock)) {
    throw new AppError(401, 'PASSWORD_EXPIRED', messages.passwordExpired);
  }
  return { user, tokens: await startSession(ctx, user) };
}

/**
 * Starts a session for a user whose credentials were checked (a password, or a sign-in with the
 * organisation's identity provider): the failure counts and any ended lock are cleared.
 */
export async function startSession(ctx: AuthContext, user: UserRow): Promise<TokenPair> {
  const now = ctx.clock.now();
  const session = await ctx.db.transaction(async (tx) => {
    // Conditional, so a lock or inactivation that landed since the check still wins; a lock
    // that has ended is cleared.
    const [ok] = await tx
      .update(users)
      .set({ failedLoginCount: 0, failedSignatureCount: 0, lockedOut: false, lockedUntil: null })
      .where(and(eq(users.id, user.id), not(lockedAtSql(now)), eq(users.active, true)))
      .returning({ id: users.id });
    if (!ok) return null;
    return issueRefreshToken(tx, user.id, now);
  });
  if (!session) {
    // Locked or inactivated between the check and now (e.g. by concurrent failures).
    const [state] = await ctx.db
      .select({ active: users.active, lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.id, user.id));
    if (!state?.active) throw userInactive();
    throw userLocked(state.lockedUntil, await lockZoneOf(ctx.db, user.id));
  }
  const accessToken = await accessTokenFor(ctx, user.id, session.sessionId);
  return { accessToken, refreshToken: session.token };
}

/**
 * `POST /auth/refresh`: rotates the refresh token. Unknown, expired, revoked and replayed tokens
 * are refused; so is a token of a user who was since inactivated or whose wrong passwords in a
 * session locked the account (and that session is revoked). A lock by failed logins leaves it going. A session whose password expired while in use ends with PASSWORD_EXPIRED,
 * so the person is taken to the expired-password screen instead of working on for up to 12 hours.
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
        lockedUntil: users.lockedUntil,
        failedSignatureCount: users.failedSignatureCount,
        passwordChangedAt: users.passwordChangedAt,
      })
      .from(users)
      .where(eq(users.id, rotation.userId));
    const expired = user !== undefined && passwordExpired(user, ctx.config, ctx.clock);
    if (user?.active && !sessionLockedAt(user, now) && !expired) return rotation;
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
