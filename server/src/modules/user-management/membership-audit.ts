import type { AuditWriter } from '../../kernel/audit/mutation.ts';

/**
 * Membership is changed from either side (a group's users, a user's groups); the other side's
 * history records it too, as `added` / `removed` rows naming the group or user, so each record's
 * audit trail is complete on its own.
 */
export async function auditMembershipOnOtherSide(
  audit: AuditWriter,
  other: 'users' | 'groups',
  name: string,
  beforeIds: readonly number[],
  afterIds: readonly number[],
): Promise<void> {
  const field = other === 'users' ? 'groups' : 'users';
  for (const id of afterIds) {
    if (beforeIds.includes(id)) continue;
    await audit({
      entityType: other,
      entityId: id,
      eventType: 'added',
      changeset: { [field]: [null, name] },
    });
  }
  for (const id of beforeIds) {
    if (afterIds.includes(id)) continue;
    await audit({
      entityType: other,
      entityId: id,
      eventType: 'removed',
      changeset: { [field]: [name, null] },
    });
  }
}
