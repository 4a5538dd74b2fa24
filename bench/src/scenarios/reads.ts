import { finalOrderStatuses, type OrderStatus, orderStatuses } from '@dosechain/contract';
import type pg from 'pg';
import { type Api, listPath } from '../http.ts';
import { type LoopBounds, type Stats, stats, timeSequential } from '../measure.ts';

/** One measured line of the table: the app's figure next to its raw SQL's. */
export interface Comparison {
  name: string;
  app: Stats;
  raw: Stats;
  note?: string;
}

/**
 * The orders list's rows as hand-written SQL: the order and every name it shows, each read by
 * primary key (the filters measured here touch only the orders table, so nothing is joined).
 */
const orderRowsSql = `
  SELECT o.*,
    (SELECT json_build_object('id', r.id, 'name', r.name) FROM studies r WHERE r.id = o.study_id) AS study,
    (SELECT json_build_object('id', r.id, 'name', r.name, 'timezone', r.timezone) FROM companies r WHERE r.id = o.site_id) AS site,
    (SELECT json_build_object('id', r.id, 'name', r.name) FROM exams r WHERE r.id = o.exam_id) AS exam,
    (SELECT json_build_object('id', r.id, 'name', r.name) FROM drugs r WHERE r.id = o.drug_id) AS drug,
    (SELECT json_build_object('id', r.id, 'name', r.name, 'timezone', r.timezone) FROM companies r WHERE r.id = o.cmo_id) AS cmo,
    (SELECT json_build_object('id', r.id, 'name', r.name) FROM timepoints r WHERE r.id = o.timepoint_id) AS timepoint,
    (SELECT row_to_json(r) FROM companies r WHERE r.id = o.imaging_center_id) AS imaging_center
  FROM orders o`;

/** Active users with a flag (contact, coordinator) in a role of the given companies. */
const contactsSql = (flag: 'imaging_center_contact' | 'site_coordinator') => `
  SELECT DISTINCT r.company_id, u.id, u.first_name, u.last_name, u.email, u.phone
  FROM users u JOIN roles r ON r.user_id = u.id
  WHERE r.company_id = ANY($1::int[]) AND u.${flag} AND u.active
  ORDER BY u.last_name, u.first_name, u.id`;

/**
 * A list's total as hand-written SQL would take it: the live orders counted, the final ones
 * summed from the counts the database keeps (`final_order_counts`), as the app does.
 */
const totalSql = (scope: string) => `
  SELECT (SELECT count(*) FROM orders o WHERE o.status = ANY($1::order_status[])${scope})
       + (SELECT coalesce(sum(o.orders), 0) FROM final_order_counts o WHERE o.status = ANY($2::order_status[])${scope})`;

interface ListCase {
  name: string;
  /** The one status filtered on; null for the unfiltered list (every status). */
  status: OrderStatus | null;
  sort: { api: string; sql: string };
  scope?: { column: 'cmo_id' | 'site_id'; companyId: number; roleId: number; token: string };
  pages: number;
  size: number;
}

async function compareList(api: Api, pool: pg.Pool, token: string, c: ListCase, bounds: LoopBounds) {
  const filter = c.status ? [{ field: 'status', op: 'eq', value: c.status }] : undefined;
  const appSamples = await timeSequential(bounds, (i) =>
    api.getOk(
      listPath(filter, c.sort.api, 1 + (i % c.pages), c.size),
      c.scope?.token ?? token,
      c.scope?.roleId,
    ),
  );
  const conditions = [
    ...(c.status ? ['o.status = $1'] : []),
    ...(c.scope ? [`o.${c.scope.column} = $${c.status ? 2 : 1}`] : []),
  ];
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const params: unknown[] = [...(c.status ? [c.status] : []), ...(c.scope ? [c.scope.companyId] : [])];
  const statuses = c.status ? [c.status] : orderStatuses;
  const totalParams: unknown[] = [
    statuses.filter((s) => !finalOrderStatuses.includes(s)),
    statuses.filter((s) => finalOrderStatuses.includes(s)),
    ...(c.scope ? [c.scope.companyId] : []),
  ];
  const total = totalSql(c.scope ? ` AND o.${c.scope.column} = $3` : '');
  const rawSamples = await timeSequential(bounds, async (i) => {
    const offset = (i % c.pages) * c.size;
    const [page] = await Promise.all([
      pool.query<{ site_id: number; imaging_center_id: number }>(
        `${orderRowsSql} ${where} ORDER BY ${c.sort.sql}, o.id LIMIT ${c.size} OFFSET ${offset}`,
        params,
      ),
      pool.query(total, totalParams),
    ]);
    // The detail panel's people, for the page's companies, as the app answers them.
    await Promise.all([
      pool.query(contactsSql('imaging_center_contact'), [page.rows.map((r) => r.imaging_center_id)]),
      pool.query(contactsSql('site_coordinator'), [page.rows.map((r) => r.site_id)]),
    ]);
  });
  return { name: c.name, app: stats(appSamples), raw: stats(rawSamples) };
}

export interface ReadContext {
  api: Api;
  pool: pg.Pool;
  adminToken: string;
  cmo: { token: string; roleId: number; companyId: number };
  site: { token: string; roleId: number; companyId: number };
  bounds: LoopBounds;
}

/** Orders list pages (staff view, filtered by status, newest first, with total) and the role dashboards. */
export async function listAndDashboards(ctx: ReadContext): Promise<Comparison[]> {
  const newestFirst = { api: '-created_at', sql: 'o.created_at DESC' };
  const cases: ListCase[] = [
    {
      name: 'Orders list, status pending, -created_at, pages 1–5',
      status: 'pending',
      sort: newestFirst,
      pages: 5,
      size: 25,
    },
    {
      name: 'Orders list, every status (the Order status screen), -created_at, pages 1–5',
      status: null,
      sort: newestFirst,
      pages: 5,
      size: 25,
    },
    {
      name: 'Orders list, status delivered (≈85 %), -created_at, pages 1–5',
      status: 'delivered',
      sort: newestFirst,
      pages: 5,
      size: 25,
    },
    {
      name: 'Dashboard CMO: pending by calibration_datetime',
      status: 'pending',
      sort: { api: 'calibration_datetime', sql: 'o.calibration_datetime' },
      scope: { column: 'cmo_id', ...ctx.cmo },
      pages: 1,
      size: 10,
    },
    {
      name: 'Dashboard site: accepted by projected_delivery',
      status: 'accepted',
      sort: { api: 'projected_delivery', sql: 'o.projected_delivery' },
      scope: { column: 'site_id', ...ctx.site },
      pages: 1,
      size: 10,
    },
  ];
  const results: Comparison[] = [];
  for (const c of cases) results.push(await compareList(ctx.api, ctx.pool, ctx.adminToken, c, ctx.bounds));
  return results;
}

/** Availability search for a month of one bench pairing vs the SQL it needs (pairing, availabilities, slots). */
export async function availabilitySearch(ctx: ReadContext): Promise<Comparison> {
  const { rows } = await ctx.pool.query<{
    study_id: number;
    exam_id: number;
    site_id: number;
    drug_id: number;
    cmo_id: number;
  }>(
    `SELECT p.study_id, p.exam_id, p.site_id, e.drug_id, p.cmo_id FROM study_pairings p
     JOIN studies s ON s.id = p.study_id JOIN exams e ON e.id = p.exam_id
     WHERE s.name LIKE 'BENCH-%' AND e.active ORDER BY p.id LIMIT 1`,
  );
  const p = rows[0]!;
  const from = new Date().toISOString().slice(0, 10);
  const toDate = new Date();
  toDate.setUTCMonth(toDate.getUTCMonth() + 1);
  const to = toDate.toISOString().slice(0, 10);
  const path = `/drug-availabilities/search?studyId=${p.study_id}&examId=${p.exam_id}&siteId=${p.site_id}&from=${from}&to=${to}`;
  const app = await timeSequential(ctx.bounds, () => ctx.api.getOk(path, ctx.adminToken));
  const raw = await timeSequential(ctx.bounds, async () => {
    await ctx.pool.query(
      `SELECT e.drug_id, p.cmo_id, c.timezone FROM study_pairings p JOIN exams e ON e.id = p.exam_id
       JOIN companies c ON c.id = p.cmo_id WHERE p.study_id = $1 AND p.exam_id = $2 AND p.site_id = $3`,
      [p.study_id, p.exam_id, p.site_id],
    );
    const avail = await ctx.pool.query<{ id: number }>(
      `SELECT * FROM drug_availabilities WHERE drug_id = $1 AND cmo_id = $2 AND active
       AND valid_from < $4 AND valid_until >= $3 ORDER BY id`,
      [p.drug_id, p.cmo_id, from, to],
    );
    await ctx.pool.query(
      `SELECT availability_id, manufacture_date, booked FROM dose_slots
       WHERE availability_id = ANY($1) AND manufacture_date >= $2 AND manufacture_date < $3`,
      [avail.rows.map((a) => a.id), from, to],
    );
  });
  return {
    name: 'Availability search, one month',
    app: stats(app),
    raw: stats(raw),
    note: 'raw SQL leaves out expanding the recurrence into days (rrule), which the app does in JS',
  };
}

/**
 * The Orders Report grouped by month over the generated three years, in New York time, against
 * the same grouped count in SQL (target ≤ 1.5×).
 */
export async function ordersReportByMonth(ctx: ReadContext): Promise<Comparison> {
  const to = new Date();
  const from = new Date(to);
  from.setUTCFullYear(from.getUTCFullYear() - 3);
  const tz = 'America/New_York';
  const path = `/reports/orders-count?from=${from.toISOString()}&to=${to.toISOString()}&grouping=month&tz=${encodeURIComponent(tz)}`;
  const counts = orderStatuses.map((s) => `count(*) FILTER (WHERE status = '${s}')::int AS ${s}`).join(', ');
  const app = await timeSequential(ctx.bounds, () => ctx.api.getOk(path, ctx.adminToken));
  const raw = await timeSequential(ctx.bounds, async () => {
    await ctx.pool.query(
      `SELECT to_char(date_trunc('month', created_at AT TIME ZONE $3), 'YYYY-MM') AS key, ${counts},
              count(*)::int AS total
       FROM orders WHERE created_at >= $1 AND created_at < $2 GROUP BY 1 ORDER BY 1`,
      [from, to, tz],
    );
  });
  return { name: 'Orders report grouped by month, three years', app: stats(app), raw: stats(raw) };
}
