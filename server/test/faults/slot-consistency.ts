import type pg from 'pg';

/**
 * Dose slots above capacity or whose booked count differs from their live (not rejected, not
 * canceled) orders; must be 0 (decision 004). Shared by the fault tests and the benchmark.
 */
export async function inconsistentSlots(db: Pick<pg.Pool, 'query'>): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM dose_slots s
     LEFT JOIN (SELECT dose_slot_id, count(*) AS live FROM orders WHERE status NOT IN ('rejected', 'canceled')
                GROUP BY dose_slot_id) o ON o.dose_slot_id = s.id
     WHERE s.booked > s.capacity OR s.booked <> coalesce(o.live, 0)`,
  );
  return rows[0]!.n;
}
