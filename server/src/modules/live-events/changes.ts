import { type AuditEntityType, capacityReleasingStatuses, type OrderStatus } from '@dosechain/contract';
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../kernel/db/client.ts';
import { auditLog, doseSlots, drugAvailabilities, orders } from '../../kernel/db/schema.ts';

/** An availability and what scopes it: its CMO and drug. */
export interface AvailabilityRef {
  availabilityId: number;
  cmoId: number;
  drugId: number;
}

/**
 * One committed change the live streams care about, read off the audit trail: its `id` is the
 * audit row's chain position, which increases in commit order (the chain's head is locked from
 * the append to the commit), the same on every instance.
 */
export type LiveChange =
  | {
      id: number;
      kind: 'order';
      type: 'order.placed' | 'order.status' | 'order.updated';
      orderId: number;
      status: OrderStatus;
      cmoId: number;
      siteId: number;
      imagingCenterId: number;
      /** The availability whose doses left changed with it (a placement, a rejection, a cancellation). */
      capacity: AvailabilityRef | null;
    }
  | { id: number; kind: 'availability'; availability: AvailabilityRef }
  /** A user's (or, `null`, anyone's: a group's) access may have changed: streams re-check theirs. */
  | { id: number; kind: 'access'; userId: number | null };

/** The audit trail's entity types that make live changes. */
const tailed = ['orders', 'drug-availabilities', 'users', 'groups'] as const satisfies AuditEntityType[];

const a = auditLog;

/**
 * The audit rows of `tailed` with what scopes them (the order's companies, the availability's CMO
 * and drug). The order and the availability are looked up per audit row by their keys (a LATERAL
 * with LIMIT 1, which the planner may not flatten into a join): as a plain join, small statistics
 * on the audit trail could make it a merge join walking the orders' primary key from the first
 * order to the newest one named, 1M rows for a read of a few new rows (seen in the bench: 200 ms a
 * read, a quarter of the placement rate).
 */
function selectRows(db: Executor) {
  const order = db
    .select({
      status: orders.status,
      cmoId: orders.cmoId,
      siteId: orders.siteId,
      imagingCenterId: orders.imagingCenterId,
      drugId: orders.drugId,
      slotAvailabilityId: sql<number | null>`${doseSlots.availabilityId}`.as('slot_availability_id'),
    })
    .from(orders)
    .leftJoin(doseSlots, eq(doseSlots.id, orders.doseSlotId))
    .where(and(eq(a.entityType, 'orders'), eq(orders.id, a.entityId)))
    .limit(1)
    .as('o');
  const availability = db
    .select({ cmoId: drugAvailabilities.cmoId, drugId: drugAvailabilities.drugId })
    .from(drugAvailabilities)
    .where(and(eq(a.entityType, 'drug-availabilities'), eq(drugAvailabilities.id, a.entityId)))
    .limit(1)
    .as('av');
  return db
    .select({
      position: a.chainPosition,
      entityType: a.entityType,
      entityId: a.entityId,
      eventType: a.eventType,
      changedStatus: sql<OrderStatus | null>`${a.changeset} -> 'status' ->> 1`,
      orderStatus: order.status,
      cmoId: order.cmoId,
      siteId: order.siteId,
      imagingCenterId: order.imagingCenterId,
      drugId: order.drugId,
      slotAvailabilityId: order.slotAvailabilityId,
      availabilityCmoId: availability.cmoId,
      availabilityDrugId: availability.drugId,
    })
    .from(a)
    .leftJoinLateral(order, sql`true`)
    .leftJoinLateral(availability, sql`true`);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

function toChange(row: Row): LiveChange | null {
  const id = row.position;
  if (id === null) return null;
  switch (row.entityType) {
    case 'orders': {
      if (row.orderStatus === null || row.cmoId === null || row.siteId === null) return null;
      const placed = row.eventType === 'new';
      const status = row.changedStatus ?? row.orderStatus;
      const type = placed ? 'order.placed' : row.changedStatus ? 'order.status' : 'order.updated';
      const releases = type === 'order.status' && capacityReleasingStatuses.includes(status);
      return {
        id,
        kind: 'order',
        type,
        orderId: row.entityId,
        status,
        cmoId: row.cmoId,
        siteId: row.siteId,
        imagingCenterId: row.imagingCenterId!,
        capacity:
          (placed || releases) && row.slotAvailabilityId !== null
            ? { availabilityId: row.slotAvailabilityId, cmoId: row.cmoId, drugId: row.drugId! }
            : null,
      };
    }
    case 'drug-availabilities':
      if (row.availabilityCmoId === null || row.availabilityDrugId === null) return null;
      return {
        id,
        kind: 'availability',
        availability: {
          availabilityId: row.entityId,
          cmoId: row.availabilityCmoId,
          drugId: row.availabilityDrugId,
        },
      };
    case 'users':
      return { id, kind: 'access', userId: row.entityId };
    case 'groups':
      return { id, kind: 'access', userId: null };
    default:
      return null;
  }
}

/**
 * The changes after chain position `after`, oldest first, at most `limit` rows read (fewer
 * changes when some rows make none); `last` is the position of the last row read, where the
 * next read starts.
 */
export async function changesAfter(
  db: Executor,
  after: number,
  limit: number,
): Promise<{ changes: LiveChange[]; last: number; more: boolean }> {
  const rows = await selectRows(db)
    .where(and(gt(a.chainPosition, after), inArray(a.entityType, tailed)))
    .orderBy(asc(a.chainPosition))
    .limit(limit);
  const changes = rows.map(toChange).filter((c) => c !== null);
  return { changes, last: rows.at(-1)?.position ?? after, more: rows.length === limit };
}

/** The newest `limit` order and availability changes up to position `upTo`, oldest first (a new instance's replay buffer). */
export async function latestChanges(db: Executor, upTo: number, limit: number): Promise<LiveChange[]> {
  const rows = await selectRows(db)
    .where(and(lte(a.chainPosition, upTo), inArray(a.entityType, ['orders', 'drug-availabilities'])))
    .orderBy(desc(a.chainPosition))
    .limit(limit);
  return rows
    .reverse()
    .map(toChange)
    .filter((c) => c !== null);
}

/** The chain position of the newest audit row (0 when none is chained). */
export async function headPosition(db: Executor): Promise<number> {
  const [row] = await db
    .select({ position: sql<number | null>`max(${a.chainPosition})`.mapWith(Number) })
    .from(a);
  return row?.position ?? 0;
}
