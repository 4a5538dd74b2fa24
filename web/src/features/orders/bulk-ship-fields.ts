import type { OrderStatusBatchBody, OrderStatusBatchItem, OrderStatusBatchResult } from '@dosechain/contract';
import { z } from 'zod';
import { statusChangeBody } from './order-actions.ts';
import { type ShippedOrder, type ShipValues, shipActionValues, shipFields } from './ship-fields.ts';

/** What a bulk Ship shares: every field of the Ship dialog but the assayed activity, entered once. */
export type BulkShipShared = Omit<ShipValues, 'assayedActivity'>;

/** The bulk Ship form's values: the shared fields and, per order (in the orders' order), its assay. */
export type BulkShipValues = BulkShipShared & { rows: { assayedActivity: number | null }[] };

/**
 * The values of one order's Ship as the Ship dialog holds them: the shared fields and its row. The
 * shared assay time is the time of the activities entered: a dose without one has no assay.
 */
const shipValuesOf = (values: BulkShipValues, i: number): ShipValues => {
  const { rows, ...shared } = values;
  const assayedActivity = rows[i]?.assayedActivity ?? null;
  return assayedActivity === null
    ? { ...shared, assayedActivity, assayDate: null, assayTime: null }
    : { ...shared, assayedActivity };
};

const wallClock = z.string().nullable();

/**
 * The bulk Ship dialog's fields (issue 35): each order still to ship (`done`: its id is left out)
 * is checked with the Ship dialog's own rules (`shipFields`: the lot and expiry, the assay of a
 * radioactive drug with its time, the times against each other and now), the shared fields once
 * and its assayed activity on its row (`rows.<i>.assayedActivity`).
 */
export function bulkShipFields(
  orders: readonly (ShippedOrder & { id: number })[],
  done: ReadonlySet<number> = new Set(),
  now: () => Date = () => new Date(),
) {
  return z
    .object({
      lotNumber: z.string(),
      assayDate: wallClock,
      assayTime: wallClock,
      expiryDate: wallClock,
      expiryTime: wallClock,
      courier: z.string(),
      trackingNumber: z.string(),
      date: wallClock,
      time: wallClock,
      timezone: wallClock,
      rows: z.array(z.object({ assayedActivity: z.number().nullable() })),
    })
    .superRefine((values, ctx) => {
      const seen = new Set<string>();
      orders.forEach((order, i) => {
        if (done.has(order.id)) return;
        for (const issue of shipFields(order, now).safeParse(shipValuesOf(values, i)).error?.issues ?? []) {
          const [field] = issue.path;
          const path = field === 'assayedActivity' ? ['rows', i, 'assayedActivity'] : issue.path;
          // A shared field's problem is the same for every order: said once.
          const key = `${path.join('.')}|${issue.message}`;
          if (seen.has(key)) continue;
          seen.add(key);
          ctx.addIssue({ code: 'custom', path, message: issue.message });
        }
      });
    });
}

/**
 * The batch of a bulk Ship: one `shipped` item per order still to ship, each the body the Ship
 * dialog would send for it (its assay, the shared lot, expiry, courier and dispatch in the chosen
 * zone), under the one reason and e-signature.
 */
export function bulkShipBody(
  orders: readonly { id: number }[],
  values: BulkShipValues & { reasonForChange?: string; electronicSignature?: string },
  done: ReadonlySet<number> = new Set(),
): OrderStatusBatchBody {
  const items: OrderStatusBatchItem[] = [];
  orders.forEach((order, i) => {
    if (done.has(order.id)) return;
    const {
      electronicSignature: _s,
      reasonForChange: _r,
      ...change
    } = statusChangeBody('ship', shipActionValues(shipValuesOf(values, i)));
    items.push({ orderId: order.id, ...change });
  });
  return {
    items,
    ...(values.reasonForChange ? { reasonForChange: values.reasonForChange } : {}),
    ...(values.electronicSignature ? { electronicSignature: values.electronicSignature } : {}),
  };
}

/** The results so far, the latest answer over earlier ones (a refused order shipped on a retry). */
export function mergeResults(
  earlier: ReadonlyMap<number, OrderStatusBatchResult>,
  answer: readonly OrderStatusBatchResult[],
): Map<number, OrderStatusBatchResult> {
  const merged = new Map(earlier);
  for (const r of answer) merged.set(r.orderId, r);
  return merged;
}
