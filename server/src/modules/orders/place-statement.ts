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
import { preparedSql } from '../../kernel/db/prepared-sql.ts';
import { drugAvailabilities, orders } from '../../kernel/db/schema.ts';
import { type ResolvedPairing, takeDoseSql } from '../availability/index.ts';
import {
  type PlacedNoticeValues,
  type PlacedOrderFacts,
  placedNoticesSql,
  placedNoticeValues,
} from '../order-records/index.ts';
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
  /** How many webhook deliveries the statement queued (none: no dispatcher to wake). */
  deliveries_queued: number;
}

/** The order's values in the placement's statement, by placeholder name. */
interface OrderValues extends Record<string, unknown> {
  studyId: number;
  siteId: number;
  examId: number;
  drugId: number;
  cmoId: number;
  imagingCenterId: number;
  timepointId: number;
  subjectId: string;
  calibrationDatetime: string;
  requestedActivity: number | null;
  additionalNotes: string | null;
  outOfWindow: boolean;
  duplicateTimepoint: boolean;
  overrideReason: string | null;
  replacesOrderId: number | null;
  createdBy: number;
}

/** Where the dose comes from: taken by the statement (one candidate), or taken already. */
export type PlacementDose =
  | { take: { date: string; availabilityId: number } }
  | { taken: { id: number; availabilityId: number } };

interface DoseValues extends Record<string, unknown> {
  doseDate: string | null;
  doseId: number | null;
  doseAvailabilityId: number;
}

type StatementValues = OrderValues & DoseValues & PlacedNoticeValues;
const p = <K extends keyof StatementValues & string>(name: K) => sql.placeholder(name);

/**
 * The order's INSERT, its dose slot (and the unit of a requested activity) from the CTE `dose`
 * (`id`, `availability_id`): no dose, no order. It answers the order's id, number and status, and
 * the audit row's id and time (`auditStampSql`).
 */
function orderInsertSql(): SQL {
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
    select ${p('studyId')}::integer, ${p('siteId')}::integer, ${p('examId')}::integer,
      ${p('drugId')}::integer, ${p('cmoId')}::integer, ${p('imagingCenterId')}::integer,
      ${p('timepointId')}::integer, dose.id, ${p('subjectId')}::text, ${p('calibrationDatetime')}::timestamptz,
      ${p('requestedActivity')}::numeric,
      case when ${p('requestedActivity')}::numeric is null then null else
        (select ${a.activityUnit} from ${a} where ${a.id} = dose.availability_id) end,
      ${p('additionalNotes')}::text, ${p('outOfWindow')}::boolean, ${p('duplicateTimepoint')}::boolean,
      ${p('overrideReason')}::text, ${p('replacesOrderId')}::integer, ${p('createdBy')}::integer
    from dose
    returning ${o.id} as id, ${o.number} as number, ${o.status} as status, ${o.activityUnit} as activity_unit,
      ${auditStampSql.id} as audit_id, ${auditStampSql.issuedAt} as audit_issued_at`;
}

/** The order's values of the statement. */
function orderValues(w: WrittenOrder): OrderValues {
  const { input, pairing } = w;
  return {
    studyId: input.studyId,
    siteId: input.siteId,
    examId: input.examId,
    drugId: pairing.drugId,
    cmoId: pairing.cmoId,
    imagingCenterId: input.imagingCenterId,
    timepointId: input.timePointId,
    subjectId: input.subjectId,
    calibrationDatetime: w.at.toISOString(),
    requestedActivity: w.requestedActivity,
    additionalNotes: placeOrderNotes(input),
    outOfWindow: w.flags.outOfWindow,
    duplicateTimepoint: w.flags.duplicateTimepoint,
    overrideReason: w.overridden,
    replacesOrderId: input.replacesOrderId ?? null,
    createdBy: w.createdBy,
  };
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

/** The placement's statement: the dose, the order, its mails and deliveries (see `placeInOneStatement`). */
function placementSql(dose: SQL): SQL {
  const placed = sql.raw('placed');
  const notices = placedNoticesSql(placed);
  return sql`with dose as (${dose}), ${placed} as (${orderInsertSql()}),
      mails as (${notices.mails}), deliveries as (${notices.deliveries})
    select ${placed}.*, (select count(*)::integer from deliveries) as deliveries_queued from ${placed}`;
}

/** Built once each (decision 062): the statement taking the dose, and the one given a dose taken. */
const placeTakingDose = preparedSql<StatementValues, PlacedRow>('place_order_taking_dose', () =>
  placementSql(takeDoseSql(p('doseDate'), p('doseAvailabilityId'))),
);
const placeWithDose = preparedSql<StatementValues, PlacedRow>('place_order_with_dose', () =>
  placementSql(
    sql`select ${p('doseId')}::integer as id, ${p('doseAvailabilityId')}::integer as availability_id`,
  ),
);

/**
 * Places the order in one statement (issue 34, decision 061): the dose (taken by the statement,
 * or the slot already taken), the order, its mails and its webhook deliveries as data-modifying
 * CTEs. No row when no dose was left.
 */
export function placeInOneStatement(
  tx: Tx,
  dose: PlacementDose,
  written: WrittenOrder,
  recipients: readonly string[],
  ctx: { publicUrl: string; now: Date },
): Promise<PlacedRow[]> {
  const values: StatementValues = {
    ...orderValues(written),
    ...placedNoticeValues(placedFacts(written), recipients, 'order.placed', ctx),
    ...('take' in dose
      ? { doseDate: dose.take.date, doseId: null, doseAvailabilityId: dose.take.availabilityId }
      : { doseDate: null, doseId: dose.taken.id, doseAvailabilityId: dose.taken.availabilityId }),
  };
  return ('take' in dose ? placeTakingDose : placeWithDose)(tx, values);
}
