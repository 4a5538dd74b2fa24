import {
  type AuditEntityType,
  type AuditEventType,
  auditReadRequirements,
  type ChangesetEntry,
  meetsRequirement,
} from '@dosechain/contract';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog } from '../../kernel/db/schema.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import { forbidden } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';

/** The history of one record, oldest first; an unknown record has none. */
export async function changesetOf(
  ctx: ServiceContext,
  entityType: AuditEntityType,
  entityId: number,
): Promise<ChangesetEntry[]> {
  // The route already needs auditTrail.read and a staff/admin role; the entity adds its own read.
  const { permissions, currentRole } = ctx.actor;
  if (
    !currentRole ||
    !meetsRequirement({ permissions, roleType: currentRole.type }, auditReadRequirements[entityType])
  ) {
    throw forbidden();
  }
  if (!isStorableId(entityId)) return [];
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.issuedAt), asc(auditLog.id));
  return rows.map((r) => ({
    eventType: r.eventType as AuditEventType,
    changeset: r.changeset,
    issuedAt: r.issuedAt.toISOString(),
    issuedBy: { fullName: r.actorFullName, username: r.actorUsername },
    reason: r.reason,
    signed: r.signed,
    signatureMeaning: r.signed ? r.signatureMeaning : null,
  }));
}
