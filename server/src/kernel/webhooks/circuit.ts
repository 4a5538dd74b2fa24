import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { webhooks } from '../db/schema.ts';

/**
 * The per-endpoint circuit breaker (decision 034), kept on the webhook's row so every dispatcher
 * of every instance sees it: after `openAfter` failed attempts in a row (any of its deliveries),
 * the endpoint's deliveries are not attempted for `pauseMs`, doubled for each further failure
 * (at most `maxPauseMs`); when the pause ends, the next attempts are the probe — one success
 * closes it, one more failure pauses it again, longer. A paused delivery keeps its attempts:
 * only attempts made count towards giving it up.
 */
export interface CircuitPolicy {
  openAfter: number;
  pauseMs: number;
  maxPauseMs: number;
}

export const DEFAULT_CIRCUIT: CircuitPolicy = { openAfter: 5, pauseMs: 30_000, maxPauseMs: 10 * 60_000 };

/** How long an endpoint with this many failures in a row is paused (0: not paused). */
export function circuitPauseMs(failures: number, policy: CircuitPolicy): number {
  if (failures < policy.openAfter) return 0;
  return Math.min(policy.pauseMs * 2 ** (failures - policy.openAfter), policy.maxPauseMs);
}

/** A 2xx from the endpoint: its failures forgotten, its circuit closed (no write when it already was). */
export async function recordEndpointSuccess(db: Db, webhookId: number): Promise<void> {
  await db
    .update(webhooks)
    .set({ consecutiveFailures: 0, pausedUntil: null })
    .where(
      and(
        eq(webhooks.id, webhookId),
        or(ne(webhooks.consecutiveFailures, 0), isNotNull(webhooks.pausedUntil)),
      ),
    );
}

/**
 * A failed attempt at the endpoint: counted, and the endpoint paused when the count reaches
 * the policy's threshold. Until when it is paused now, or null.
 */
export async function recordEndpointFailure(
  db: Db,
  webhookId: number,
  now: Date,
  policy: CircuitPolicy,
): Promise<{ failures: number; pausedUntil: Date | null }> {
  const [row] = await db
    .update(webhooks)
    .set({ consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` })
    .where(eq(webhooks.id, webhookId))
    .returning({ failures: webhooks.consecutiveFailures });
  const failures = row?.failures ?? 0;
  const pauseMs = circuitPauseMs(failures, policy);
  if (pauseMs === 0) return { failures, pausedUntil: null };
  const pausedUntil = new Date(now.getTime() + pauseMs);
  await db.update(webhooks).set({ pausedUntil }).where(eq(webhooks.id, webhookId));
  return { failures, pausedUntil };
}
