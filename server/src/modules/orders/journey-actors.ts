import { type JourneyActors, journeyStepKeys, type OrderStatus, orderStatuses } from '@dosechain/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../kernel/db/client.ts';
import { auditLog } from '../../kernel/db/schema.ts';

const isStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);

/**
 * Who took each step of an order's journey (issue 35), from its audit trail, which names every
 * actor of every change (21 CFR 11.10(e)): the placement's row, each row that moved the status,
 * and each row that wrote the administration record. A step taken again (an administration
 * corrected) names the latest actor. One indexed read (audit_log_entity_idx).
 */
export async function journeyActors(db: Executor, orderId: number): Promise<JourneyActors> {
  const rows = await db
    .select({ eventType: auditLog.eventType, changeset: auditLog.changeset, by: auditLog.actorFullName })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, orderId)))
    .orderBy(asc(auditLog.issuedAt), asc(auditLog.id));
  const actors = Object.fromEntries(journeyStepKeys.map((k) => [k, null])) as JourneyActors;
  for (const row of rows) {
    const to = row.changeset.status?.[1];
    if (row.eventType === 'new') actors.placed = row.by;
    else if (isStatus(to) && to !== 'pending') actors[to] = row.by;
    if (row.changeset.administration) actors.administered = row.by;
  }
  return actors;
}
