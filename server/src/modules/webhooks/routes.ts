import {
  errorBodySchema,
  idParam,
  listQuerySchema,
  listResponseSchema,
  STAFF_ADMIN,
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
import { serviceContext } from '../../http/context.ts';
import type { AppDeps } from '../../http/deps.ts';
import {
  createWebhook,
  disableWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
} from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['webhooks'];

/**
 * `/studies/{id}/webhooks`: a study's webhooks (decision 030), managed by staff and admin as the
 * study's configuration like its API keys: list, create (the signing secret answered once),
 * disable (with a reason), the delivery log and the resend of a failed delivery.
 */
export function webhookRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/studies/:id/webhooks',
    {
      config: { access: { permissions: ['config.read'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        params: idParam,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(webhookSchema.partial().required({ id: true })), ...errors },
      },
    },
    (request) => listWebhooks(serviceContext(request, deps), request.params.id, request.query),
  );
  r.post(
    '/studies/:id/webhooks',
    {
      config: { access: { permissions: ['config.create'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        summary: "Create a study's webhook (its signing secret is answered this once)",
        description:
          'The URL must be https (http only where the server allows it) and its host must resolve to public addresses only unless the server allows private networks (400 on `url`). The events are sent as the `webhooks` of this document describe, signed per Standard Webhooks.',
        params: idParam,
        body: webhookCreateBodySchema,
        response: { 201: webhookCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createWebhook(serviceContext(request, deps), request.params.id, request.body)),
  );
  r.put(
    '/studies/:id/webhooks/:webhookId/disable',
    {
      config: { access: { permissions: ['config.update'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        params: webhookParams,
        body: webhookDisableBodySchema,
        response: { 200: webhookSchema, ...errors },
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
      config: { access: { permissions: ['config.read'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        summary: "A webhook's delivery log",
        params: webhookParams,
        querystring: listQuerySchema,
        response: {
          200: listResponseSchema(webhookDeliverySchema.partial().required({ id: true })),
          ...errors,
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
      config: { access: { permissions: ['config.update'], roles: STAFF_ADMIN } },
      schema: {
        tags,
        summary: 'Send a failed delivery again',
        description:
          'Puts a failed delivery back to pending, due now, its attempts reset, with the same `webhook-id` and body; signed and audited. 409 WEBHOOK_DELIVERY_NOT_FAILED for a delivery that is not failed (also the second of two resends at once).',
        params: webhookDeliveryParams,
        body: webhookDeliveryResendBodySchema,
        response: { 200: webhookDeliverySchema, ...errors },
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
