import { z } from 'zod';
import { requiredText } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta, requiredReasonMeta } from './mutation.ts';
import { orderAdministrationSchema } from './order-administration.ts';
import {
  type OrderWebhookEvent,
  orderEventLabel,
  orderStatuses,
  orderStatusTable,
} from './order-status-table.ts';
import { orderReceiptSchema, orderShipmentSchema } from './orders.ts';
import { answerInstant } from './text.ts';

/**
 * Webhooks (issue 22, decision 030): a study's endpoints told of its orders' events, each
 * delivery signed (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */

/**
 * Each order status's event (`orderStatusTable`'s `webhookEvent`), then the late delivery's and
 * the administration record's (issue 35: given, or not given; each later correction of it, whose
 * body carries the record as corrected, so a receiver never keeps a superseded injected activity).
 */
export type WebhookEvent =
  | OrderWebhookEvent
  | 'order.late'
  | 'order.administered'
  | 'order.not_administered'
  | 'order.administration_corrected';
const allWebhookEvents: WebhookEvent[] = [
  ...orderStatuses.map((status) => orderStatusTable[status].webhookEvent),
  'order.late',
  'order.administered',
  'order.not_administered',
  'order.administration_corrected',
];
export const webhookEvents = allWebhookEvents as [WebhookEvent, ...WebhookEvent[]];

export const webhookEventLabels: Record<WebhookEvent, string> = {
  ...(Object.fromEntries(
    orderStatuses.map((status) => [orderStatusTable[status].webhookEvent, orderEventLabel(status)]),
  ) as Record<OrderWebhookEvent, string>),
  'order.late': 'Order late',
  'order.administered': 'Order administered',
  'order.not_administered': 'Order not administered',
  'order.administration_corrected': 'Order administration corrected',
};

/**
 * The one event an order may raise more than once: each correction is its own delivery (the
 * deliveries' unique index on webhook, order and event leaves it out).
 */
export const repeatableWebhookEvent = 'order.administration_corrected' satisfies WebhookEvent;

export const webhookStatuses = ['active', 'disabled'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

export const webhookDeliveryStatuses = ['pending', 'sent', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];
export const webhookDeliveryStatusLabels: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};

/** The headers of a delivery (Standard Webhooks, https://www.standardwebhooks.com). */
export const webhookHeaders = {
  /** The delivery's id (a UUID): the same on every attempt and resend, for the receiver to deduplicate. */
  id: 'webhook-id',
  /** Seconds since the epoch when this attempt was signed. */
  timestamp: 'webhook-timestamp',
  /** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` under the secret's bytes. */
  signature: 'webhook-signature',
} as const;

/** A webhook's signing secret starts with this; the rest is the base64 of the key's 32 bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The WHATWG URL parser: global in browsers and Node, but the contract's `lib` declares neither. */
declare const URL: new (
  input: string,
) => {
  protocol: string;
  hostname: string;
  host: string;
  pathname: string;
  search: string;
  hash: string;
  username: string;
  password: string;
};

/**
 * What makes two webhook URLs the same endpoint (decision 045): the URL parser's form (scheme and
 * host in lower case, a default port left out, dot segments resolved), without a trailing slash
 * on the path; the query is kept as written. A URL the parser refuses is its own key.
 */
export function webhookUrlKey(value: string): string {
  try {
    const url = new URL(value.trim());
    const path = url.pathname.replace(/\/+$/, '');
    return `${url.protocol}//${url.host}${path}${url.search}`;
  } catch {
    return value.trim();
  }
}

/**
 * A webhook's URL as the schema checks it: an absolute http(s) URL without credentials or
 * fragment. Whether http is allowed and where the host leads is the server's check (configuration).
 */
export const webhookUrlSchema = requiredText(limits.webhookUrlMax).superRefine((value, ctx) => {
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: messages.webhookUrlInvalid });
    return;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.hash) {
    ctx.addIssue({ code: 'custom', message: messages.webhookUrlInvalid });
  } else if (url.username || url.password) {
    ctx.addIssue({ code: 'custom', message: messages.webhookUrlCredentials });
  }
});

export const webhookCreateBodySchema = z.strictObject({
  url: webhookUrlSchema,
  events: z
    .array(z.enum(webhookEvents, { error: messages.invalidValue }), { error: messages.required })
    .min(1, messages.required)
    .max(webhookEvents.length, messages.invalidValue)
    .refine((e) => new Set(e).size === e.length, messages.invalidValue),
  ...mutationMeta,
});
export type WebhookCreateBody = z.input<typeof webhookCreateBodySchema>;

/** Disabling a webhook needs a reason. */
export const webhookDisableBodySchema = z.strictObject(requiredReasonMeta);
export type WebhookDisableBody = z.input<typeof webhookDisableBodySchema>;

/** Resending a failed delivery needs a reason. */
export const webhookDeliveryResendBodySchema = z.strictObject(requiredReasonMeta);
export type WebhookDeliveryResendBody = z.input<typeof webhookDeliveryResendBodySchema>;

export const webhookSchema = z
  .object({
    id: z.number().int(),
    studyId: z.number().int(),
    url: z.string(),
    events: z.array(z.enum(webhookEvents)),
    status: z.enum(webhookStatuses),
    disabledAt: answerInstant().nullable(),
    disableReason: z.string().nullable(),
    /** Failed attempts in a row at this endpoint, any of its deliveries (0 after a success). */
    consecutiveFailures: z.number().int(),
    /** Its deliveries are held until then after failures in a row (the circuit breaker, decision 034). */
    pausedUntil: answerInstant().nullable(),
    createdAt: answerInstant(),
    createdBy: z.string(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to a creation: the webhook and, this once, its signing secret. */
export const webhookCreatedSchema = webhookSchema
  .extend({ secret: z.string() })
  .meta({ id: 'WebhookCreated' });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

/** One delivery of an event to a webhook, as the delivery log shows it (not its body). */
export const webhookDeliverySchema = z
  .object({
    id: z.number().int(),
    webhookId: z.number().int(),
    /** The `webhook-id` header: the same on every attempt of this delivery. */
    deliveryId: z.string(),
    event: z.enum(webhookEvents),
    order: z.object({ id: z.number().int(), number: z.number().int() }),
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.number().int(),
    /** When the next attempt is due (pending deliveries). */
    nextAttemptAt: answerInstant().nullable(),
    lastError: z.string().nullable(),
    lastHttpStatus: z.number().int().nullable(),
    sentAt: answerInstant().nullable(),
    createdAt: answerInstant(),
    updatedAt: answerInstant(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookParams = z.object({
  id: z.coerce.number().int().positive(),
  webhookId: z.coerce.number().int().positive(),
});

export const webhookDeliveryParams = webhookParams.extend({
  deliveryId: z.coerce.number().int().positive(),
});

/** The order as a delivery's body gives it. */
export const webhookOrderSchema = z
  .object({
    id: z.number().int(),
    number: z.number().int(),
    status: z.enum(orderStatuses),
    study: z.object({ id: z.number().int(), name: z.string() }),
    site: z.object({ id: z.number().int(), name: z.string() }),
    imagingCenter: z.object({ id: z.number().int(), name: z.string(), timezone: z.string() }),
    cmo: z.object({ id: z.number().int(), name: z.string() }),
    subjectId: z.string(),
    calibrationDatetime: answerInstant(),
    projectedDelivery: answerInstant().nullable(),
    shippedAt: answerInstant().nullable(),
    deliveredAt: answerInstant().nullable(),
    /** The shipment's record (issue 35); null when the order was not shipped. */
    shipment: orderShipmentSchema.nullable(),
    /** The receipt's record (issue 35); null when none was made. */
    receipt: orderReceiptSchema.nullable(),
    /** The administration record (issue 35); null when none was made. */
    administration: orderAdministrationSchema.nullable(),
    rejectionReason: z.string().nullable(),
    cancelationReason: z.string().nullable(),
  })
  .meta({ id: 'WebhookOrder' });
export type WebhookOrder = z.infer<typeof webhookOrderSchema>;

/** The JSON body of a delivery of `event`. */
export function webhookPayloadSchema<E extends WebhookEvent>(event: E) {
  return z.object({
    /** The delivery's id (as the `webhook-id` header). */
    id: z.string(),
    type: z.literal(event),
    /** When the event happened. */
    timestamp: answerInstant(),
    data: z.object({ order: webhookOrderSchema }),
  });
}
/** The OpenAPI component name of an event's payload: `order.placed` → `WebhookOrderPlacedPayload`. */
export function webhookPayloadSchemaId(event: WebhookEvent): string {
  const words = event.split('.').map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return `Webhook${words.join('')}Payload`;
}

/** Each event's payload, named (`webhookPayloadSchemaId`): the OpenAPI document's webhooks refer to them. */
export const webhookPayloadSchemas = Object.fromEntries(
  webhookEvents.map((event) => [
    event,
    webhookPayloadSchema(event).meta({ id: webhookPayloadSchemaId(event) }),
  ]),
) as { [E in WebhookEvent]: ReturnType<typeof webhookPayloadSchema<E>> };

export type WebhookPayload = {
  id: string;
  type: WebhookEvent;
  timestamp: string;
  data: { order: WebhookOrder };
};
