import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { webhookDeliveries } from '../db/schema.ts';

export type ClaimedDelivery = typeof webhookDeliveries.$inferSelect;

export interface ClaimRequest {
  now: Date;
  /** At most this many deliveries (the dispatcher's free slots). */
  limit: number;
  /** At most this many at once per webhook, counting `sending`. */
  perWebhook: number;
  /** This dispatcher's deliveries in flight, by webhook id. */
  sending: ReadonlyMap<number, number>;
  /** Claimed deliveries are not due again until this lease ends. */
  leaseMs: number;
}

/** How many due deliveries one claim looks at, oldest first, before it picks per webhook. */
const SCAN = 200;

export interface Claim {
  deliveries: ClaimedDelivery[];
  /** Some picked rows were taken by another dispatcher meanwhile: others may be due (claim again). */
  contended: boolean;
}

/**
 * Leases due deliveries for one dispatcher (decision 034). First it picks, without locking:
 * webhooks whose circuit is open (`paused_until`) and webhooks this dispatcher already sends
 * `perWebhook` deliveries to are left out before the oldest rows are looked at (so an endpoint
 * with a long backlog cannot fill the claim), then at most the remaining room per webhook. Then
 * it leases those picked that are still due and that no other dispatcher holds (`FOR UPDATE SKIP
 * LOCKED`, re-checked on the row: no delivery is sent by two at once): their attempt counted,
 * not due again until the lease ends (when another dispatcher retries it if this one died).
 * Locking only the picked rows lets dispatchers claiming at once each get their own. A disabled
 * webhook's deliveries are claimed whatever its circuit, to be failed.
 */
export async function claimDueDeliveries(db: Db, request: ClaimRequest): Promise<Claim> {
  const { now, limit, perWebhook, sending, leaseMs } = request;
  if (limit <= 0) return { deliveries: [], contended: false };
  const at = now.toISOString();
  const sendingJson = JSON.stringify(Object.fromEntries(sending));
  const picked = await db.execute<{ id: number }>(sql`
    with sending as (
      select key::int as webhook_id, value::int as count from jsonb_each_text(${sendingJson}::jsonb)
    ),
    candidates as (
      select d.id, d.webhook_id, d.next_attempt_at
      from webhook_deliveries d
      join webhooks w on w.id = d.webhook_id
      where d.status = 'pending'
        and d.next_attempt_at <= ${at}::timestamptz
        and (w.paused_until is null or w.paused_until <= ${at}::timestamptz or w.disabled_at is not null)
        and d.webhook_id not in (select webhook_id from sending where count >= ${perWebhook})
      order by d.next_attempt_at, d.id
      limit ${SCAN}
    ),
    ranked as (
      select c.id, c.next_attempt_at,
        row_number() over (partition by c.webhook_id order by c.next_attempt_at, c.id) as rank,
        ${perWebhook} - coalesce(s.count, 0) as room
      from candidates c
      left join sending s on s.webhook_id = c.webhook_id
    )
    select id from ranked where rank <= room order by next_attempt_at, id limit ${limit}`);
  const ids = (picked as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
  if (ids.length === 0) return { deliveries: [], contended: false };
  const free = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.id, ids),
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, now),
      ),
    )
    .for('update', { skipLocked: true });
  const rows = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
      updatedAt: now,
    })
    .where(inArray(webhookDeliveries.id, free))
    .returning();
  return { deliveries: rows.sort((a, b) => a.id - b.id), contended: rows.length < ids.length };
}
