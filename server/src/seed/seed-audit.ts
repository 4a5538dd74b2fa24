import type { AuditEntityType } from '@dosechain/contract';
import { type AuditActor, type AuditEntry, diffChangeset, recordAudit } from '../kernel/audit/record.ts';
import type { UserRow } from '../kernel/auth/principal.ts';
import type { Executor } from '../kernel/db/client.ts';
import { type GroupRow, groupAuditFields } from '../modules/groups/queries.ts';
import { loadGroupDetails } from '../modules/user-management/group-details.ts';
import { loadUserDetails, userAuditFields } from '../modules/users/queries.ts';

// The audit rows of records a seed creates (the demo data, the first administrator): what a
// create through the API records, by a system actor, unsigned, in the seed's transaction.

/** The `new` audit row of a record the seed creates: what a create through the API records, unsigned. */
export const seededEntry = (
  entityType: AuditEntityType,
  entityId: number,
  after: Record<string, unknown>,
): AuditEntry => ({ entityType, entityId, eventType: 'new', after });

/**
 * The `new` rows of groups and users the seed created (with their members, permissions,
 * groups and roles, as the API's create records them), by `actor`.
 */
export async function auditSeededAccounts(
  tx: Executor,
  actor: AuditActor,
  groupRows: GroupRow[],
  userRows: UserRow[],
): Promise<void> {
  // One after the other: a transaction's queries share one connection.
  const groupDetails = await loadGroupDetails(
    tx,
    groupRows.map((g) => g.id),
  );
  const userDetails = await loadUserDetails(
    tx,
    userRows.map((u) => u.id),
  );
  for (const g of groupRows) {
    await recordAudit(tx, actor, seededEntry('groups', g.id, groupAuditFields(g, groupDetails.get(g.id)!)));
  }
  for (const u of userRows) {
    await recordAudit(tx, actor, {
      entityType: 'users',
      entityId: u.id,
      eventType: 'new',
      changeset: {
        ...diffChangeset(null, userAuditFields(u, userDetails.get(u.id)!)),
        password: [null, '[set]'],
      },
    });
  }
}
