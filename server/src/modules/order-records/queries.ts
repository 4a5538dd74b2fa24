import type { CompanyType, Role } from '@dosechain/contract';
import {
  type ContactUser,
  convertActivity,
  type Order,
  type OrderAdministration,
  type OrderReceipt,
  type OrderShipment,
  orderStatuses,
} from '@dosechain/contract';
import { and, asc, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fullName } from '../../kernel/auth/principal.ts';
import { type CompanyScope, companyScope } from '../../kernel/auth/scope.ts';
import { type Executor, fromJson } from '../../kernel/db/client.ts';
import {
  availabilityExceptions,
  companies,
  doseSlots,
  drugs,
  exams,
  orderAdministrations,
  orderReceipts,
  orderShipments,
  orders,
  radionuclides,
  roles,
  studies,
  timepoints,
  users,
} from '../../kernel/db/schema.ts';
import { defineListResource, type ListJoin } from '../../kernel/http/list-query.ts';

const sites = alias(companies, 'site');
const centers = alias(companies, 'imaging_center');
const makers = alias(companies, 'order_cmo');

export const orderList = defineListResource({
  fields: {
    id: { column: orders.id, type: 'number', key: 'id' },
    number: { column: orders.number, type: 'number', key: 'number' },
    status: { column: orders.status, type: 'enum', key: 'status', values: orderStatuses },
    study_id: { column: orders.studyId, type: 'number', key: 'study' },
    study_name: { column: studies.name, type: 'text', key: 'study' },
    site_id: { column: orders.siteId, type: 'number', key: 'site' },
    site_name: { column: sites.name, type: 'text', key: 'site' },
    exam_id: { column: orders.examId, type: 'number', key: 'exam' },
    exam_name: { column: exams.name, type: 'text', key: 'exam' },
    drug_id: { column: orders.drugId, type: 'number', key: 'drug' },
    drug_name: { column: drugs.name, type: 'text', key: 'drug' },
    cmo_id: { column: orders.cmoId, type: 'number', key: 'cmo' },
    cmo_name: { column: makers.name, type: 'text', key: 'cmo' },
    imaging_center_id: { column: orders.imagingCenterId, type: 'number', key: 'imagingCenter' },
    imaging_center_name: { column: centers.name, type: 'text', key: 'imagingCenter' },
    timepoint_id: { column: orders.timepointId, type: 'number', key: 'timePoint' },
    availability_id: { column: doseSlots.availabilityId, type: 'number', key: 'id' },
    /** Its manufacture day has no manufacture (an exception, decision 026). */
    manufacture_closed: { column: doseSlots.closed, type: 'boolean', key: 'manufactureClosed' },
    subject_id: { column: orders.subjectId, type: 'text', key: 'subjectId' },
    /** Placed out of the subject's window, or as a second live order for its timepoint (issue 36). */
    out_of_window: { column: orders.outOfWindow, type: 'boolean', key: 'outOfWindow' },
    duplicate_timepoint: { column: orders.duplicateTimepoint, type: 'boolean', key: 'duplicateTimepoint' },
    /** Either (the Order status page's switch). */
    overridden: {
      column: sql`(${orders.outOfWindow} or ${orders.duplicateTimepoint})`,
      type: 'boolean',
      key: 'overrideReason',
    },
    created_at: { column: orders.createdAt, type: 'datetime', key: 'createdAt' },
    calibration_datetime: {
      column: orders.calibrationDatetime,
      type: 'datetime',
      key: 'calibrationDatetime',
    },
    projected_delivery: { column: orders.projectedDelivery, type: 'datetime', key: 'projectedDelivery' },
    shipped_at: { column: orders.shippedAt, type: 'datetime', key: 'shippedAt' },
    updated_at: { column: orders.updatedAt, type: 'datetime', key: 'updatedAt' },
  },
  searchFields: ['subject_id', 'study_name', 'site_name', 'exam_name'],
  defaultSort: '-created_at',
});

/** A table's columns naming an order's three companies. */
interface OrderCompanyColumns {
  cmoId: Column;
  siteId: Column;
  imagingCenterId: Column;
}

/** Which of an order's companies a company role must be: a CMO its CMO, a site its site, an imaging center its center. */
const orderPartyOf = {
  cmo: 'cmoId',
  clinical_site: 'siteId',
  imaging_center: 'imagingCenterId',
} as const satisfies Record<CompanyType, keyof OrderCompanyColumns>;

/**
 * The orders a role may see, on any table that names their companies: a CMO its own, a site
 * its own, an imaging center its own; staff all.
 */
export function orderScopeOn(role: Role, columns: OrderCompanyColumns): SQL | undefined {
  const scope = companyScope(role);
  return scope ? eq(columns[orderPartyOf[scope.type]], scope.companyId) : undefined;
}

/** The same rule on an order's company ids already read (a live event about the order). */
export function orderInScope(
  scope: CompanyScope | null,
  order: Record<keyof OrderCompanyColumns, number>,
): boolean {
  return !scope || order[orderPartyOf[scope.type]] === scope.companyId;
}

/** The orders a role may see (`orderScopeOn` the orders table). */
export function orderScope(role: Role): SQL | undefined {
  return orderScopeOn(role, orders);
}

/** The tables an order's names come from, each one row per order. */
export const orderJoins: readonly ListJoin[] = [
  { table: studies, on: eq(studies.id, orders.studyId) },
  { table: sites, on: eq(sites.id, orders.siteId) },
  { table: exams, on: eq(exams.id, orders.examId) },
  { table: drugs, on: eq(drugs.id, orders.drugId) },
  { table: makers, on: eq(makers.id, orders.cmoId) },
  { table: timepoints, on: eq(timepoints.id, orders.timepointId) },
  { table: centers, on: eq(centers.id, orders.imagingCenterId) },
  { table: doseSlots, on: eq(doseSlots.id, orders.doseSlotId) },
];

/** A json column, whichever driver reads it (pg parses it, others may hand back text). */
function json<T>(expr: SQL): SQL<T> {
  return sql<T>`${expr}`.mapWith((v: unknown) => fromJson<T>(v));
}

/** `{id, name[, timezone]}` of the record an order refers to, read by primary key. */
function named<T>(
  table: typeof studies | typeof exams | typeof drugs | typeof timepoints | typeof companies,
  id: Column,
  withZone = false,
): SQL<T> {
  const zone = withZone ? sql`, 'timezone', r.timezone` : sql``;
  return json<T>(
    sql`(select json_build_object('id', r.id, 'name', r.name${zone}) from ${table} r where r.id = ${id})`,
  );
}

type Ref = { id: number; name: string };
type DrugRef = Ref & {
  halfLifeSeconds: number | null;
  activityWarningPercent: number | null;
  receiptTolerancePercent: number | null;
};

/**
 * The order's drug with its radionuclide's half-life in seconds (null: not radioactive) and its
 * warning threshold: what the decay shown on the order needs.
 */
function drugOf(id: Column): SQL<DrugRef> {
  return json<DrugRef>(sql`(select json_build_object('id', r.id, 'name', r.name,
      'halfLifeSeconds', (select (n.half_life * case n.half_life_unit
        when 'min' then 60 when 'h' then 3600 else 86400 end)::float8
        from ${radionuclides} n where n.id = r.radionuclide_id),
      'activityWarningPercent', r.activity_warning_percent,
      'receiptTolerancePercent', r.receipt_tolerance_percent)
    from ${drugs} r where r.id = ${id})`);
}
type ZonedRef = Ref & { timezone: string };
type OrderRef = { id: number; number: number } | null;

/** The order this one replaces ("Order again", issue 36) and the one that replaced it, by id and number. */
const replacesOf = () =>
  json<OrderRef>(sql`(select json_build_object('id', r.id, 'number', r.number)
    from ${orders} r where r.id = ${orders.replacesOrderId})`);
const replacedByOf = () =>
  json<OrderRef>(sql`(select json_build_object('id', r.id, 'number', r.number)
    from ${orders} r where r.replaces_order_id = ${orders.id} order by r.id limit 1)`);

/** The shipment's record of an order (issue 35), read by its primary key; null: not shipped. */
function shipmentOf(orderId: Column): SQL<OrderShipment | null> {
  return sql<OrderShipment | null>`(select json_build_object('lotNumber', s.lot_number,
      'assayedActivity', s.assayed_activity::float8, 'activityUnit', s.activity_unit,
      'assayedAt', s.assayed_at, 'expiresAt', s.expires_at,
      'courier', s.courier, 'trackingNumber', s.tracking_number)
    from ${orderShipments} s where s.order_id = ${orderId})`.mapWith((v: unknown) => {
    const row = fromJson<OrderShipment | null>(v);
    return row && { ...row, assayedAt: isoText(row.assayedAt), expiresAt: isoText(row.expiresAt)! };
  });
}

/** The receipt's record of an order (issue 35), read by its primary key; null: none made. */
function receiptOf(orderId: Column): SQL<OrderReceipt | null> {
  return sql<OrderReceipt | null>`(select json_build_object('receivedActivity', r.received_activity::float8,
      'receivedAt', r.received_at, 'activityUnit', r.activity_unit,
      'expectedActivity', r.expected_activity, 'deviationPercent', r.deviation_percent,
      'tolerancePercent', r.tolerance_percent, 'packageCondition', r.package_condition,
      'deviation', r.deviation, 'comment', r.comment)
    from ${orderReceipts} r where r.order_id = ${orderId})`.mapWith((v: unknown) => {
    const row = fromJson<OrderReceipt | null>(v);
    return row && { ...row, receivedAt: isoText(row.receivedAt) };
  });
}

/** A receipt row as the order answer gives it. */
export function receiptAnswer(row: typeof orderReceipts.$inferSelect): OrderReceipt {
  return {
    receivedActivity: row.receivedActivity,
    receivedAt: iso(row.receivedAt),
    activityUnit: row.activityUnit,
    expectedActivity: row.expectedActivity,
    deviationPercent: row.deviationPercent,
    tolerancePercent: row.tolerancePercent,
    packageCondition: row.packageCondition,
    deviation: row.deviation,
    comment: row.comment,
  };
}

/** The administration record of an order (issue 35), read by its primary key; null: none made. */
function administrationOf(orderId: Column): SQL<OrderAdministration | null> {
  return sql<OrderAdministration | null>`(select json_build_object('administered', a.administered,
      'injectedAt', a.injected_at, 'measuredActivity', a.measured_activity::float8,
      'measuredAt', a.measured_at, 'residualActivity', a.residual_activity::float8,
      'residualAt', a.residual_at, 'activityUnit', a.activity_unit,
      'administeredActivity', a.administered_activity, 'reason', a.reason, 'comment', a.comment)
    from ${orderAdministrations} a where a.order_id = ${orderId})`.mapWith((v: unknown) => {
    const row = fromJson<Omit<
      OrderAdministration,
      'administeredActivityMbq' | 'administeredActivityMci'
    > | null>(v);
    return (
      row &&
      withBothUnits({
        ...row,
        injectedAt: isoText(row.injectedAt),
        measuredAt: isoText(row.measuredAt),
        residualAt: isoText(row.residualAt),
      })
    );
  });
}

/** The administered activity in MBq and mCi beside the order's unit. */
function withBothUnits(
  a: Omit<OrderAdministration, 'administeredActivityMbq' | 'administeredActivityMci'>,
): OrderAdministration {
  const known = a.administeredActivity !== null && a.activityUnit !== null;
  return {
    ...a,
    administeredActivityMbq: known ? convertActivity(a.administeredActivity!, a.activityUnit!, 'mBq') : null,
    administeredActivityMci: known ? convertActivity(a.administeredActivity!, a.activityUnit!, 'mCi') : null,
  };
}

/** An administration row as the order answer gives it. */
export function administrationAnswer(row: typeof orderAdministrations.$inferSelect): OrderAdministration {
  return withBothUnits({
    administered: row.administered,
    injectedAt: iso(row.injectedAt),
    measuredActivity: row.measuredActivity,
    measuredAt: iso(row.measuredAt),
    residualActivity: row.residualActivity,
    residualAt: iso(row.residualAt),
    activityUnit: row.activityUnit,
    administeredActivity: row.administeredActivity,
    reason: row.reason,
    comment: row.comment,
  });
}

/** A timestamp json_build_object wrote (`2027-03-01T05:00:00+00:00`) as the answers give instants. */
const isoText = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** A shipment row as the order answer gives it. */
export function shipmentAnswer(row: typeof orderShipments.$inferSelect): OrderShipment {
  return {
    lotNumber: row.lotNumber,
    assayedActivity: row.assayedActivity,
    activityUnit: row.activityUnit,
    assayedAt: iso(row.assayedAt),
    expiresAt: row.expiresAt.toISOString(),
    courier: row.courier,
    trackingNumber: row.trackingNumber,
  };
}
type ClosedDay = { date: string; reason: string } | null;

/**
 * The exception that closed the order's manufacture day (its dose slot's `closed`, decision 026)
 * with its reason; null on a manufacture day. Read by the slot's key and the exceptions' unique
 * (availability, date) index.
 */
function closedDayOf(slotId: Column): SQL<ClosedDay> {
  return json<ClosedDay>(sql`(select json_build_object('date', e.exception_date, 'reason', e.reason)
    from ${doseSlots} s join ${availabilityExceptions} e
      on e.availability_id = s.availability_id and e.exception_date = s.manufacture_date and e.closed
    where s.id = ${slotId} and s.closed)`);
}

/** The imaging center's fields an order shows. */
interface CenterRow {
  id: number;
  name: string;
  phoneNumber: string | null;
  timezone: string;
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state: string | null;
  country: string;
  zipCode: string | null;
}

/**
 * What an order row answers: the order, and the names it shows read by primary key in
 * subqueries, so the list joins only the tables its filter, search and sort use (a join of all
 * eight costs PostgreSQL tens of milliseconds of planning, more than the query itself).
 */
export function orderSource(db: Executor) {
  const select = db
    .select({
      order: orders,
      study: named<Ref>(studies, orders.studyId),
      site: named<ZonedRef>(companies, orders.siteId, true),
      exam: named<Ref>(exams, orders.examId),
      drug: drugOf(orders.drugId),
      cmo: named<ZonedRef>(companies, orders.cmoId, true),
      timePoint: named<Ref>(timepoints, orders.timepointId),
      manufactureClosed: closedDayOf(orders.doseSlotId),
      replacesOrder: replacesOf(),
      replacedByOrder: replacedByOf(),
      shipment: shipmentOf(orders.id),
      receipt: receiptOf(orders.id),
      administration: administrationOf(orders.id),
      imagingCenter: json<CenterRow>(sql`(select json_build_object(
          'id', r.id, 'name', r.name, 'phoneNumber', r.phone_number, 'timezone', r.timezone,
          'address_line_1', r.address_line_1, 'address_line_2', r.address_line_2, 'city', r.city,
          'state', r.state, 'country', r.country, 'zipCode', r.zip_code)
        from ${companies} r where r.id = ${orders.imagingCenterId})`),
    })
    .from(orders)
    .$dynamic();
  return { select, base: orders, joins: [], filterJoins: orderJoins };
}

/** Orders with every name they show; add `where`, order and paging. */
export function selectOrders(db: Executor) {
  return orderSource(db).select;
}

type OrderJoined = Awaited<ReturnType<ReturnType<typeof selectOrders>['where']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An order's own columns as the answer gives them (its names come from the joined read). */
function ownFields(o: typeof orders.$inferSelect) {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    subjectId: o.subjectId,
    calibrationDatetime: o.calibrationDatetime.toISOString(),
    requestedActivity: o.requestedActivity,
    activityUnit: o.activityUnit,
    projectedDelivery: iso(o.projectedDelivery),
    acceptedAt: iso(o.acceptedAt),
    rejectedAt: iso(o.rejectedAt),
    canceledAt: iso(o.canceledAt),
    shippedAt: iso(o.shippedAt),
    deliveredAt: iso(o.deliveredAt),
    rejectionReason: o.rejectionReason,
    cancelationReason: o.cancelationReason,
    additionalNotes: o.additionalNotes,
    outOfWindow: o.outOfWindow,
    duplicateTimepoint: o.duplicateTimepoint,
    overrideReason: o.overrideReason,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  } satisfies Partial<Order>;
}

export function toOrder(row: OrderJoined): Order {
  const { order: o, imagingCenter: center } = row;
  return {
    ...ownFields(o),
    study: row.study,
    site: row.site,
    exam: row.exam,
    drug: row.drug,
    cmo: row.cmo,
    timePoint: row.timePoint,
    imagingCenter: {
      id: center.id,
      name: center.name,
      phoneNumber: center.phoneNumber,
      timezone: center.timezone,
      address: {
        line_1: center.address_line_1,
        line_2: center.address_line_2,
        city: center.city,
        state: center.state,
        country: center.country,
        zipCode: center.zipCode,
      },
    },
    manufactureClosed: row.manufactureClosed ?? null,
    replacesOrder: row.replacesOrder ?? null,
    replacedByOrder: row.replacedByOrder ?? null,
    shipment: row.shipment ?? null,
    receipt: row.receipt ?? null,
    administration: row.administration ?? null,
  };
}

/**
 * The order read before a change, with its own columns as the change's `RETURNING` gave them:
 * what it is now without reading it again (a change of status moves none of its names).
 */
export function withOwnColumns(order: Order, row: typeof orders.$inferSelect): Order {
  return { ...order, ...ownFields(row) };
}

/**
 * Active users of the companies' roles with a flag set, by company: the imaging centers'
 * contacts or the sites' coordinators (one query for a whole page of orders).
 */
export async function flaggedUsersByCompany(
  db: Executor,
  companyIds: readonly number[],
  flag: 'imagingCenterContact' | 'siteCoordinator',
): Promise<Map<number, ContactUser[]>> {
  const byCompany = new Map<number, ContactUser[]>(companyIds.map((id) => [id, []]));
  if (companyIds.length === 0) return byCompany;
  const rows = await db
    .selectDistinct({
      companyId: roles.companyId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .innerJoin(roles, eq(roles.userId, users.id))
    .where(and(inArray(roles.companyId, [...companyIds]), eq(users[flag], true), eq(users.active, true)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  for (const u of rows) {
    byCompany.get(u.companyId!)?.push({ id: u.id, fullName: fullName(u), email: u.email, phone: u.phone });
  }
  return byCompany;
}

/** The same for one company. */
export async function flaggedUsers(
  db: Executor,
  companyId: number,
  flag: 'imagingCenterContact' | 'siteCoordinator',
): Promise<ContactUser[]> {
  return (await flaggedUsersByCompany(db, [companyId], flag)).get(companyId) ?? [];
}

/** Orders with the imaging center's contacts and the site's coordinators (the detail panel). */
export async function withContacts(db: Executor, list: Order[]): Promise<Order[]> {
  const [contacts, coordinators] = await Promise.all([
    flaggedUsersByCompany(db, [...new Set(list.map((o) => o.imagingCenter.id))], 'imagingCenterContact'),
    flaggedUsersByCompany(db, [...new Set(list.map((o) => o.site.id))], 'siteCoordinator'),
  ]);
  return list.map((o) => ({
    ...o,
    imagingCenter: { ...o.imagingCenter, contactUsers: contacts.get(o.imagingCenter.id) ?? [] },
    coordinatorUsers: coordinators.get(o.site.id) ?? [],
  }));
}
