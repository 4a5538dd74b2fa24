import type { AuditEntityType, AuditEventType } from '@dosechain/contract';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/** Who an audit row names: the signed-in user, or the user a security event is about. */
export interface AuditActor {
  userId: number | null;
  username: string;
  fullName: string;
  roleType: string | null;
}

export interface AuditEntry {
  entityType: AuditEntityType;
  entityId: number;
  eventType: AuditEventType;
  /** The record before the change (omit for `new`). */
  before?: Record<string, unknown> | null;
  /** The record after the change (omit for `delete`). */
  after?: Record<string, unknown> | null;
  reason?: string | null;
  signed?: boolean;
  /** The meaning of the signature, e.g. "Created CMO". */
  signatureMeaning?: string | null;
  /** A changeset given as is instead of diffed from before/after (write-only fields, e.g. a password). */
  changeset?: Record<string, [unknown, unknown]>;
}

const normalize = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

/** The fields whose values differ, as `{field: [old, new]}`. */
export function diffChangeset(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, [unknown, unknown]> {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of keys) {
    const oldValue = normalize(before?.[key]);
    const newValue = normalize(after?.[key]);
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) changes[key] = [oldValue, newValue];
  }
  return changes;
}

/**
 * Writes one append-only audit row inside the caller's transaction, so the change and its
 * record commit together or not at all. The time is the database server's UTC clock.
 */
export async function recordAudit(tx: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    entityType: entry.entityType,
    entityId: entry.entityId,
    eventType: entry.eventType,
    changeset: entry.changeset ?? diffChangeset(entry.before, entry.after),
    reason: entry.reason ?? null,
    actorUserId: actor.userId,
    actorUsername: actor.username,
    actorFullName: actor.fullName,
    actorRoleType: actor.roleType,
    signed: entry.signed ?? false,
    signatureMeaning: entry.signatureMeaning ?? null,
  });
}
