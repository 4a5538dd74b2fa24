import {
  type DoseAccountability,
  type DoseAccountabilityQuery,
  type DoseCounts,
  type DoseRecords,
  doseCountsSchema,
  doseRecordOf,
  limits,
  type NotAdministeredReason,
  notAdministeredReasons,
} from '@dosechain/contract';
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { actingRole } from '../../kernel/auth/scope.ts';
import {
  companies,
  orderAdministrations,
  orderReceipts,
  orderShipments,
  orders,
  studies,
} from '../../kernel/db/schema.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { orderScope, selectOrders, toOrder } from '../order-records/index.ts';
import { idFilter } from './service.ts';

/**
 * The dose accountability report (issue 35, decision 060): the orders whose calibration falls in
 * [from, to), of one study and one clinical site if asked, in the role's company scope.
 */
function dosesIn(ctx: ServiceContext, query: DoseAccountabilityQuery): SQL | undefined {
  return and(
    gte(orders.calibrationDatetime, new Date(query.from)),
    lt(orders.calibrationDatetime, new Date(query.to)),
    idFilter(orders.studyId, query.studyId),
    idFilter(orders.siteId, query.siteId),
    orderScope(actingRole(ctx.actor)),
  );
}

const site = alias(companies, 'site');
const s = orderShipments;
const r = orderReceipts;
const a = orderAdministrations;

const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;

/**
 * The counts of one group, each the SQL form of the contract's `doseOutcome` judged at `now`
 * (which the answer gives as `asOf`): rejected and canceled by status; otherwise the
 * administration record decides (administered or not); with none, a shipment whose expiry is
 * not after `now` makes the dose expired, else it is awaiting. The six partition the orders.
 */
function countsAt(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const live = sql`${orders.status} not in ('rejected', 'canceled')`;
  const noAdministration = sql`${a.orderId} is null`;
  const notGiven = sql`${live} and ${a.administered} = false`;
  return {
    ordered: sql<number>`count(*)::int`,
    rejected: count(sql`${orders.status} = 'rejected'`),
    canceled: count(sql`${orders.status} = 'canceled'`),
    shipped: count(sql`${s.orderId} is not null`),
    delivered: count(sql`${orders.status} = 'delivered'`),
    administered: count(sql`${live} and ${a.administered} = true`),
    notAdministered: count(notGiven),
    ...(Object.fromEntries(
      notAdministeredReasons.map((reason) => [
        `reason_${reason}`,
        count(sql`${notGiven} and ${a.reason} = ${reason}`),
      ]),
    ) as Record<`reason_${NotAdministeredReason}`, SQL<number>>),
    receiptDeviations: count(sql`${r.deviation}`),
    expired: count(sql`${live} and ${noAdministration} and ${s.expiresAt} <= ${at}`),
    awaiting: count(
      sql`${live} and ${noAdministration} and (${s.orderId} is null or ${s.expiresAt} > ${at})`,
    ),
  };
}

type PlainCounts = Omit<DoseCounts, 'notAdministeredByReason'>;
type CountRow = PlainCounts & Record<`reason_${NotAdministeredReason}`, number>;

const byReason = (of: (reason: NotAdministeredReason) => number) =>
  Object.fromEntries(notAdministeredReasons.map((reason) => [reason, of(reason)])) as Record<
    NotAdministeredReason,
    number
  >;

/** A row's flat counts as the contract's, the reasons gathered. */
function doseCounts(row: CountRow): DoseCounts {
  const plain: Record<string, number> = {};
  for (const [key, value] of Object.entries(row)) if (!key.startsWith('reason_')) plain[key] = value;
  return {
    ...(plain as PlainCounts),
    notAdministeredByReason: byReason((reason) => row[`reason_${reason}`]),
  };
}

/** The sum of the rows' counts. */
function totalOf(rows: readonly DoseCounts[]): DoseCounts {
  const sum = (of: (c: DoseCounts) => number) => rows.reduce((total, c) => total + of(c), 0);
  const { notAdministeredByReason: _reasons, ...plain } = doseCountsSchema.shape;
  return {
    ...(Object.fromEntries(
      Object.keys(plain).map((key) => [key, sum((c) => c[key as keyof PlainCounts])]),
    ) as PlainCounts),
    notAdministeredByReason: byReason((reason) => sum((c) => c.notAdministeredByReason[reason])),
  };
}

/**
 * `GET /reports/dose-accountability`: the doses counted per study and clinical site (by name) in
 * one grouped query over the orders and their shipment, receipt and administration (each at
 * most one row per order, so the left joins multiply nothing), and the totals.
 */
export async function doseAccountability(
  ctx: ServiceContext,
  query: DoseAccountabilityQuery,
): Promise<DoseAccountability> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({
      studyId: orders.studyId,
      studyName: studies.name,
      siteId: orders.siteId,
      siteName: site.name,
      ...countsAt(now),
    })
    .from(orders)
    .innerJoin(studies, eq(studies.id, orders.studyId))
    .innerJoin(site, eq(site.id, orders.siteId))
    .leftJoin(s, eq(s.orderId, orders.id))
    .leftJoin(r, eq(r.orderId, orders.id))
    .leftJoin(a, eq(a.orderId, orders.id))
    .where(dosesIn(ctx, query))
    .groupBy(orders.studyId, studies.name, orders.siteId, site.name)
    .orderBy(asc(studies.name), asc(site.name), asc(orders.studyId), asc(orders.siteId));

  const items = rows.map(({ studyId, studyName, siteId, siteName, ...row }) => ({
    study: { id: studyId, name: studyName },
    site: { id: siteId, name: siteName },
    ...doseCounts(row),
  }));
  return { ...totalOf(items), items, asOf: now.toISOString() };
}

/**
 * `GET /reports/dose-accountability/doses`: the same doses for the imaging core lab, by
 * calibration then order number, read by the order read model (what `GET /orders` answers) in
 * one query and mapped by the contract's `doseRecordOf` at the same `now`, so a dose's outcome
 * is the one the counts give it. At most `max` (one more is read to know whether there were more).
 */
export async function doseRecords(
  ctx: ServiceContext,
  query: DoseAccountabilityQuery,
  max: number = limits.doseRecordsMax,
): Promise<DoseRecords> {
  const now = ctx.clock.now();
  const rows = await selectOrders(ctx.db)
    .where(dosesIn(ctx, query))
    .orderBy(asc(orders.calibrationDatetime), asc(orders.number))
    .limit(max + 1);
  return {
    items: rows.slice(0, max).map((row) => doseRecordOf(toOrder(row), now)),
    truncated: rows.length > max,
  };
}
