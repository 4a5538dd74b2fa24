/**
 * What a log line says of a request: Fastify's fields, with the address's query values left out.
 * A query string may carry a secret — the recovery link `/password-reset?token=…` is opened as a
 * page — or personal data (a list's search and filter); the names of its parameters stay, so a
 * line still says what was asked (`/api/v1/orders?filter=…&page=…`).
 */
export function loggedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, q)}?${names.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, the URL through `loggedUrl`. */
export function safeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: loggedUrl(req.url),
    version: typeof req.headers?.['accept-version'] === 'string' ? req.headers['accept-version'] : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
