import { capacityReleasingStatuses, finalOrderStatuses } from '@dosechain/contract';
import type pg from 'pg';

/**
 * Dose slots above capacity or whose booked count differs from their orders that hold a dose
 * (not in a capacity-releasing status: rejected, canceled); must be 0 (decision 004). Shared by
 * the fault tests and the benchmark.
 */
export async function inconsistentSlots(db: Pick<pg.Pool, 'query'>): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM dose_slots s
     LEFT JOIN (SELECT dose_slot_id, count(*) AS live FROM orders WHERE status::text <> ALL ($1::text[])
                GROUP BY dose_slot_id) o ON o.dose_slot_id = s.id
     WHERE s.booked > s.capacity OR s.booked <> coalesce(o.live, 0)`,
    [capacityReleasingStatuses],
  );
  return rows[0]!.n;
}

/**
 * Keys of `final_order_counts` whose count differs from the orders in that final status (the
 * contract's `finalOrderStatuses`, not the database's own idea of them) and those companies
 * (either side missing counts as 0); must be 0. The counts are kept by triggers.
 */
export async function driftedFinalCounts(db: Pick<pg.Pool, 'query'>): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM final_order_counts c
     FULL JOIN (SELECT status, cmo_id, site_id, imaging_center_id, count(*) AS n FROM orders
                WHERE status::text = ANY ($1::text[]) GROUP BY 1, 2, 3, 4) o
       USING (status, cmo_id, site_id, imaging_center_id)
     WHERE coalesce(c.orders, 0) <> coalesce(o.n, 0)`,
    [finalOrderStatuses],
  );
  return rows[0]!.n;
}
