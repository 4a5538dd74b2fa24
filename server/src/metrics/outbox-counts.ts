import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

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
