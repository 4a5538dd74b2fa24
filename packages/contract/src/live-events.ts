import { z } from 'zod';
import type { LiveEventType } from './live-event-kinds.ts';
import { orderStatuses } from './order-status-table.ts';

/*
 * Live events (issue 22, decision 023): `GET /events` streams what changed as server-sent
 * events, so screens refetch it through the normal API. An event names what changed and the
 * ids its reader's role may see anyway; it never carries the data itself.
 *
 * - `order.placed`, `order.status` (accepted, rejected, canceled, delivered: the order-action
 *   table's moves), `order.updated` (an audited change of an order that is not a move; none
 *   today): to the roles whose order list shows the order (its CMO, site, imaging center; staff
 *   and admin), with order.read.
 * - `availability.changed`: an availability's configuration changed, or a dose of it was taken
 *   or given back. To staff and admin (with `availabilityId` when they read availabilities) and
 *   to the roles that order through a pairing of that CMO and drug (no ids: the Place order
 *   calendar asks again), and to that CMO when it reads orders (no ids: an exception may have
 *   blacked out its orders' day, which its dashboard counts).
 * - `mails.failed`: a mail failed all its attempts (issue 33), to the readers of the notification
 *   log, whose dashboard banner counts them. Sent without an id (the mail outbox is not the audit
 *   trail) and not replayed: the banner also asks again now and then.
 * - `reset`: the stream cannot replay what the reader missed (too long away): refetch everything.
 *
 * Each event's SSE `id` increases (the audit trail's chain position of the change); a client
 * reconnecting with `Last-Event-ID` is sent what it missed, or `reset`.
 */
const orderEvent = <T extends LiveEventType & `order.${string}`>(type: T) =>
  z.object({
    type: z.literal(type),
    orderId: z.number().int(),
    /** The order's status after the change. */
    status: z.enum(orderStatuses),
    cmoId: z.number().int(),
    siteId: z.number().int(),
    imagingCenterId: z.number().int(),
  });

export const liveEventSchema = z
  .discriminatedUnion('type', [
    orderEvent('order.placed'),
    orderEvent('order.status'),
    orderEvent('order.updated'),
    z.object({
      type: z.literal('availability.changed'),
      /** Only to readers of `/drug-availabilities` (staff and admin). */
      availabilityId: z.number().int().optional(),
    }),
    z.object({ type: z.literal('mails.failed') }),
    z.object({ type: z.literal('reset') }),
  ])
  .meta({ id: 'LiveEvent' });
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** `GET /events` headers: the id of the last event received, to be sent what came after it. */
export const liveEventsHeadersSchema = z.looseObject({
  'last-event-id': z.string().max(40).optional(),
});
