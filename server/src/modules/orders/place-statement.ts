import {
  type ActivityUnit,
  type OrderStatus,
  type placeOrderBodySchema,
  placeOrderNotes,
} from '@dosechain/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditStampSql } from '../../kernel/audit/record.ts';
import type { Tx } from '../../kernel/db/client.ts';
import { drugAvailabilities, orders } from '../../kernel/db/schema.ts';
import type { ResolvedPairing } from '../availability/index.ts';
import { type PlacedOrderFacts, placedOrderNotices } from '../order-records/index.ts';
import type { ReplacedOrder } from './place-references.ts';

type PlaceOrderInput = z.output<typeof placeOrderBodySchema>;

/** What a placement writes, checked: the order's columns and the names its mail and webhooks tell. */
export interface WrittenOrder {
  input: PlaceOrderInput;
  pairing: ResolvedPairing;
  names: { study: string; site: string; center: string; exam: string };
  centerTimezone: string;
  at: Date;
  requestedActivity: number | null;
  /** The unit of the requested activity as read (the dose's availability's); null without one. */
  activityUnit: ActivityUnit | null;
  flags: { outOfWindow: boolean; duplicateTimepoint: boolean };
  overridden: string | null;
  replaced: ReplacedOrder | undefined;
  createdBy: number;
}

/** The row the placement's statement answers. */
export interface PlacedRow {
  id: number;
  number: number;
  status: OrderStatus;
  activity_unit: ActivityUnit | null;
  audit_id: number | string;
  audit_issued_at: string;
}

/**
 * The order's INSERT, its dose slot (and the unit of a requested activity) from the CTE `dose`
 * (`id`, `availability_id`): no dose, no order. It answers the order's id, number and status, and
 * the audit row's id and time (`auditStampSql`).
 */
function orderInsertSql(w: WrittenOrder): SQL {
  const { input, pairing, requestedActivity } = w;
  const o = orders;
  const a = drugAvailabilities;
  const columns = [
    o.studyId,
    o.siteId,
    o.examId,
    o.drugId,
    o.cmoId,
    o.imagingCenterId,
    o.timepointId,
    o.doseSlotId,
    o.subjectId,
    o.calibrationDatetime,
    o.requestedActivity,
    o.activityUnit,
    o.additionalNotes,
    o.outOfWindow,
    o.duplicateTimepoint,
    o.overrideReason,
    o.replacesOrderId,
    o.createdBy,
  ].map((c) => sql.identifier(c.name));
  return sql`insert into ${o} (${sql.join(columns, sql`, `)})
    select ${input.studyId}::integer, ${input.siteId}::integer, ${input.examId}::integer,
      ${pairing.drugId}::integer, ${pairing.cmoId}::integer, ${input.imagingCenterId}::integer,
      ${input.timePointId}::integer, dose.id, ${input.subjectId}::text, ${w.at.toISOString()}::timestamptz,
      ${requestedActivity}::numeric,
      case when ${requestedActivity}::numeric is null then null else
        (select ${a.activityUnit} from ${a} where ${a.id} = dose.availability_id) end,
      ${placeOrderNotes(input)}::text, ${w.flags.outOfWindow}::boolean, ${w.flags.duplicateTimepoint}::boolean,
      ${w.overridden}::text, ${input.replacesOrderId ?? null}::integer, ${w.createdBy}::integer
    from dose
    returning ${o.id} as id, ${o.number} as number, ${o.status} as status, ${o.activityUnit} as activity_unit,
      ${auditStampSql.id} as audit_id, ${auditStampSql.issuedAt} as audit_issued_at`;
}

/** What the order's mail and its webhooks' body tell, from what is written (id and number: the database's). */
function placedFacts(w: WrittenOrder): PlacedOrderFacts {
  const { input, pairing, names } = w;
  const calibrationDatetime = w.at.toISOString();
  const imagingCenter = { name: names.center, timezone: w.centerTimezone };
  const unset = {
    projectedDelivery: null,
    shippedAt: null,
    deliveredAt: null,
    rejectionReason: null,
    cancelationReason: null,
  };
  return {
    mail: {
      status: 'pending',
      subjectId: input.subjectId,
      calibrationDatetime,
      requestedActivity: w.requestedActivity,
      activityUnit: w.activityUnit,
      ...unset,
      study: { name: names.study },
      site: { name: names.site },
      exam: { name: names.exam },
      drug: { name: pairing.drugName },
      cmo: { name: pairing.cmoName },
      imagingCenter,
      ...w.flags,
      overrideReason: w.overridden,
      replacesOrder: w.replaced ? { id: input.replacesOrderId!, number: w.replaced.number } : null,
    },
    // As `webhookOrder` gives an order read back.
    webhook: {
      status: 'pending',
      study: { id: input.studyId, name: names.study },
      site: { id: input.siteId, name: names.site },
      imagingCenter: { id: input.imagingCenterId, ...imagingCenter },
      cmo: { id: pairing.cmoId, name: pairing.cmoName },
      subjectId: input.subjectId,
      calibrationDatetime,
      projectedDelivery: null,
      shippedAt: null,
      deliveredAt: null,
      shipment: null,
      receipt: null,
      administration: null,
      rejectionReason: null,
      cancelationReason: null,
    },
  };
}

/**
 * Places the order in one statement (issue 34, decision 061): the dose (`dose`, a statement that
 * takes one or the slot already taken), the order, its mails and its webhook deliveries as
 * data-modifying CTEs. No row when no dose was left.
 */
export async function placeInOneStatement(
  tx: Tx,
  dose: SQL,
  written: WrittenOrder,
  recipients: readonly string[],
  ctx: { publicUrl: string; now: Date },
): Promise<PlacedRow[]> {
  const placed = sql.raw('placed');
  const notices = placedOrderNotices(placedFacts(written), recipients, 'order.placed', ctx, placed);
  const result = await tx.execute(sql`with dose as (${dose}), ${placed} as (${orderInsertSql(written)}),
      ${notices.mails ? sql`mails as (${notices.mails}),` : sql``} deliveries as (${notices.deliveries})
      select * from ${placed}`);
  return (result as unknown as { rows: PlacedRow[] }).rows;
}
