import { limits, messages, oidcMessages } from '@dosechain/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  claimSessionPasswordAttempt,
  type FailedPasswordOutcome,
  recordFailedPassword,
  userLockedMessage,
} from '../auth/credentials.ts';
import { lockEndLabel, lockZoneOf, sessionLockedAt } from '../auth/lockout.ts';
import { consumeOidcGrant, SIGNATURE_TOKEN_PREFIX } from '../auth/oidc-grants.ts';
import { passwordRefusedFor } from '../auth/organisation-only.ts';
import type { Principal } from '../auth/principal.ts';
import { verifySignature } from '../auth/signature.ts';
import { createSignatureGate, SIGNATURE_GATE_WINDOW_MS } from '../auth/signature-gate.ts';
import { users } from '../db/schema.ts';
import { AppError, unauthenticated } from '../http/app-error.ts';
import type { ServiceContext } from '../http/context.ts';

/** Password checks of signatures: one at a time per user, at most ten failed a minute (this process). */
const gate = createSignatureGate();

const onSignature = (
  status: 400 | 429,
  code: 'ESIGN_FAILED' | 'RATE_LIMITED' | 'TOO_MANY_ATTEMPTS',
  message: string,
  retryAfterSeconds?: number,
) =>
  new AppError(
    status,
    code,
    message,
    [{ code, message, parameter: 'electronicSignature' }],
    retryAfterSeconds,
  );

/**
 * How a wrong signature is answered: wrong; wrong, and the next one locks; wrong, and locked now.
 * The lock's answer names its end on the user's clock and carries, as the field's `USER_LOCKED`
 * error, what the login will say (the session has ended: the app signs the user out with it).
 */
async function wrongSignature(ctx: ServiceContext, outcome: FailedPasswordOutcome | null): Promise<AppError> {
  if (outcome?.locked) {
    const zone = await lockZoneOf(ctx.db, ctx.actor.user.id);
    const until = outcome.lockedUntil ? lockEndLabel(outcome.lockedUntil, zone) : null;
    const message = messages.eSignatureLocked(until);
    return new AppError(400, 'ESIGN_FAILED', message, [
      {
        code: 'USER_LOCKED',
        message: userLockedMessage(outcome.lockedUntil, zone),
        parameter: 'electronicSignature',
      },
    ]);
  }
  return unsigned(outcome);
}

/** A signature refused without a lock: missing, wrong, the last attempt, or paced. */
function unsigned(outcome: FailedPasswordOutcome | null): AppError {
  if (outcome?.remaining === 0) return onSignature(400, 'ESIGN_FAILED', messages.eSignaturePaced);
  if (outcome?.remaining === 1) return onSignature(400, 'ESIGN_FAILED', messages.eSignatureLastAttempt);
  return onSignature(400, 'ESIGN_FAILED', messages.eSignatureFailed);
}

/**
 * A right signature ends the actor's run of wrong passwords in a session (unless that run locked
 * the account meanwhile). Failed logins are not the signer's: their count is left to the login.
 */
async function resetFailures(ctx: ServiceContext): Promise<void> {
  await ctx.db
    .update(users)
    .set({ failedSignatureCount: 0 })
    .where(
      and(
        eq(users.id, ctx.actor.user.id),
        lt(users.failedSignatureCount, sql`${limits.failedLoginsBeforeLock}`),
      ),
    );
}

/**
 * The password check of a signature not remembered from this period: the user's state is read
 * again (earlier attempts may have counted failures or locked the account while this one
 * waited), a paced account takes one attempt a minute, and a wrong password counts toward the
 * lock that ends the user's sessions (21 CFR 11.300(d)); the right one ends the run. A lock by
 * failed logins does not stop a signature in a session that is still open (decision 010).
 */
async function checkWithPassword(ctx: ServiceContext, signature: string, nowMs: number): Promise<true> {
  // Confirmed by the check this one waited for (the same signature sent many times at once).
  if (verifySignature.remembered(ctx.actor.user.passwordHash, signature, nowMs)) return true;
  const now = new Date(nowMs);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.user.id));
  // Locked by wrong signatures while this request waited: the lock ended the session.
  if (!user || sessionLockedAt(user, now)) throw unauthenticated();
  const auth = { db: ctx.db, clock: ctx.clock, config: ctx.config, log: ctx.log, metrics: ctx.metrics };
  try {
    await claimSessionPasswordAttempt(auth, user);
  } catch (err) {
    if (err instanceof AppError && err.code === 'TOO_MANY_ATTEMPTS')
      throw onSignature(429, 'TOO_MANY_ATTEMPTS', err.message, err.retryAfterSeconds);
    throw err;
  }
  if (await verifySignature(user.passwordHash, signature, nowMs)) {
    if (user.failedSignatureCount > 0) await resetFailures(ctx);
    return true;
  }
  throw await wrongSignature(ctx, await recordFailedPassword(auth, user, 'session'));
}

/** How each request's signature was given, when not by password: the audit row records it. */
const signatureMethods = new WeakMap<Principal, string>();

/** "re-authenticated at <issuer>" when the actor signed at the identity provider in this request. */
export const signatureMethodOf = (actor: Principal): string | undefined => signatureMethods.get(actor);

/**
 * A one-time signature token from a re-authentication at the identity provider (decision 056):
 * used once, by the user it was given to, within its two minutes. A refused one signs nothing;
 * refusals go through the per-user gate, so tokens cannot be guessed at speed.
 */
function checkSignatureToken(ctx: ServiceContext, token: string, nowMs: number): Promise<true> {
  return gate.run(
    ctx.actor.user.id,
    nowMs,
    async () => {
      const used = await consumeOidcGrant(
        ctx.db,
        token,
        { kind: 'signature', userId: ctx.actor.user.id },
        new Date(nowMs),
      );
      if (!used) throw onSignature(400, 'ESIGN_FAILED', oidcMessages.signatureTokenInvalid);
      signatureMethods.set(ctx.actor, oidcMessages.reauthenticatedAt(used.issuer));
      return true as const;
    },
    () => onSignature(429, 'RATE_LIMITED', messages.eSignatureRateLimited),
  );
}

/**
 * Checks the e-signature when e-signature is on: the actor's password, or a one-time token from a
 * re-authentication at the identity provider (refused passwords of users who sign in with the
 * organisation only). A password signature confirmed in
 * this period is accepted at once (decision 012); any other goes through the per-user gate to a
 * password check. Refusals name the field `electronicSignature`: 400 ESIGN_FAILED (missing, or
 * wrong — saying so on the attempt before the lock, and when it locked), 429 RATE_LIMITED (after
 * ten failed checks in a minute), 429 TOO_MANY_ATTEMPTS (an account paced instead of locked). Returns
 * whether the action was signed.
 */
export async function checkESignature(
  ctx: ServiceContext,
  signature: string | null | undefined,
): Promise<boolean> {
  if (!ctx.config.eSignature) return false;
  // An integration API key is no person and signs nothing: its changes are recorded unsigned,
  // naming the key (decision 027); whatever it sends is never checked against its creator's password.
  if (ctx.actor.apiKey) return false;
  // An empty signature guesses nothing: refused, not counted.
  if (!signature) throw unsigned(null);
  const nowMs = ctx.clock.now().getTime();
  if (signature.startsWith(SIGNATURE_TOKEN_PREFIX)) return checkSignatureToken(ctx, signature, nowMs);
  if (await passwordRefusedFor(ctx.db, ctx.actor.user, new Date(nowMs))) {
    throw onSignature(400, 'ESIGN_FAILED', oidcMessages.signWithProvider);
  }
  if (verifySignature.remembered(ctx.actor.user.passwordHash, signature, nowMs)) {
    // The right password ends a run of failures (the session read is fresh: no query otherwise).
    if (ctx.actor.user.failedSignatureCount > 0) await resetFailures(ctx);
    return true;
  }
  return gate.run(
    ctx.actor.user.id,
    nowMs,
    () => checkWithPassword(ctx, signature, nowMs),
    () => onSignature(429, 'RATE_LIMITED', messages.eSignatureRateLimited, SIGNATURE_GATE_WINDOW_MS / 1000),
  );
}
