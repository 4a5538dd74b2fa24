import { z } from 'zod';
import { endTimeOfDayField, isoDateField, minutesOfDay, timeOfDayField } from './availability.ts';
import { limits } from './limits.ts';
import type { FilterCondition } from './list-query.ts';
import { messages } from './messages.ts';
import { mutationMeta, requiredReasonMeta } from './mutation.ts';
import { type OrderAction, orderActionRules, roleMayTakeAction } from './order-status.ts';
import type { OrderStatus } from './order-status-table.ts';
import type { Order } from './orders.ts';
import { hasPermission, type Permissions } from './permissions.ts';
import type { RoleType } from './roles.ts';
import { answerInstant, inputString } from './text.ts';

/**
 * Manufacturing exceptions (issue 21, decision 026): one manufacture day of an availability
 * with no manufacture (`closed`: maintenance, holiday) or with other doses and/or another window.
 */
export const exceptionKinds = ['closed', 'changed'] as const;
export type ExceptionKind = (typeof exceptionKinds)[number];
export const exceptionKindLabels: Record<ExceptionKind, string> = {
  closed: 'No manufacture',
  changed: 'Changed doses or window',
};

export const exceptionDosesField = z
  .number({ error: messages.required })
  .int(messages.wholeNumber)
  .min(limits.positiveNumberMinDefault, messages.minValue(limits.positiveNumberMinDefault))
  .max(limits.dosesMax, messages.maxValue(limits.dosesMax));

export const exceptionReasonField = inputString({ error: messages.required })
  .min(1, messages.required)
  .refine((v) => v.trim().length > 0, messages.onlySpaces)
  .max(limits.exceptionReasonMax, messages.maxLength(limits.exceptionReasonMax))
  .trim();

/** What a day's exception says; the date is given on create and stays (remove and add to move it). */
const exceptionFields = {
  kind: z.enum(exceptionKinds, { error: messages.required }),
  /** A changed day's doses; absent: the availability's. */
  doses: exceptionDosesField.nullish(),
  /** A changed day's window, both or neither; absent: the availability's. */
  startTime: timeOfDayField.nullish(),
  endTime: endTimeOfDayField.nullish(),
  /** Why: "Cyclotron maintenance", "Public holiday". */
  reason: exceptionReasonField,
};

export type ExceptionFields = {
  kind: ExceptionKind;
  doses?: number | null;
  startTime?: string | null;
  endTime?: string | null;
};

/** The cross-field rules of an exception: a changed day changes something; a window has both ends. */
export function checkExceptionFields(body: ExceptionFields, ctx: z.RefinementCtx) {
  const hasWindow = body.startTime != null || body.endTime != null;
  if (body.kind === 'closed') {
    if (body.doses != null) {
      ctx.addIssue({ code: 'custom', path: ['doses'], message: messages.exceptionOnlyChangedDay });
    }
    if (hasWindow) {
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: messages.exceptionOnlyChangedDay });
    }
    return;
  }
  if (body.kind !== 'changed') return;
  if (body.doses == null && !hasWindow) {
    ctx.addIssue({ code: 'custom', path: ['doses'], message: messages.exceptionChangeNeeded });
  }
  if (hasWindow && (body.startTime == null || body.endTime == null)) {
    const path = body.startTime == null ? 'startTime' : 'endTime';
    ctx.addIssue({ code: 'custom', path: [path], message: messages.exceptionWindowIncomplete });
  } else if (
    body.startTime != null &&
    body.endTime != null &&
    /^\d{2}:\d{2}$/.test(body.startTime) &&
    minutesOfDay(body.endTime) <= minutesOfDay(body.startTime)
  ) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: messages.endAfterStart });
  }
}

/** POST /drug-availabilities/{id}/exceptions. The date must be a manufacture day within the validity. */
export const exceptionCreateBodySchema = z
  .strictObject({ date: isoDateField, ...exceptionFields, ...mutationMeta })
  .superRefine(checkExceptionFields);
export type ExceptionCreateBody = z.input<typeof exceptionCreateBodySchema>;

/** PUT /drug-availabilities/{id}/exceptions/{exceptionId}: the day's new kind, doses, window, reason. */
export const exceptionUpdateBodySchema = z
  .strictObject({ ...exceptionFields, ...mutationMeta })
  .superRefine(checkExceptionFields);
export type ExceptionUpdateBody = z.input<typeof exceptionUpdateBodySchema>;

/** DELETE /drug-availabilities/{id}/exceptions/{exceptionId}: the day goes back to the availability's rule. */
export const exceptionDeleteBodySchema = z.strictObject({ ...requiredReasonMeta });
export type ExceptionDeleteBody = z.input<typeof exceptionDeleteBodySchema>;

export const exceptionParams = z.object({
  id: z.coerce.number().int().positive(),
  exceptionId: z.coerce.number().int().positive(),
});

export const availabilityExceptionSchema = z
  .object({
    id: z.number().int(),
    availabilityId: z.number().int(),
    /** The manufacture day, on the CMO's calendar. */
    date: z.string(),
    kind: z.enum(exceptionKinds),
    doses: z.number().int().nullable(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    reason: z.string(),
    /** Doses booked that day (orders placed and not rejected or canceled). */
    booked: z.number().int(),
    /** Pending and accepted orders on a day with no manufacture: they need another day. */
    affectedOrders: z.array(z.number().int()),
    createdAt: answerInstant(),
    updatedAt: answerInstant(),
  })
  .meta({ id: 'AvailabilityException' });
export type AvailabilityException = z.infer<typeof availabilityExceptionSchema>;
export const availabilityExceptionListSchema = z.array(availabilityExceptionSchema);

/** The statuses of an order still waiting for its dose: a blackout of its day affects it. */
export const EXCEPTION_AFFECTED_STATUSES = ['pending', 'accepted'] as const satisfies readonly OrderStatus[];

/**
 * The order lists' filter of the orders affected by a manufacturing exception: pending or
 * accepted on a manufacture day that became a day with no manufacture (the grids' filter and
 * the dashboards' banner).
 */
/**
 * The exception that closed an order's day, while the order still waits for its dose (the same
 * orders `exceptionAffectedFilter` finds); null for every other order.
 */
export function closedDayOf(
  order: Pick<Order, 'status' | 'manufactureClosed'>,
): NonNullable<Order['manufactureClosed']> | null {
  const waiting = (EXCEPTION_AFFECTED_STATUSES as readonly OrderStatus[]).includes(order.status);
  return waiting ? order.manufactureClosed : null;
}

/**
 * A lost order, which "Order again" may replace (issue 36): rejected, canceled, or still waiting
 * for a dose on a manufacture day that became a day with no manufacture.
 */
export function isLostOrder(order: { status: OrderStatus; dayClosed: boolean }): boolean {
  return (
    order.status === 'rejected' ||
    order.status === 'canceled' ||
    (order.dayClosed && (EXCEPTION_AFFECTED_STATUSES as readonly OrderStatus[]).includes(order.status))
  );
}

export function exceptionAffectedFilter(): FilterCondition[] {
  return [
    { field: 'status', op: 'in', value: [...EXCEPTION_AFFECTED_STATUSES] },
    { field: 'manufacture_closed', op: 'eq', value: true },
  ];
}

/** What a reader of the exceptions banner can do about the orders on a day with no manufacture. */
export type ExceptionOrdersAdvice = keyof typeof messages.exceptionOrdersAdvice;

/**
 * The banner's advice for a role (issue 33), from the order-action table and its permissions:
 * nothing cancels these orders by itself. Who may reject and cancel (staff, admin) is told both;
 * a CMO rejects pending ones; an ordering party that may cancel cancels and orders again; anyone
 * else (an imaging center without the cancel permission) contacts the ordering site.
 */
export function exceptionOrdersAdvice(roleType: RoleType, permissions: Permissions): ExceptionOrdersAdvice {
  const may = (action: OrderAction) =>
    roleMayTakeAction(roleType, action) && hasPermission(permissions, orderActionRules[action].permission);
  const reject = may('reject');
  const cancel = may('cancel');
  if (reject && cancel) return 'rejectOrCancel';
  if (reject) return 'reject';
  if (cancel) return 'cancel';
  return 'askSite';
}
