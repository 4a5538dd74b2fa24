import {
  type WebhookEvent,
  webhookEventLabels,
  webhookEvents,
  webhookHeaders,
  webhookPayloadSchemas,
} from '@dosechain/contract';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { z } from 'zod';

type WebhooksSection = NonNullable<
  Extract<NonNullable<FastifyDynamicSwaggerOptions['openapi']>, { webhooks?: unknown }>['webhooks']
>;

/** How a receiver verifies a delivery (decision 030), said once for every event. */
export const WEBHOOK_VERIFICATION = [
  "Sent by a study's webhook (POST /studies/{id}/webhooks) as a JSON POST, signed per Standard Webhooks (https://www.standardwebhooks.com):",
  `\`${webhookHeaders.id}\` is the delivery's id (a UUID, the same on every retry and resend: deduplicate on it);`,
  `\`${webhookHeaders.timestamp}\` the attempt's time in seconds since the epoch (refuse one more than 5 minutes from your clock);`,
  `\`${webhookHeaders.signature}\` is \`v1,\` and the base64 HMAC-SHA256 of \`<webhook-id>.<webhook-timestamp>.<raw body>\`, keyed with the bytes of the base64 after \`whsec_\` in the webhook's secret (shown once at its creation). Compare in constant time.`,
  'Answer 2xx within 10 seconds; any other answer, a redirect or a timeout is retried with exponential back-off (30 s doubling, at most an hour) and the delivery is failed after 8 attempts (staff can resend it).',
].join(' ');

const headerParameter = (name: string, description: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

/**
 * The payload schema of an event: a reference to its component (the contract names each one,
 * `webhookPayloadSchemas`, so the zod provider lists it under `components/schemas` with the
 * `WebhookOrder` it refers to).
 */
function payloadSchemaRef(event: WebhookEvent): { $ref: string } {
  const id = z.globalRegistry.get(webhookPayloadSchemas[event])?.id;
  if (!id) throw new Error(`The payload schema of ${event} has no id`);
  return { $ref: `#/components/schemas/${id}` };
}

/** The OpenAPI 3.1 `webhooks` section: one POST per event, with its headers and body. */
export function webhookOpenApi(): WebhooksSection {
  const items = Object.fromEntries(
    webhookEvents.map((event) => [
      event,
      {
        post: {
          operationId: `webhook${event
            .split('.')
            .map((p) => p[0]!.toUpperCase() + p.slice(1))
            .join('')}`,
          summary: `${webhookEventLabels[event]} (sent to your webhook)`,
          description: WEBHOOK_VERIFICATION,
          tags: ['webhooks'],
          security: [],
          parameters: [
            headerParameter(webhookHeaders.id, "The delivery's id: the same on every attempt and resend."),
            headerParameter(
              webhookHeaders.timestamp,
              'Seconds since the epoch when this attempt was signed.',
            ),
            headerParameter(
              webhookHeaders.signature,
              '`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` under the secret after `whsec_` (base64-decoded).',
            ),
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: payloadSchemaRef(event) } },
          },
          responses: {
            '2XX': { description: 'Received. Any other answer (or none within 10 s) is retried.' },
          },
        },
      },
    ]),
  );
  return items as WebhooksSection;
}
