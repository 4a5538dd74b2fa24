import {
  type AuditEntityType,
  type AuditEventType,
  type ChangesetEntry,
  hasPermission,
  type Permission,
} from '@dosechain/contract';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { forbidden } from '../../http/app-error.ts';
import type { ServiceContext } from '../../http/context.ts';
import { isStorableId } from '../companies/queries.ts';

/** The read permission an entity's history needs, besides auditTrail.read (spec: Audit trail). */
export const auditReadPermission: Record<AuditEntityType, Permission> = {
  cmos: 'config.read',
  'clinical-sites': 'config.read',
  'imaging-centers': 'config.read',
  drugs: 'config.read',
  exams: 'config.read',
  studies: 'config.read',
  timepoints: 'config.read',
  groups: 'userManagement.read',
  users: 'userManagement.read',
  'drug-availabilities': 'cmoManufactureAvailability.read',
  orders: 'order.read',
};

/** The history of one record, oldest first; an unknown record has none. */
export async function changesetOf(
  ctx: ServiceContext,
  entityType: AuditEntityType,
  entityId: number,
): Promise<ChangesetEntry[]> {
  if (!hasPermission(ctx.actor.permissions, auditReadPermission[entityType])) throw forbidden();
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
