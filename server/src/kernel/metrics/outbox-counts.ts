import { and, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox, webhookDeliveries, webhooks } from '../db/schema.ts';

/** Pending and failed outbox rows, in one query (sent rows are not counted). */
export async function mailOutboxCounts(db: Db): Promise<{ pending: number; failed: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')`.mapWith(Number),
    })
    .from(mailOutbox)
    .where(sql`${mailOutbox.status} <> 'sent'`);
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
}

/**
 * The webhook queue: deliveries pending (queued or waiting for a retry) and failed (given up),
 * and endpoints paused by their circuit breaker now.
 */
export async function webhookQueueCounts(
  db: Db,
  now: Date,
): Promise<{ pending: number; failed: number; pausedEndpoints: number }> {
  const [deliveries] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'failed')`.mapWith(Number),
    })
    .from(webhookDeliveries)
    .where(sql`${webhookDeliveries.status} <> 'sent'`);
  const [paused] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(webhooks)
    .where(and(isNull(webhooks.disabledAt), gt(webhooks.pausedUntil, now)));
  return {
    pending: deliveries?.pending ?? 0,
    failed: deliveries?.failed ?? 0,
    pausedEndpoints: paused?.count ?? 0,
  };
}
