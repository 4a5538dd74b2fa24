import { DateTime } from 'luxon';
import { z } from 'zod';
import { fieldErrorSchema } from './errors.ts';
import { timezoneField } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta } from './mutation.ts';
import { ACTIVITY_SHOWN_MAX_FACTOR, activityField } from './order-activity.ts';
import { type OrderStatus, orderStatuses } from './order-status-table.ts';
import type { Permission } from './permissions.ts';
import { type CompanyType, isCompanyRole, type RoleType } from './roles.ts';
import { inputString, isDateTextInRange } from './text.ts';

/** The actions on an order (spec section 4), in the order the grids show them. */
export const orderActions = ['accept', 'reject', 'ship', 'deliver', 'cancel'] as const;
export type OrderAction = (typeof orderActions)[number];

/**
 * What an action's entered value is and where it is kept: a date-time (with its zone) stored as
 * an instant, or a comment (the reason) stored as text, in the order's field of that name
 * (`Order` and the `orders` table's column alike).
 */
export type OrderActionInput =
  | { needs: 'relatedDatetime'; column: 'projectedDelivery' | 'shippedAt' | 'deliveredAt' }
  | { needs: 'comment'; column: 'rejectionReason' | 'cancelationReason' };

/** The order's fields set to the server's clock when an action is taken. */
export type OrderActionStampColumn = 'acceptedAt' | 'rejectedAt' | 'canceledAt';

/** The icons an action can show; the web maps each key to its icon (the contract holds no React). */
export const orderActionIconKeys = ['confirm', 'refuse', 'dispatch', 'ship', 'withdraw'] as const;
export type OrderActionIconKey = (typeof orderActionIconKeys)[number];

export type OrderActionRule = OrderActionInput & {
  label: string;
  /** The statuses the action starts from. */
  from: readonly OrderStatus[];
  /** The status the order moves to; `PUT /orders/{id}/status` names the action by it. */
  to: OrderStatus;
  /** The order's field set to the server's clock, if any (a delivery's time is the one entered). */
  stampColumn?: OrderActionStampColumn;
  /**
   * How screens name the entered value: a comment's field ('Rejection reason'), or a date-time's
   * date and time fields ('<label> date', '<label> time').
   */
  inputLabel: string;
  /** The order mail's line of the entered value, `<mailLabel>: <value>`, while the order holds it. */
  mailLabel: string;
  /** Whether moving into `to` gives the order's dose back to the day's capacity (decision 004). */
  releasesCapacity: boolean;
  /** Which icon shows the action in grids and on buttons. */
  icon: OrderActionIconKey;
  /** What the acting role needs. */
  permission: Permission;
  /**
   * Which of the order's parties may take the action (a company role acts on its own company's
   * orders only); staff and admin may take every action (issue 16).
   */
  parties: readonly CompanyType[];
  /**
   * For a date-time action, which side of now the entered time must lie on (a few minutes of
   * clock skew allowed): a projected delivery is not in the past, a delivery not in the future.
   */
  relatedTime?: 'notPast' | 'notFuture';
};

/**
 * THE action table (spec section 4): status × action → next status, what it needs, where that
 * is kept, how it is named and who may do it. The server's guard, update, dose release and mail,
 * the web's row actions and dialogs, and the tests read it; nothing else lists transitions or
 * per-action fields (docs/how-to/add-order-action.md).
 */
export const orderActionRules: Record<OrderAction, OrderActionRule> = {
  accept: {
    label: 'Accept',
    from: ['pending'],
    to: 'accepted',
    needs: 'relatedDatetime',
    column: 'projectedDelivery',
    stampColumn: 'acceptedAt',
    inputLabel: 'Projected delivery',
    mailLabel: 'Projected delivery',
    releasesCapacity: false,
    icon: 'confirm',
    permission: 'cmoAcknowledgement.create',
    parties: ['cmo'],
    relatedTime: 'notPast',
  },
  reject: {
    label: 'Reject',
    from: ['pending'],
    to: 'rejected',
    needs: 'comment',
    column: 'rejectionReason',
    stampColumn: 'rejectedAt',
    inputLabel: 'Rejection reason',
    mailLabel: 'Reason for rejection',
    releasesCapacity: true,
    icon: 'refuse',
    permission: 'cmoAcknowledgement.create',
    parties: ['cmo'],
  },
  ship: {
    label: 'Ship',
    from: ['accepted'],
    to: 'shipped',
    needs: 'relatedDatetime',
    column: 'shippedAt',
    inputLabel: 'Dispatch',
    mailLabel: 'Shipped',
    releasesCapacity: false,
    icon: 'dispatch',
    permission: 'orderStatus.create',
    parties: ['cmo'],
    relatedTime: 'notFuture',
  },
  deliver: {
    label: 'Deliver',
    from: ['accepted', 'shipped'],
    to: 'delivered',
    needs: 'relatedDatetime',
    column: 'deliveredAt',
    inputLabel: 'Delivery',
    mailLabel: 'Delivered',
    releasesCapacity: false,
    icon: 'ship',
    permission: 'orderStatus.create',
    parties: ['cmo', 'imaging_center'],
    relatedTime: 'notFuture',
  },
  cancel: {
    label: 'Cancel',
    from: ['pending', 'accepted'],
    to: 'canceled',
    needs: 'comment',
    column: 'cancelationReason',
    stampColumn: 'canceledAt',
    inputLabel: 'Cancellation reason',
    mailLabel: 'Reason for cancellation',
    releasesCapacity: true,
    icon: 'withdraw',
    permission: 'orderCancel.create',
    parties: ['clinical_site', 'imaging_center'],
  },
};

/** The statuses an action can move an order to: the body's `status` values. */
export const orderTargetStatuses = orderActions.map((a) => orderActionRules[a].to) as [
  OrderStatus,
  ...OrderStatus[],
];

/** The action that moves an order to `status`; undefined for `pending` (nothing moves back). */
export function actionTo(status: OrderStatus): OrderAction | undefined {
  return orderActions.find((a) => orderActionRules[a].to === status);
}

/** Whether a role of this type may take the action on an order of its company (staff, admin: all). */
export function roleMayTakeAction(roleType: RoleType, action: OrderAction): boolean {
  return !isCompanyRole(roleType) || orderActionRules[action].parties.includes(roleType);
}

/** Who may place an order: a clinical site or an imaging center for itself (staff, admin: all). */
export const orderPlacingParties: readonly CompanyType[] = ['clinical_site', 'imaging_center'];

export function roleMayPlaceOrders(roleType: RoleType): boolean {
  return !isCompanyRole(roleType) || orderPlacingParties.includes(roleType);
}

/**
 * What is wrong with the date-time entered for an action, at `now`: a projected delivery in the
 * past or a delivery in the future, beyond `limits.clockSkewMinutes`; undefined when it is fine.
 */
export function relatedTimeProblem(
  action: OrderAction,
  at: Date,
  now: Date,
  calibration?: Date | string,
): string | undefined {
  const skew = limits.clockSkewMinutes * 60_000;
  const side = orderActionRules[action].relatedTime;
  if (side === 'notPast' && at.getTime() < now.getTime() - skew) return messages.projectedDeliveryInPast;
  if (side === 'notFuture' && at.getTime() > now.getTime() + skew)
    return setsShipment(action) ? messages.journeyTimeInFuture : messages.deliveryInFuture;
  // A projected delivery weeks away from the calibration is not a delivery of that dose (decision 017).
  const maxDays = limits.projectedDeliveryMaxDaysFromCalibration;
  if (
    setsProjectedDelivery(action) &&
    calibration !== undefined &&
    Math.abs(at.getTime() - new Date(calibration).getTime()) > maxDays * 86_400_000
  )
    return messages.projectedDeliveryFarFromCalibration(maxDays);
  return undefined;
}

/**
 * The projected delivery an accept dialog starts with: the calibration day and time on the
 * order's clock (`zone`, the imaging center's), or, when that is already past, the next full
 * quarter hour from `now` — as `{date: 'YYYY-MM-DD', time: 'HH:mm'}` in that zone.
 */
export function defaultProjectedDelivery(
  calibration: Date | string,
  zone: string,
  now: Date,
): { date: string; time: string } {
  let at = DateTime.fromJSDate(new Date(calibration), { zone });
  if (at.toMillis() < now.getTime()) {
    const next = DateTime.fromJSDate(now, { zone }).startOf('minute');
    at = next.plus({ minutes: (15 - (next.minute % 15)) % 15 || 15 });
  }
  return { date: at.toFormat('yyyy-MM-dd'), time: at.toFormat('HH:mm') };
}

/** A projected delivery after the calibration time is allowed, but worth a second look. */
export function deliveryAfterCalibration(projected: Date, calibration: Date | string): boolean {
  return projected.getTime() > new Date(calibration).getTime();
}

/** Without a half-life (a drug that is not radioactive), how early a projected delivery is still plausible. */
export const EARLY_DELIVERY_PLAUSIBLE_MS = 24 * 3600_000;

/**
 * A projected delivery long before the calibration time (issue 33: "days before the calibration is
 * almost always a typo"): earlier than the dose would be at 10× its requested activity
 * (`log2(10)` half-lives: 6 h for F-18, 20 h for Tc-99m, the point from which the dialogs show no
 * figure), or, for a drug without a half-life, more than a day early. A delivery an hour or two
 * before the calibration is how doses travel and is not flagged. The accept dialogs warn and ask
 * for a confirmation first (docs/decisions/040-decay-figures-and-accept-warnings.md).
 */
export function deliveryLongBeforeCalibration(
  projected: Date,
  calibration: Date | string,
  halfLifeSeconds: number | null | undefined,
): boolean {
  const plausibleMs =
    halfLifeSeconds && halfLifeSeconds > 0
      ? Math.log2(ACTIVITY_SHOWN_MAX_FACTOR) * halfLifeSeconds * 1000
      : EARLY_DELIVERY_PLAUSIBLE_MS;
  return new Date(calibration).getTime() - projected.getTime() > plausibleMs;
}

/** Every permission some action needs: the status route lets in a role with any of them. */
export const orderActionPermissions: readonly Permission[] = [
  ...new Set(orderActions.map((a) => orderActionRules[a].permission)),
];

/** Which status an order may move to from each status, read off the table. */
export const orderTransitions = {} as Record<OrderStatus, readonly OrderStatus[]>;
for (const status of orderStatuses) {
  orderTransitions[status] = orderActions
    .filter((a) => orderActionRules[a].from.includes(status))
    .map((a) => orderActionRules[a].to);
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

/** Whether `action` applies to an order in `status` (the grids show only these actions). */
export function actionAllowedFrom(action: OrderAction, status: OrderStatus): boolean {
  return orderActionRules[action].from.includes(status);
}

/** Moving into one of these gives the order's dose back to the day's capacity (read off the table). */
export const capacityReleasingStatuses: readonly OrderStatus[] = orderActions
  .filter((a) => orderActionRules[a].releasesCapacity)
  .map((a) => orderActionRules[a].to);

/** The action whose comment is the reason of an order in `status` (rejected, canceled); else undefined. */
export function reasonActionOf(status: OrderStatus): OrderAction | undefined {
  const action = actionTo(status);
  return action && orderActionRules[action].needs === 'comment' ? action : undefined;
}

/** Whether the action's date-time is the order's projected delivery (checked against the calibration). */
export function setsProjectedDelivery(action: OrderAction): boolean {
  return orderActionRules[action].column === 'projectedDelivery';
}

/** A wall-clock date-time without offset, `YYYY-MM-DDTHH:mm`, as a date-time picker gives it. */
export const LOCAL_DATETIME_FORMAT = "yyyy-MM-dd'T'HH:mm";

/**
 * The instant of a wall-clock date-time in an IANA zone (Luxon). Undefined when the text is not
 * `YYYY-MM-DDTHH:mm` or the time does not exist in that zone (skipped by a daylight-saving
 * change, e.g. 02:30 on 2026-03-08 in America/New_York). A time that happens twice (the
 * autumn change) is the first of the two.
 */
export function localDateTimeToInstant(local: string, zone: string): Date | undefined {
  const dt = DateTime.fromFormat(local, LOCAL_DATETIME_FORMAT, { zone });
  if (!dt.isValid || dt.toFormat(LOCAL_DATETIME_FORMAT) !== local) return undefined;
  // Luxon's choice for a repeated time is not the first; take the earliest of the candidates.
  const [first] = dt.getPossibleOffsets().sort((a, b) => a.toMillis() - b.toMillis());
  return (first ?? dt).toJSDate();
}

/**
 * `PUT /orders/{id}/status`. `status` names the action (accepted, rejected, delivered,
 * canceled). Accept and deliver need `relatedDatetime`: the wall-clock date-time the user
 * entered, `YYYY-MM-DDTHH:mm` with NO offset, read in `timezone` (IANA; omitted: the imaging
 * center's zone); the server converts it with Luxon and stores the instant (accept: the
 * projected delivery; deliver: the delivery date-time `deliveredAt`). Reject and cancel need
 * `comment` (≤ 140), which is also the audit reason. acceptedAt / rejectedAt / canceledAt are
 * the server's clock. Answer: 200 with the order (as `GET /orders/{id}`).
 */
/** A wall-clock date-time field, `YYYY-MM-DDTHH:mm` without offset, read in the body's `timezone`. */
const localDateTimeField = () =>
  inputString()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, messages.invalidLocalDateTime)
    .refine(isDateTextInRange, messages.dateOutOfRange);

/** An optional text of at most `max` characters, trimmed; blank is absent. */
const shortText = (max: number) =>
  inputString()
    .trim()
    .max(max, messages.maxLength(max))
    .transform((v) => v || undefined)
    .optional();

/**
 * The shipment's fields of `status: "shipped"` (issue 35, decision 058): the lot, the assay (in the
 * order's activity unit, at `assayedAt`, a wall clock in `timezone`), the expiry (wall clock, after
 * the assay) and the courier's details. The lot and the expiry are required; the assay is
 * required when the drug is radioactive (the server knows the drug).
 */
const shipmentFields = {
  lotNumber: shortText(limits.lotNumberMax),
  assayedActivity: activityField.optional(),
  assayedAt: localDateTimeField().optional(),
  expiresAt: localDateTimeField().optional(),
  courier: shortText(limits.courierMax),
  trackingNumber: shortText(limits.trackingNumberMax),
};
export const shipmentFieldNames = Object.keys(shipmentFields) as (keyof typeof shipmentFields)[];

/** How a delivered package arrived (issue 35); a damaged one is a deviation. */
export const packageConditions = ['intact', 'damaged'] as const;
export type PackageCondition = (typeof packageConditions)[number];

/**
 * The receipt's fields of `status: "delivered"` (issue 35, decision 058), all optional: the
 * received assay (the order's activity unit) at `receivedAt` (wall clock in `timezone`) and the
 * package's condition (default intact). Outside the drug's receipt tolerance or damaged, the
 * `comment` is the deviation's reason and is required (the server knows the expected activity).
 */
const receiptFields = {
  receivedActivity: activityField.optional(),
  receivedAt: localDateTimeField().optional(),
  packageCondition: z.enum(packageConditions, { error: messages.invalidValue }).optional(),
};
export const receiptFieldNames = Object.keys(receiptFields) as (keyof typeof receiptFields)[];

/** Whether the action records a receipt (the `receiptFields` of the body, and its `comment`). */
export function setsReceipt(action: OrderAction): boolean {
  return orderActionRules[action].to === 'delivered';
}

/** Whether the action records a shipment (the `shipmentFields` of the body). */
export function setsShipment(action: OrderAction): boolean {
  return orderActionRules[action].to === 'shipped';
}

const statusChangeFields = {
  status: z.enum(orderTargetStatuses, { error: messages.required }),
  relatedDatetime: localDateTimeField().optional(),
  timezone: timezoneField.optional(),
  comment: inputString().trim().max(limits.reasonMax, messages.maxLength(limits.reasonMax)).optional(),
  ...shipmentFields,
  ...receiptFields,
};

/** A status change's fields as `statusChangeProblems` reads them. */
type StatusChangeFields = { status: OrderStatus; comment?: string; relatedDatetime?: string } & Partial<
  Record<(typeof shipmentFieldNames)[number] | (typeof receiptFieldNames)[number], unknown>
>;

/**
 * What the requested action needs and refuses, as `{parameter, message}` on the field: a missing
 * comment or date-time, a shipment's lot or expiry, an assay without its time (or the reverse),
 * a record's field sent with another action. None: the change has what its action needs.
 */
export function statusChangeProblems(body: StatusChangeFields): { parameter: string; message: string }[] {
  const problems: { parameter: string; message: string }[] = [];
  const problem = (parameter: string, message: string) => problems.push({ parameter, message });
  const action = actionTo(body.status);
  if (!action) return problems;
  const needs = orderActionRules[action].needs;
  if (needs === 'comment' && !body.comment) problem('comment', messages.required);
  if (needs === 'relatedDatetime' && !body.relatedDatetime) problem('relatedDatetime', messages.required);
  if (!setsReceipt(action)) {
    for (const field of receiptFieldNames)
      if (body[field] !== undefined) problem(field, messages.notForThisAction);
  } else {
    if (body.receivedActivity !== undefined && body.receivedAt === undefined)
      problem('receivedAt', messages.required);
    if (body.receivedAt !== undefined && body.receivedActivity === undefined)
      problem('receivedActivity', messages.required);
  }
  if (!setsShipment(action)) {
    // A shipment's field on another action would be dropped without a word: refused instead.
    for (const field of shipmentFieldNames)
      if (body[field] !== undefined) problem(field, messages.notForThisAction);
    return problems;
  }
  for (const field of ['lotNumber', 'expiresAt'] as const)
    if (body[field] === undefined) problem(field, messages.required);
  // An assay is an activity at a time: one without the other says nothing.
  if (body.assayedActivity !== undefined && body.assayedAt === undefined)
    problem('assayedAt', messages.required);
  if (body.assayedAt !== undefined && body.assayedActivity === undefined)
    problem('assayedActivity', messages.required);
  return problems;
}

/** `statusChangeProblems` as issues of the schema, each on its field. */
function requireActionFields(body: StatusChangeFields, ctx: z.RefinementCtx): void {
  for (const { parameter, message } of statusChangeProblems(body))
    ctx.addIssue({ code: 'custom', path: [parameter], message });
}

export const orderStatusChangeBodySchema = z
  .strictObject({ ...statusChangeFields, ...mutationMeta })
  .superRefine(requireActionFields);
export type OrderStatusChangeBody = z.input<typeof orderStatusChangeBodySchema>;

/**
 * One order's change in a batch: the single call's fields, without the signature, plus the order.
 * Their form is checked here (a malformed item refuses the whole batch); what the item's action
 * needs (`statusChangeProblems`: a missing lot, comment or date-time) is that item's refusal, as
 * the single call's 400 would be, and leaves the other items to be done.
 */
export const orderStatusBatchItemSchema = z.strictObject({
  orderId: z.number().int().positive(),
  ...statusChangeFields,
});
export type OrderStatusBatchItem = z.input<typeof orderStatusBatchItemSchema>;

/**
 * `POST /orders/status-batch`: several orders' status changes under ONE e-signature (and one
 * optional reason for change). Each item is checked and applied as `PUT /orders/{id}/status`
 * would, in its own transaction with its own signed audit row and mail; a refused item does
 * not undo the others. Each order at most once, at most `limits.statusBatchMax` items.
 */
export const orderStatusBatchBodySchema = z.strictObject({
  items: z
    .array(orderStatusBatchItemSchema)
    .min(1, messages.required)
    .max(limits.statusBatchMax, messages.batchTooLarge(limits.statusBatchMax))
    .refine(
      (items) => new Set(items.map((i) => i.orderId)).size === items.length,
      messages.batchDuplicateOrder,
    ),
  ...mutationMeta,
});
export type OrderStatusBatchBody = z.input<typeof orderStatusBatchBodySchema>;

/** One item's outcome: done (the order's new status) or refused (the code and message the single call answers). */
export const orderStatusBatchResultSchema = z.union([
  z.object({ orderId: z.number().int(), ok: z.literal(true), status: z.enum(orderStatuses) }),
  z.object({
    orderId: z.number().int(),
    ok: z.literal(false),
    code: z.string(),
    message: z.string(),
    errors: z.array(fieldErrorSchema),
  }),
]);
export type OrderStatusBatchResult = z.infer<typeof orderStatusBatchResultSchema>;

/** The 200 answer of `POST /orders/status-batch`: one result per item, in the items' order. */
export const orderStatusBatchAnswerSchema = z.object({ results: z.array(orderStatusBatchResultSchema) });
export type OrderStatusBatchAnswer = z.infer<typeof orderStatusBatchAnswerSchema>;

/** `POST /orders/{id}/notifications` answers 202 with how many mails were queued (one per address). */
export const orderNotificationsAnswerSchema = z.object({ queued: z.number().int() });
export type OrderNotificationsAnswer = z.infer<typeof orderNotificationsAnswerSchema>;
