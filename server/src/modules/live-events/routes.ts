import {
  errorBodySchema,
  limits,
  liveEventSchema,
  liveEventsAccess,
  liveEventsHeadersSchema,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../kernel/auth/principal.ts';
import { checkAccess, principalOf, sessionPrincipal } from '../../kernel/http/access.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { accessText } from '../../kernel/http/openapi-operation.ts';
import type { LiveStream } from './stream.ts';

/**
 * A stream's principal read again (its user's sessions or access changed): the 401/403 a new
 * request would get ends the stream.
 */
export async function streamPrincipal(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  stream: LiveStream,
): Promise<Principal> {
  const principal = await sessionPrincipal(deps, stream.session, stream.roleHeader);
  checkAccess(principal, liveEventsAccess);
  return principal;
}

const description = `${accessText(liveEventsAccess)} Server-sent events (text/event-stream) about what changed, scoped like the order list: an order placed or moved (its id, status and companies) to the roles whose order list shows it; availability changed to staff, admin, its CMO and the roles ordering through it; mails.failed (no id, not replayed) to the readers of the notification log when a mail failed all its attempts; reset when more was missed than can be replayed. Each event's id increases; send the last one received as Last-Event-ID when reconnecting to be sent what was missed. A comment line every ${limits.liveHeartbeatSeconds} s. The stream ends when the access token expires, the session ends (logout, inactivation, lock) or the role may no longer read it: reconnect with a fresh token. At most ${limits.liveStreamsPerUser} open streams per user and instance (429 TOO_MANY_STREAMS). Decision 023.`;

/** `GET /events`: the live event stream of the request's role (decision 023). */
export function liveEventRoutes(app: FastifyInstance, _deps: AppDeps): void {
  // Not through the zod type provider: its reply is typed by the 200 schema, an event, while the
  // body sent is the stream of them.
  app.get(
    '/events',
    {
      config: { access: liveEventsAccess },
      schema: {
        tags: ['events'],
        summary: 'Live events (server-sent events)',
        description,
        headers: liveEventsHeadersSchema,
        response: {
          200: {
            description: 'A stream of events, each `id`, `event` (the type) and `data` (the event as JSON)',
            content: { 'text/event-stream': { schema: liveEventSchema } },
          },
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const lastEventId = request.headers['last-event-id'];
      const stream = await app.liveEvents.open({
        principal: principalOf(request),
        session: request.accessSession!,
        roleHeader: request.headers['role-id'],
        lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined,
      });
      // The client went away: the stream and its place in the user's count go too.
      reply.raw.once('close', () => stream.body.destroy());
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          // nginx: pass each event on at once (deploy/nginx also turns buffering off for this path).
          .header('x-accel-buffering', 'no')
          .send(stream.body)
      );
    },
  );
}
