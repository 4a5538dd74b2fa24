import {
  listQuerySchema,
  listResponseSchema,
  webhookCreateBodySchema,
  webhookCreatedSchema,
  webhookDeliveryParams,
  webhookDeliveryResendBodySchema,
  webhookDeliverySchema,
  webhookDisableBodySchema,
  webhookParams,
  webhookSchema,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../kernel/http/context.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { studyAccess, studyPartErrors, studyPartRoutes } from '../shared/index.ts';
import {
  createWebhook,
  disableWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
} from './service.ts';

const tags = ['webhooks'];

/**
 * `/studies/{id}/webhooks`: a study's webhooks (decision 030), managed by staff and admin as the
 * study's configuration like its API keys: list, create (the signing secret answered once),
 * disable (with a reason), the delivery log and the resend of a failed delivery.
 */
export function webhookRoutes(app: FastifyInstance, deps: AppDeps): void {
  studyPartRoutes(app, deps, {
    segment: 'webhooks',
    tag: 'webhooks',
    item: webhookSchema,
    create: webhookCreateBodySchema,
    created: webhookCreatedSchema,
    createDocs: {
      summary: "Create a study's webhook (its signing secret is answered this once)",
      description:
        'The URL must be https (http only where the server allows it) and its host must resolve to public addresses only unless the server allows private networks (400 on `url`). The events are sent as the `webhooks` of this document describe, signed per Standard Webhooks.',
    },
    list: listWebhooks,
    add: createWebhook,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/studies/:id/webhooks/:webhookId/disable',
    {
      config: { access: studyAccess.update },
      schema: {
        tags,
        params: webhookParams,
        body: webhookDisableBodySchema,
        response: { 200: webhookSchema, ...studyPartErrors },
      },
    },
    (request) =>
      disableWebhook(
        serviceContext(request, deps),
        request.params.id,
        request.params.webhookId,
        request.body,
      ),
  );
  r.get(
    '/studies/:id/webhooks/:webhookId/deliveries',
    {
      config: { access: studyAccess.read },
      schema: {
        tags,
        summary: "A webhook's delivery log",
        params: webhookParams,
        querystring: listQuerySchema,
        response: {
          200: listResponseSchema(
            webhookDeliverySchema.partial().required({ id: true }),
            webhookDeliverySchema,
          ),
          ...studyPartErrors,
        },
      },
    },
    (request) =>
      listWebhookDeliveries(
        serviceContext(request, deps),
        request.params.id,
        request.params.webhookId,
        request.query,
      ),
  );
  r.post(
    '/studies/:id/webhooks/:webhookId/deliveries/:deliveryId/resend',
    {
      config: { access: studyAccess.update },
      schema: {
        tags,
        summary: 'Send a failed delivery again',
        description:
          'Puts a failed delivery back to pending, due now, its attempts reset, with the same `webhook-id` and body; signed and audited. 409 WEBHOOK_DELIVERY_NOT_FAILED for a delivery that is not failed (also the second of two resends at once).',
        params: webhookDeliveryParams,
        body: webhookDeliveryResendBodySchema,
        response: { 200: webhookDeliverySchema, ...studyPartErrors },
      },
    },
    async (request) => {
      const { id, webhookId, deliveryId } = request.params;
      const delivery = await resendWebhookDelivery(
        serviceContext(request, deps),
        id,
        webhookId,
        deliveryId,
        request.body,
      );
      deps.webhooks.wake();
      return delivery;
    },
  );
}
