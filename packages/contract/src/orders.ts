import { z } from 'zod';
import { addressOutSchema } from './companies.ts';
import { ID_MAX, namedRefSchema, optionalText } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta } from './mutation.ts';
import { activityField, activityUnitSchema } from './order-activity.ts';
import { orderAdministrationSchema } from './order-administration.ts';
import { type OrderStatus, orderStatuses } from './order-status-table.ts';
import { answerInstant, inputString, instantField } from './text.ts';

const id = z.number({ error: messages.required }).int().positive().max(ID_MAX, messages.invalidValue);

/** POST /orders (spec section 3, Place-order payload). */
export const placeOrderBodySchema = z
  .strictObject({
    studyId: id,
    siteId: id,
    examId: id,
    imagingCenterId: id,
    timePointId: id,
    subjectId: inputString({ error: messages.required })
      .min(1, messages.required)
      .refine((v) => v.length === 0 || v.trim().length > 0, messages.onlySpaces)
      .max(limits.subjectMax, messages.subjectMax)
      .trim(),
    /** An instant with offset, inside an interval of the day's availability, not in the past. */
    calibrationDatetime: instantField(),
    /** The order's notes (answered as `additionalNotes`). */
    additionalNotes: optionalText(limits.notesMax),
    /**
     * The same notes under the name of the product spec's place-order payload, still accepted;
     * give one of the two (both, with different texts, is a 400).
     */
    additional_notes: optionalText(limits.notesMax).meta({
      deprecated: true,
      description: "The product spec's name for `additionalNotes`, still accepted: give one of the two.",
    }),
    /**
     * The activity asked for at calibration (optional), in the unit of the availability the dose
     * comes from: the server takes the unit from it, never from the client.
     */
    requestedActivity: activityField.nullish(),
    /**
     * Places the order although its calibration is outside the subject's window or the subject
     * already has a live order for the timepoint (issue 36): why. Ignored when neither applies; empty
     * is none.
     */
    overrideReason: optionalText(limits.reasonMax),
    /** "Order again": the rejected, canceled or blacked-out order this one replaces (same study, site, subject, timepoint). */
    replacesOrderId: id.nullish(),
    ...mutationMeta,
  })
  .refine(
    (body) =>
      !body.additionalNotes || !body.additional_notes || body.additionalNotes === body.additional_notes,
    {
      path: ['additional_notes'],
      message: messages.notesTwice,
    },
  );
export type PlaceOrderBody = z.input<typeof placeOrderBodySchema>;

/** The notes of a place-order body, under either name. */
export function placeOrderNotes(body: z.output<typeof placeOrderBodySchema>): string | null {
  return body.additionalNotes || body.additional_notes || null;
}

/**
 * The `Idempotency-Key` header of `POST /orders` (optional): one per order the caller means to
 * place; a repeat by the same caller (an API key; a person in the same role) within
 * `limits.idempotencyKeyHours` answers the first result (decision 016).
 */
export const idempotencyKeyField = z
  .string()
  .min(1, messages.idempotencyKeyInvalid)
  .max(limits.idempotencyKeyMax, messages.idempotencyKeyInvalid)
  .regex(/^[\x21-\x7e]+$/, messages.idempotencyKeyInvalid);

export const placeOrderHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeyField.optional() });

export const placeOrderAnswerSchema = z.object({ id: z.number().int(), number: z.number().int() });
export type PlaceOrderAnswer = z.infer<typeof placeOrderAnswerSchema>;

export const contactUserSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type ContactUser = z.infer<typeof contactUserSchema>;

export const orderImagingCenterSchema = namedRefSchema.extend({
  phoneNumber: z.string().nullable(),
  timezone: z.string(),
  address: addressOutSchema,
  /** The imaging center's contact users (`GET /orders/{id}` and `GET /orders` items). */
  contactUsers: z.array(contactUserSchema).optional(),
});

/**
 * The order lists' filter of the orders placed against the schedule (issue 36): out of the
 * subject's window or a second order for its timepoint, overridden with a reason.
 */
export function scheduleOverrideFilter(): { field: string; op: 'eq'; value: true }[] {
  return [{ field: 'overridden', op: 'eq', value: true }];
}

/** Another order, by id and number. */
export const orderRefSchema = z.object({ id: z.number().int(), number: z.number().int() });

/**
 * An order's shipment (issue 35, decision 058): the lot it came from, the CMO's assay of the dose
 * (in `activityUnit`, the order's or its availability's unit; null for a drug that is not
 * radioactive when none was given) at `assayedAt`, the expiry after which it may not be used, and
 * the courier's details.
 */
export const orderShipmentSchema = z
  .object({
    lotNumber: z.string(),
    assayedActivity: z.number().nullable(),
    assayedAt: answerInstant().nullable(),
    activityUnit: activityUnitSchema.nullable(),
    expiresAt: answerInstant(),
    courier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
  })
  .meta({ id: 'OrderShipment' });
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

/**
 * An order's receipt (issue 35, decision 058), written with its delivery: the received assay (in
 * `activityUnit`) at `receivedAt`, the activity the server expected then (the shipment's assay,
 * or the requested activity at calibration, decayed; null when there is neither), how far off the
 * assay was in percent, the tolerance it was judged by, the package's condition, and whether it is
 * a deviation (outside the tolerance or damaged) with its reason (`comment`).
 */
export const orderReceiptSchema = z
  .object({
    receivedActivity: z.number().nullable(),
    receivedAt: answerInstant().nullable(),
    activityUnit: activityUnitSchema.nullable(),
    expectedActivity: z.number().nullable(),
    deviationPercent: z.number().nullable(),
    tolerancePercent: z.number(),
    packageCondition: z.enum(['intact', 'damaged']),
    deviation: z.boolean(),
    comment: z.string().nullable(),
  })
  .meta({ id: 'OrderReceipt' });
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;

/**
 * The steps of an order's journey that have someone who took them: its placement, each status it
 * entered, and the administration record.
 */
export type JourneyStepKey = 'placed' | Exclude<OrderStatus, 'pending'> | 'administered';
export const journeyStepKeys: readonly JourneyStepKey[] = [
  'placed',
  // Placing is entering `pending`: the placed step is that one.
  ...orderStatuses.filter((s): s is Exclude<OrderStatus, 'pending'> => s !== 'pending'),
  'administered',
];

/**
 * Who took each step (issue 35), read from the order's audit trail: the actor's name as its audit
 * row has it (a user's full name, an API key's or the system's name), the latest for a step taken
 * again (a corrected administration); null for a step not taken.
 */
export const journeyActorsSchema = z.object(
  Object.fromEntries(journeyStepKeys.map((k) => [k, z.string().nullable()])) as Record<
    JourneyStepKey,
    z.ZodNullable<z.ZodString>
  >,
);
export type JourneyActors = z.infer<typeof journeyActorsSchema>;

/** An order (spec section 3) with its references resolved to names. */
export const orderSchema = z
  .object({
    id: z.number().int(),
    number: z.number().int(),
    status: z.enum(orderStatuses),
    study: namedRefSchema,
    site: namedRefSchema.extend({ timezone: z.string() }),
    exam: namedRefSchema,
    /** With its radionuclide's half-life (null: not radioactive) and its warning threshold (null: the default). */
    drug: namedRefSchema.extend({
      halfLifeSeconds: z.number().nullable(),
      activityWarningPercent: z.number().int().nullable(),
      /** Its receipt tolerance in percent (null: the default, 10; issue 35). */
      receiptTolerancePercent: z.number().int().nullable(),
    }),
    cmo: namedRefSchema.extend({ timezone: z.string() }),
    timePoint: namedRefSchema,
    imagingCenter: orderImagingCenterSchema,
    subjectId: z.string(),
    calibrationDatetime: answerInstant(),
    /** The activity requested at calibration and its unit (both null when none was). */
    requestedActivity: z.number().nullable(),
    activityUnit: activityUnitSchema.nullable(),
    projectedDelivery: answerInstant().nullable(),
    acceptedAt: answerInstant().nullable(),
    rejectedAt: answerInstant().nullable(),
    canceledAt: answerInstant().nullable(),
    /** The dispatch time the CMO entered when shipping (issue 35); null: not shipped. */
    shippedAt: answerInstant().nullable(),
    deliveredAt: answerInstant().nullable(),
    /** The shipment's record (lot, assay, expiry, courier); null when the order was not shipped. */
    shipment: orderShipmentSchema.nullable(),
    /** The receipt's record (received assay, expected activity, deviation); null when none was made. */
    receipt: orderReceiptSchema.nullable(),
    /** The administration record (injected activity, or why not given); null when none was made. */
    administration: orderAdministrationSchema.nullable(),
    rejectionReason: z.string().nullable(),
    cancelationReason: z.string().nullable(),
    additionalNotes: z.string().nullable(),
    createdAt: answerInstant(),
    updatedAt: answerInstant(),
    /**
     * The manufacturing exception that made the order's manufacture day a day with no manufacture
     * (decision 026): its day (on the CMO's calendar) and reason; null on a manufacture day.
     */
    manufactureClosed: z.object({ date: z.string(), reason: z.string() }).nullable(),
    /** Placed with a calibration outside the subject's window (overridden, issue 36). */
    outOfWindow: z.boolean(),
    /** Placed while the subject had another live order for the timepoint (overridden, issue 36). */
    duplicateTimepoint: z.boolean(),
    /** Why a refusal was overridden; null when none was. */
    overrideReason: z.string().nullable(),
    /** The order this one orders again ("Order again"), and the order that ordered this one again. */
    replacesOrder: orderRefSchema.nullable(),
    replacedByOrder: orderRefSchema.nullable(),
    /** The site's coordinators (`GET /orders/{id}` and `GET /orders` items, for the detail panel). */
    coordinatorUsers: z.array(contactUserSchema).optional(),
    /** Who took each step of the journey (`GET /orders/{id}` only: it reads the audit trail). */
    journeyActors: journeyActorsSchema.optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

/** GET /order-statuses. */
export const orderStatusLookupSchema = z.array(z.object({ id: z.enum(orderStatuses), name: z.string() }));

/**
 * GET /orders/options: what the role may place orders for — active studies with pairings at its
 * sites (active exams), those sites with their linked imaging centers (an imaging-center role:
 * only itself), and the timepoints.
 */
export const placeOrderOptionsSchema = z.object({
  studies: z.array(namedRefSchema),
  pairings: z.array(z.object({ studyId: z.number().int(), exam: namedRefSchema, site: namedRefSchema })),
  sites: z.array(
    namedRefSchema.extend({ imagingCenters: z.array(namedRefSchema.extend({ timezone: z.string() })) }),
  ),
  timepoints: z.array(namedRefSchema),
});
export type PlaceOrderOptions = z.infer<typeof placeOrderOptionsSchema>;
