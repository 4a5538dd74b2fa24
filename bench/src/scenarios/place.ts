import type pg from 'pg';
import { type ChainedRow, chainValue, keyBytes } from '../../../server/src/kernel/audit/chain.ts';
import { DEMO_PASSWORD } from '../../../server/src/seed/demo.ts';
import { inconsistentSlots } from '../../../server/test/faults/slot-consistency.ts';
import type { Api } from '../http.ts';
import { type ConcurrentResult, stats, timeConcurrent } from '../measure.ts';
import type { Comparison } from './reads.ts';

/** The key the bench's servers chain audit rows with (every one of them: they share the database). */
export const BENCH_AUDIT_KEY = 'bench-audit-key-0123456789abcdef0123456789';
const benchAuditKey = keyBytes(BENCH_AUDIT_KEY);

/** What one placement needs: a bench pairing, an imaging center linked to its site, the CMO's zone. */
interface Target {
  studyId: number;
  examId: number;
  siteId: number;
  imagingCenterId: number;
  cmoTz: string;
}

export interface PlacementResult {
  clients: number;
  app: ConcurrentResult & { placed: number; full: number; failed: number };
  raw: ConcurrentResult;
  /** How long after the burst the outbox held no unsent mail; null if not within the wait. */
  mailsSentAfterMs: number | null;
  /** Slots whose booked count is above capacity or differs from their live orders; must be 0. */
  inconsistentSlots: number;
}

/** Milliseconds until the outbox holds no pending mail (polled), or null after `maxMs`. */
async function outboxDrained(pool: pg.Pool, maxMs: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < maxMs) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending'`,
    );
    if (rows[0]!.n === 0) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return null;
}

/** A placement burst as a line of the table: its latencies and, in the note, rates and counts. */
export function placementComparison(name: string, r: PlacementResult): Comparison {
  return {
    name,
    app: stats(r.app.samples),
    raw: stats(r.raw.samples),
    note:
      `${r.app.perSecond.toFixed(0)} placements/s (raw SQL ${r.raw.perSecond.toFixed(0)}/s); ` +
      `${r.app.placed} placed, ${r.app.full} slot full, ${r.app.failed} failed; ` +
      `its mails all sent ${r.mailsSentAfterMs === null ? 'not within 120 s' : `${(r.mailsSentAfterMs / 1000).toFixed(1)} s`} after the burst; ` +
      `overbooked or miscounted slots: ${r.inconsistentSlots}`,
  };
}

async function targets(pool: pg.Pool): Promise<{ list: Target[]; timepointId: number }> {
  const { rows } = await pool.query<Target>(
    `SELECT p.study_id AS "studyId", p.exam_id AS "examId", p.site_id AS "siteId",
            min(l.imaging_center_id) AS "imagingCenterId", c.timezone AS "cmoTz"
     FROM study_pairings p JOIN studies s ON s.id = p.study_id AND s.name LIKE 'BENCH-%'
     JOIN exams e ON e.id = p.exam_id AND e.active JOIN companies c ON c.id = p.cmo_id
     JOIN site_imaging_centers l ON l.site_id = p.site_id
     GROUP BY p.id, c.timezone ORDER BY p.id`,
  );
  const tp = await pool.query<{ id: number }>('SELECT min(id) AS id FROM timepoints');
  return { list: rows, timepointId: tp.rows[0]!.id };
}

/** Noon in `tz` on the day `daysAhead` from today there, as an ISO instant with offset. */
function noonIn(tz: string, daysAhead: number): string {
  const day = new Date(Date.now() + daysAhead * 86_400_000);
  const local = day.toLocaleDateString('sv-SE', { timeZone: tz });
  const guess = new Date(`${local}T12:00:00Z`);
  const wall = new Date(guess.toLocaleString('en-US', { timeZone: tz }));
  const utcWall = new Date(guess.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess.getTime() - (wall.getTime() - utcWall.getTime())).toISOString();
}

/**
 * The audit row of a raw placement, chained as `recordAudit` chains it (decision 015), last before
 * the commit: lock the chain's head and take the id and time (one round trip), compute the chain
 * value, insert the row and move the head (one statement). The app's placements go through its
 * audit writer instead, which holds the head for one statement and the commit.
 */
async function chainedAuditRow(client: pg.PoolClient, orderId: number, userId: number): Promise<void> {
  const { rows } = await client.query<{ position: string; hmac: string; issued_at: string; id: string }>(
    `WITH head AS MATERIALIZED (SELECT position, chain_hmac FROM audit_chain_head WHERE id = 1 FOR UPDATE)
     SELECT head.position, encode(head.chain_hmac, 'hex') AS hmac,
       to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS issued_at,
       nextval(pg_get_serial_sequence('audit_log', 'id')) AS id
     FROM head`,
  );
  const head = rows[0]!;
  const row: ChainedRow = {
    position: Number(head.position) + 1,
    id: Number(head.id),
    entityType: 'orders',
    entityId: orderId,
    eventType: 'new',
    changeset: {},
    reason: 'Benchmark',
    actorUserId: userId,
    actorUsername: 'bench',
    actorFullName: 'Bench',
    actorRoleType: null,
    issuedAt: head.issued_at,
    signed: true,
    signatureMeaning: 'Placed Order',
  };
  const hmac = chainValue(benchAuditKey, head.hmac, row);
  await client.query(
    `WITH written AS (
       INSERT INTO audit_log (id, entity_type, entity_id, event_type, changeset, reason, actor_user_id,
         actor_username, actor_full_name, signed, signature_meaning, issued_at, chain_position, chain_hmac)
       OVERRIDING SYSTEM VALUE
       VALUES ($1, 'orders', $2, 'new', '{}', 'Benchmark', $3, 'bench', 'Bench', true, 'Placed Order', $4, $5,
         decode($6, 'hex'))
     )
     UPDATE audit_chain_head SET position = $5, chain_hmac = decode($6, 'hex') WHERE id = 1`,
    [row.id, orderId, userId, row.issuedAt, row.position, hmac],
  );
}

/**
 * `bounds.warmup` untimed placements at the burst's concurrency, `i` counting on from
 * `bounds.count` (other subjects): a server compiles the path it serves while it serves the first
 * few thousand requests, and the unsigned bursts run on a fresh server. The raw SQL warms up alike.
 */
async function warmUp(
  clients: number,
  bounds: { count: number; warmup?: number },
  place: (i: number) => Promise<void>,
): Promise<void> {
  const warmup = bounds.warmup ?? 0;
  if (warmup > 0)
    await timeConcurrent(clients, { count: warmup, maxMs: 60_000 }, (i) => place(bounds.count + i));
}

/**
 * Place-order bursts: `clients` concurrent clients POST /orders (reason and e-signature, as the
 * UI sends) for bench pairings on the next 28 days, then the same work as one raw SQL transaction
 * per order (take the dose, insert the order, its one mail (each bench study mails one
 * coordinator) and its audit row, chained) at the same concurrency on a pool as large as the app's. The app also
 * sends its mails meanwhile (to `.eml` files); the raw SQL only writes its row. Afterwards every
 * slot's booked count must match its orders.
 */
export async function placeOrders(
  api: Api,
  pool: pg.Pool,
  token: string,
  userId: number,
  clients: number,
  bounds: { count: number; maxMs: number; warmup?: number },
  /** Tells this burst's subject ids from another's at the same concurrency. */
  tag = 'sig',
): Promise<PlacementResult> {
  const { list, timepointId } = await targets(pool);
  let placed = 0;
  let full = 0;
  let failed = 0;
  const placeByApp = async (i: number) => {
    const t = list[(i * 7) % list.length]!;
    const res = await api.call('POST', '/orders', {
      token,
      body: {
        studyId: t.studyId,
        siteId: t.siteId,
        examId: t.examId,
        imagingCenterId: t.imagingCenterId,
        timePointId: timepointId,
        subjectId: `BENCH-${tag}-${clients}-${i}`,
        calibrationDatetime: noonIn(t.cmoTz, 1 + (i % 28)),
        reasonForChange: 'Benchmark',
        electronicSignature: DEMO_PASSWORD,
      },
    });
    const text = res.text;
    // The warm-up's placements (i ≥ count) are not counted, but a failure among them is.
    const timed = i < bounds.count;
    if (res.status === 201) placed += timed ? 1 : 0;
    else if (res.status === 409) full += timed ? 1 : 0;
    else {
      failed++;
      if (failed <= 3) console.error(`place order: ${res.status} ${text.slice(0, 300)}`);
    }
  };
  // Untimed first, its mails sent before the timed burst starts (their sending is not the burst's).
  await warmUp(clients, bounds, placeByApp);
  await outboxDrained(pool, 120_000);
  const app = await timeConcurrent(clients, bounds, placeByApp);

  // The app's mails go out after the burst: the raw SQL runs once they are sent, not beside them.
  const mailsSentAfterMs = await outboxDrained(pool, 120_000);

  const placeByRawSql = async (i: number) => {
    const t = list[(i * 7 + 3) % list.length]!;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const at = noonIn(t.cmoTz, 1 + (i % 28));
      const slot = await client.query<{ id: number; drug_id: number; cmo_id: number }>(
        `UPDATE dose_slots s SET booked = booked + 1, updated_at = now()
         FROM drug_availabilities a, study_pairings p, exams e
         WHERE p.study_id = $1 AND p.exam_id = $2 AND p.site_id = $3 AND e.id = p.exam_id
           AND a.drug_id = e.drug_id AND a.cmo_id = p.cmo_id AND a.active AND a.doses >= 100
           AND s.availability_id = a.id AND s.manufacture_date = ($4::timestamptz AT TIME ZONE $5)::date
           AND s.booked < s.capacity
         RETURNING s.id, a.drug_id, a.cmo_id`,
        [t.studyId, t.examId, t.siteId, at, t.cmoTz],
      );
      const s = slot.rows[0];
      if (s) {
        const order = await client.query<{ id: number }>(
          `INSERT INTO orders (study_id, site_id, exam_id, drug_id, cmo_id, imaging_center_id, timepoint_id,
                               dose_slot_id, subject_id, calibration_datetime, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
          [
            t.studyId,
            t.siteId,
            t.examId,
            s.drug_id,
            s.cmo_id,
            t.imagingCenterId,
            timepointId,
            s.id,
            `RAW-${tag}-${clients}-${i}`,
            at,
            userId,
          ],
        );
        await client.query(
          // Written as sent: the app's dispatcher is to send the app's mails, not these.
          `INSERT INTO mail_outbox (recipients, subject, text_body, status, sent_at)
           VALUES (ARRAY['coordinator@bench.dosechain.test'], 'Bench', 'Bench', 'sent', now())`,
        );
        await chainedAuditRow(client, order.rows[0]!.id, userId);
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  };
  await warmUp(clients, bounds, placeByRawSql);
  const raw = await timeConcurrent(clients, bounds, placeByRawSql);
  return {
    clients,
    app: { ...app, placed, full, failed },
    raw,
    mailsSentAfterMs,
    inconsistentSlots: await inconsistentSlots(pool),
  };
}
