import {
  errorBodySchema,
  idParam,
  listQuerySchema,
  listResponseSchema,
  orderActionPermissions,
  orderAdministrationBodySchema,
  orderNotificationsAnswerSchema,
  orderSchema,
  orderStatusBatchAnswerSchema,
  orderStatusBatchBodySchema,
  orderStatusChangeBodySchema,
  orderStatuses,
  orderStatusLabels,
  orderStatusLookupSchema,
  placeOrderAnswerSchema,
  placeOrderBodySchema,
  placeOrderHeadersSchema,
  placeOrderOptionsSchema,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../kernel/http/context.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { recordAdministration } from './administration.ts';
import { idempotentPlacement, keyOwnerOf } from './idempotency.ts';
import { placeOrderOptions } from './options.ts';
import { placeOrder } from './place.ts';
import { getOrder, listOrders } from './service.ts';
import { changeOrderStatus, changeOrderStatuses, resendOrderMail } from './status.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const withNotFound = { ...errors, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['orders'];

/**
 * `/orders` (order.read to see, order.create to place, the action's permission to change the
 * status, cmoAcknowledgement.update to resend the mail; company scope in the services) and
 * `/order-statuses`.
 */
export function orderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/orders',
    {
      config: { access: { permissions: ['order.read'] }, apiKey: true },
      schema: {
        tags,
        querystring: listQuerySchema,
        response: {
          200: listResponseSchema(orderSchema.partial().required({ id: true }), orderSchema),
          ...errors,
        },
      },
    },
    (request) => listOrders(serviceContext(request, deps), request.query),
  );
  r.post(
    '/orders',
    {
      config: { access: { permissions: ['order.create'] }, apiKey: true },
      schema: {
        tags,
        headers: placeOrderHeadersSchema,
        body: placeOrderBodySchema,
        response: { 201: placeOrderAnswerSchema, ...withNotFound, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const ctx = serviceContext(request, deps);
      const key = request.headers['idempotency-key'];
      const idempotent = idempotentPlacement(keyOwnerOf(ctx.actor), key, request.body);
      const placed = await placeOrder(ctx, request.body, idempotent);
      if (placed.replayed) reply.header('idempotent-replayed', 'true');
      // Only what has something to send is woken: a pass of a dispatcher with nothing due still
      // costs a statement, one per placement in a burst (issue 34).
      if (placed.queued.mails > 0) deps.mailer.wake();
      if (placed.queued.webhooks > 0) deps.webhooks.wake();
      return reply.status(201).send(placed.answer);
    },
  );
  r.put(
    '/orders/:id/status',
    {
      // Any action's permission lets the call in; the service checks the one of the requested
      // action (contract `orderActionRules`), so who may do what is read off that table.
      config: { access: { anyPermissions: orderActionPermissions } },
      schema: {
        tags,
        params: idParam,
        body: orderStatusChangeBodySchema,
        response: { 200: orderSchema, ...withNotFound },
      },
    },
    async (request) => {
      const order = await changeOrderStatus(serviceContext(request, deps), request.params.id, request.body);
      deps.mailer.wake();
      deps.webhooks.wake();
      return order;
    },
  );
  r.put(
    '/orders/:id/administration',
    {
      // The imaging center records what it injected, as it records deliveries (issue 35).
      config: { access: { permissions: ['orderStatus.create'] } },
      schema: {
        tags,
        summary: 'Record (or correct) the administration of a delivered order',
        description:
          "The order's imaging center (or staff, admin), e-signed: `{administered: true, relatedDatetime, timezone?, measuredActivity, measuredAt, residualActivity?, residualAt?}` (wall clocks in the zone, the imaging center's by default; activities in the order's unit) or `{administered: false, reason?, comment?}` (reason one of did_not_attend, dose_expired, quality, damaged, scanner_down, other; omitted: other, which needs the comment). The administered activity is the measured activity decayed to the injection less the residual corrected back to it. 409 DOSE_EXPIRED when the injection is after the shipment's expiry; a correction needs a reasonForChange.",
        params: idParam,
        body: orderAdministrationBodySchema,
        response: { 200: orderSchema, ...withNotFound },
      },
    },
    async (request) => {
      const order = await recordAdministration(
        serviceContext(request, deps),
        request.params.id,
        request.body,
      );
      deps.webhooks.wake();
      return order;
    },
  );
  r.post(
    '/orders/status-batch',
    {
      // As the single change: any action's permission lets the call in, each item is checked
      // against its own action's permission, party and scope in the service.
      config: { access: { anyPermissions: orderActionPermissions } },
      schema: {
        tags,
        summary: 'Change the status of several orders under one e-signature',
        description:
          "Each item is checked and applied as PUT /orders/{id}/status would, in its own transaction with its own signed audit row and mail. A malformed body or a wrong e-signature changes nothing (400); otherwise 200 with one result per item: ok with the new status, or the refusal (code, message, errors) the single call would answer, a missing field of the item's action included; a refused item does not undo the others.",
        body: orderStatusBatchBodySchema,
        response: { 200: orderStatusBatchAnswerSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => {
      const answer = await changeOrderStatuses(serviceContext(request, deps), request.body);
      if (answer.results.some((r) => r.ok)) {
        deps.mailer.wake();
        deps.webhooks.wake();
      }
      return answer;
    },
  );
  r.post(
    '/orders/:id/notifications',
    {
      config: { access: { permissions: ['cmoAcknowledgement.update'] } },
      schema: { tags, params: idParam, response: { 202: orderNotificationsAnswerSchema, ...withNotFound } },
    },
    async (request, reply) => {
      const answer = await resendOrderMail(serviceContext(request, deps), request.params.id);
      deps.mailer.wake();
      return reply.status(202).send(answer);
    },
  );
  r.get(
    '/orders/options',
    {
      config: { access: { permissions: ['order.create'] } },
      schema: { tags, response: { 200: placeOrderOptionsSchema, ...errors } },
    },
    (request) => placeOrderOptions(serviceContext(request, deps)),
  );
  r.get(
    '/orders/:id',
    {
      config: { access: { permissions: ['order.read'] }, apiKey: true },
      schema: { tags, params: idParam, response: { 200: orderSchema, ...withNotFound } },
    },
    (request) => getOrder(serviceContext(request, deps), request.params.id),
  );
  r.get(
    '/order-statuses',
    {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: orderStatusLookupSchema, ...errors } },
    },
    () => orderStatuses.map((id) => ({ id, name: orderStatusLabels[id] })),
  );
}
