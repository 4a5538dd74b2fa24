import type pg from 'pg';

/** What the generator builds around the demo data. */
export const benchShape = {
  cmos: 5,
  sites: 50,
  imagingCenters: 50,
  studies: 20,
  /** Days of orders: about three years, the last 30 of them still ahead. */
  days: 1095,
  futureDays: 30,
  /** Doses per manufacture day of each bench availability; well above the busiest day. */
  dosesPerDay: 400,
  centersPerSite: 3,
} as const;

export interface GeneratedData {
  orders: number;
  pairings: number;
  availabilities: number;
  doseSlots: number;
  seconds: number;
}

/**
 * Fills a migrated database that holds the demo seed with `orders` orders, set-based (one
 * `INSERT … SELECT generate_series` per table), so a million rows take well under a minute.
 *
 * Companies and studies are topped up to the bench shape; every site is linked to three imaging
 * centers; every bench study pairs each site with an active exam and a CMO; every (active drug,
 * CMO) gets a daily availability over the whole period, with one dose slot per day. Orders take
 * their drug and CMO from the pairing, their slot from that availability and day, their
 * calibration time inside the CMO's day, and a status mix by age (past: mostly delivered; future:
 * pending or accepted). Slot `booked` counts are then set to the live (not rejected/canceled)
 * orders of each slot, as placing and releasing would have left them. No audit rows are written
 * for generated orders: the audit trail is not what the benchmarks read.
 */
export async function generateOrders(client: pg.ClientBase, orders: number): Promise<GeneratedData> {
  const started = performance.now();
  const s = benchShape;
  const q = (text: string, values: unknown[] = []) => client.query(text, values);

  await q(
    `INSERT INTO companies (type, name, timezone, address_line_1, city, country)
     SELECT $1::company_type, $2 || ' ' || k, (ARRAY['Europe/Berlin','America/Chicago','UTC'])[1 + k % 3],
            k || ' Bench Way', 'Bench City', 'US'
     FROM generate_series(1, GREATEST(0, $3 - (SELECT count(*) FROM companies WHERE type = $1::company_type))) k`,
    ['cmo', 'Bench CMO', s.cmos],
  );
  await q(
    `INSERT INTO companies (type, name, timezone, address_line_1, city, country)
     SELECT $1::company_type, $2 || ' ' || k, (ARRAY['America/New_York','America/Chicago','America/Denver','America/Los_Angeles'])[1 + k % 4],
            k || ' Bench Way', 'Bench City', 'US'
     FROM generate_series(1, GREATEST(0, $3 - (SELECT count(*) FROM companies WHERE type = $1::company_type))) k`,
    ['clinical_site', 'Bench Site', s.sites],
  );
  await q(
    `INSERT INTO companies (type, name, timezone, address_line_1, city, country)
     SELECT $1::company_type, $2 || ' ' || k, 'America/New_York', k || ' Bench Way', 'Bench City', 'US'
     FROM generate_series(1, GREATEST(0, $3 - (SELECT count(*) FROM companies WHERE type = $1::company_type))) k`,
    ['imaging_center', 'Bench Imaging', s.imagingCenters],
  );
  await q(
    `INSERT INTO studies (name, sponsor)
     SELECT 'BENCH-' || lpad(k::text, 3, '0'), 'Bench Sponsor ' || (1 + k % 4)
     FROM generate_series(1, GREATEST(0, $1 - (SELECT count(*) FROM studies))) k`,
    [s.studies],
  );

  // Positions of companies and bench studies, to pick them by arithmetic on the series.
  await q(`CREATE TEMP TABLE b_cmos AS
           SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, id, timezone FROM companies WHERE type = 'cmo'`);
  await q(`CREATE TEMP TABLE b_sites AS
           SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, id FROM companies WHERE type = 'clinical_site'`);
  await q(`CREATE TEMP TABLE b_centers AS
           SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, id FROM companies WHERE type = 'imaging_center'`);
  await q(`CREATE TEMP TABLE b_exams AS
           SELECT (row_number() OVER (ORDER BY e.id) - 1)::int AS idx, e.id
           FROM exams e JOIN drugs d ON d.id = e.drug_id WHERE e.active AND d.active`);
  await q(`CREATE TEMP TABLE b_studies AS
           SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, id FROM studies WHERE name LIKE 'BENCH-%'`);

  await q(
    `INSERT INTO site_imaging_centers (site_id, imaging_center_id)
     SELECT s.id, c.id FROM b_sites s CROSS JOIN generate_series(0, $1 - 1) j
     JOIN b_centers c ON c.idx = (s.idx + j) % (SELECT count(*) FROM b_centers)
     ON CONFLICT DO NOTHING`,
    [s.centersPerSite],
  );
  await q(`INSERT INTO study_pairings (study_id, exam_id, site_id, cmo_id)
           SELECT st.id, e.id, si.id, c.id
           FROM b_studies st CROSS JOIN b_sites si
           JOIN b_exams e ON e.idx = (st.idx + si.idx) % (SELECT count(*) FROM b_exams)
           JOIN b_cmos c ON c.idx = (st.idx * 3 + si.idx) % (SELECT count(*) FROM b_cmos)
           ON CONFLICT DO NOTHING`);
  // Every placement mails the study's coordinator, as a study's distribution list would.
  await q(`INSERT INTO study_distribution_entries (study_id, position, name, email)
           SELECT id, 1, 'Bench Coordinator', 'coordinator@bench.dosechain.test' FROM b_studies
           ON CONFLICT DO NOTHING`);

  const firstDay = `current_date - ${s.days - s.futureDays}`;
  const lastDay = `current_date + ${s.futureDays - 1}`;
  const [{ max: availabilityIdBefore } = { max: 0 }] = (
    await q('SELECT coalesce(max(id), 0)::int AS max FROM drug_availabilities')
  ).rows as { max: number }[];
  await q(
    `INSERT INTO drug_availabilities (drug_id, cmo_id, doses, activity_unit, valid_from, valid_until, frequency,
                                      repeat_every, start_time, end_time)
     SELECT d.id, c.id, $1, 'mCi', ${firstDay}, current_date + 365, 'Daily', 1, '00:00', '24:00'
     FROM drugs d CROSS JOIN b_cmos c WHERE d.active ORDER BY d.id, c.id`,
    [s.dosesPerDay],
  );
  await q('CREATE TEMP TABLE b_avail AS SELECT id, drug_id, cmo_id FROM drug_availabilities WHERE id > $1', [
    availabilityIdBefore,
  ]);
  await q(
    `INSERT INTO dose_slots (availability_id, manufacture_date, capacity)
     SELECT a.id, d::date, $1 FROM b_avail a CROSS JOIN generate_series(${firstDay}, ${lastDay}, interval '1 day') d`,
    [s.dosesPerDay],
  );

  // Pairings that can be ordered (active study and exam), numbered for the modulo pick.
  await q(`CREATE TEMP TABLE b_pairs AS
           SELECT (row_number() OVER (ORDER BY p.id) - 1)::int AS idx, p.study_id, p.exam_id, p.site_id,
                  si.idx AS site_idx, e.drug_id, p.cmo_id, c.timezone AS cmo_tz, a.id AS availability_id
           FROM study_pairings p
           JOIN studies st ON st.id = p.study_id AND st.active
           JOIN exams e ON e.id = p.exam_id AND e.active
           JOIN b_sites si ON si.id = p.site_id
           JOIN b_cmos c ON c.id = p.cmo_id
           JOIN b_avail a ON a.drug_id = e.drug_id AND a.cmo_id = p.cmo_id`);
  await q(`CREATE TEMP TABLE b_timepoints AS
           SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, id FROM timepoints`);

  // Bulk load: building the orders indexes once after the insert, and checking each foreign key
  // once with one join when it is added back, is several times faster than doing both row by
  // row. Both come back exactly as the migrations defined them, and re-adding a foreign key
  // validates every generated row against it.
  const { rows: orderIndexes } = (await q(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'orders'
     AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'orders'::regclass)`,
  )) as { rows: { indexname: string; indexdef: string }[] };
  const { rows: orderForeignKeys } = (await q(
    `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = 'orders'::regclass AND contype = 'f'`,
  )) as { rows: { conname: string; def: string }[] };
  for (const index of orderIndexes) await q(`DROP INDEX "${index.indexname}"`);
  for (const fk of orderForeignKeys) await q(`ALTER TABLE orders DROP CONSTRAINT "${fk.conname}"`);
  await q(`SET maintenance_work_mem = '256MB'`);

  await q(
    `INSERT INTO orders (study_id, site_id, exam_id, drug_id, cmo_id, imaging_center_id, timepoint_id, dose_slot_id,
                         subject_id, calibration_datetime, status, projected_delivery, accepted_at, rejected_at,
                         canceled_at, delivered_at, rejection_reason, cancelation_reason, created_by, created_at,
                         updated_at)
     SELECT o.study_id, o.site_id, o.exam_id, o.drug_id, o.cmo_id, o.center_id, o.timepoint_id, ds.id,
            o.subject_id, o.calibration, o.status::order_status,
            CASE WHEN o.status IN ('accepted', 'delivered') THEN o.calibration - interval '90 minutes' END,
            CASE WHEN o.status IN ('accepted', 'delivered') THEN o.created + interval '2 hours' END,
            CASE WHEN o.status = 'rejected' THEN o.created + interval '3 hours' END,
            CASE WHEN o.status = 'canceled' THEN o.created + interval '5 hours' END,
            CASE WHEN o.status = 'delivered' THEN o.calibration - interval '1 hour' END,
            CASE WHEN o.status = 'rejected' THEN 'Bench: no capacity that day' END,
            CASE WHEN o.status = 'canceled' THEN 'Bench: subject withdrew' END,
            o.created_by, o.created,
            o.created + CASE o.status WHEN 'pending' THEN interval '0' WHEN 'delivered' THEN interval '1 day'
                                      ELSE interval '5 hours' END
     FROM (
       SELECT g.r, p.study_id, p.site_id, p.exam_id, p.drug_id, p.cmo_id, p.availability_id, c.id AS center_id,
              t.id AS timepoint_id, g.day,
              'S-' || lpad((g.n % 100000)::text, 6, '0') AS subject_id,
              (g.day + time '10:00' + (g.n % 360) * interval '1 minute') AT TIME ZONE p.cmo_tz AS calibration,
              least(now() - (g.n % 600) * interval '1 minute',
                    (g.day + time '08:00') AT TIME ZONE p.cmo_tz - (1 + g.n % 14) * interval '1 day') AS created,
              CASE WHEN g.day < current_date THEN
                     CASE WHEN g.r < 850 THEN 'delivered' WHEN g.r < 930 THEN 'canceled' ELSE 'rejected' END
                   ELSE
                     CASE WHEN g.r < 550 THEN 'pending' WHEN g.r < 900 THEN 'accepted'
                          WHEN g.r < 950 THEN 'canceled' ELSE 'rejected' END
              END AS status,
              (SELECT id FROM users WHERE username = 'site') AS created_by
       FROM (SELECT n, (${firstDay} + ((n * 7919) % $2)::int) AS day,
                    ((n * 2654435761) % 4294967296) % 1000 AS r
             FROM generate_series(0::bigint, $1::bigint - 1) n) g
       JOIN b_pairs p ON p.idx = g.n % (SELECT count(*) FROM b_pairs)
       JOIN b_centers c ON c.idx = (p.site_idx + g.n % $3) % (SELECT count(*) FROM b_centers)
       JOIN b_timepoints t ON t.idx = g.n % (SELECT count(*) FROM b_timepoints)
     ) o
     JOIN dose_slots ds ON ds.availability_id = o.availability_id AND ds.manufacture_date = o.day`,
    [orders, s.days, s.centersPerSite],
  );
  for (const index of orderIndexes) await q(index.indexdef);
  for (const fk of orderForeignKeys) await q(`ALTER TABLE orders ADD CONSTRAINT "${fk.conname}" ${fk.def}`);
  await q(`UPDATE dose_slots s SET booked = x.live, capacity = greatest(s.capacity, x.live)
           FROM (SELECT o.dose_slot_id, count(*) FILTER (WHERE o.status NOT IN ('rejected', 'canceled')) AS live
                 FROM orders o JOIN dose_slots d ON d.id = o.dose_slot_id
                 WHERE d.availability_id IN (SELECT id FROM b_avail) GROUP BY o.dose_slot_id) x
           WHERE s.id = x.dose_slot_id`);
  // As autovacuum would have left a table this old: statistics and the visibility map (index-only scans).
  await q('VACUUM ANALYZE');

  const counts = (
    await q(`SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM b_pairs)::int AS pairings,
                    (SELECT count(*) FROM b_avail)::int AS availabilities,
                    (SELECT count(*) FROM dose_slots)::int AS dose_slots`)
  ).rows[0] as { orders: number; pairings: number; availabilities: number; dose_slots: number };
  for (const table of [
    'b_cmos',
    'b_sites',
    'b_centers',
    'b_exams',
    'b_studies',
    'b_avail',
    'b_pairs',
    'b_timepoints',
  ]) {
    await q(`DROP TABLE ${table}`);
  }
  return {
    orders: counts.orders,
    pairings: counts.pairings,
    availabilities: counts.availabilities,
    doseSlots: counts.dose_slots,
    seconds: (performance.now() - started) / 1000,
  };
}
