import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a proxy or client names a request by; answered with the id the server used. */
export const REQUEST_ID_HEADER = 'x-request-id';

// Plain tokens only: the id goes into every log line of the request and back into a header.
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: a valid incoming X-Request-Id (a proxy's trace id), else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers[REQUEST_ID_HEADER];
  const incoming = Array.isArray(header) ? header[0] : header;
  return incoming !== undefined && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Echoes each request's id in the X-Request-Id response header, so a caller can quote it. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
