import {
  hasPermission,
  type LiveEvent,
  mailLogAccess,
  meetsRequirement,
  type Permissions,
  type Role,
} from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../kernel/auth/principal.ts';
import { actingRole, type CompanyScope, companyScope } from '../../kernel/auth/scope.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { exams, studyPairings } from '../../kernel/db/schema.ts';
import { orderInScope } from '../order-records/index.ts';
import { pairingScope } from '../orders/index.ts';
import type { AvailabilityRef, LiveChange } from './changes.ts';

/** Who reads a stream, as far as choosing its events goes. */
export interface Reader {
  role: Role;
  /** The role's company scope, computed once for the stream (null: staff, admin). */
  scope: CompanyScope | null;
  permissions: Permissions;
  /**
   * For a company role that places orders: the CMO and drug (`cmoId:drugId`) of every pairing it
   * may order through (its Place order calendar's availabilities); otherwise null.
   */
  orderable: ReadonlySet<string> | null;
}

const orderableKey = (ref: { cmoId: number; drugId: number }) => `${ref.cmoId}:${ref.drugId}`;

/** The reader of a principal's stream: its role, permissions and, if it orders, what it orders. */
export async function readerOf(db: Executor, principal: Principal): Promise<Reader> {
  const role = actingRole(principal);
  const scope = companyScope(role);
  const ordersThroughPairings = scope !== null && hasPermission(principal.permissions, 'order.create');
  if (!ordersThroughPairings) return { role, scope, permissions: principal.permissions, orderable: null };
  const rows = await db
    .selectDistinct({ cmoId: studyPairings.cmoId, drugId: exams.drugId })
    .from(studyPairings)
    .innerJoin(exams, eq(exams.id, studyPairings.examId))
    .where(pairingScope(db, role));
  return { role, scope, permissions: principal.permissions, orderable: new Set(rows.map(orderableKey)) };
}

/**
 * The availability event a reader gets: staff and admin who read availabilities, with its id;
 * whoever places orders through a pairing of its CMO and drug (staff and admin: any), without
 * (the calendar asks the search again, which answers no ids); the availability's own CMO, which
 * reads its orders, without; nobody else.
 */
function availabilityEvent(reader: Reader, ref: AvailabilityRef): LiveEvent | null {
  const { scope } = reader;
  const everyCompany = scope === null;
  if (everyCompany && hasPermission(reader.permissions, 'cmoManufactureAvailability.read'))
    return { type: 'availability.changed', availabilityId: ref.availabilityId };
  // Its own CMO: an exception may black out (or open again) the day of orders it reads, whose
  // dashboard banner counts them (issue 33).
  if (
    scope?.type === 'cmo' &&
    scope.companyId === ref.cmoId &&
    hasPermission(reader.permissions, 'order.read')
  )
    return { type: 'availability.changed' };
  if (!hasPermission(reader.permissions, 'order.create')) return null;
  if (everyCompany || reader.orderable?.has(orderableKey(ref))) return { type: 'availability.changed' };
  return null;
}

/** Whether a reader is told that a mail failed: who may read the notification log (its banner). */
export function readsMailLog(reader: Reader): boolean {
  return meetsRequirement(
    { permissions: reader.permissions, roleType: reader.role.type },
    mailLogAccess.read,
  );
}

/**
 * What a reader is told of a change, or null: an order change to those whose order list shows
 * the order (order.read and the order list's company scope, `orderInScope`); the availability it
 * changed (or an availability change) to those who see availability; nothing of access changes.
 */
export function eventFor(reader: Reader, change: LiveChange): LiveEvent | null {
  if (change.kind === 'access') return null;
  if (change.kind === 'availability') return availabilityEvent(reader, change.availability);
  if (hasPermission(reader.permissions, 'order.read') && orderInScope(reader.scope, change)) {
    const { type, orderId, status, cmoId, siteId, imagingCenterId } = change;
    return { type, orderId, status, cmoId, siteId, imagingCenterId };
  }
  return change.capacity ? availabilityEvent(reader, change.capacity) : null;
}
