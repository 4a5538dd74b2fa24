import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './address-policy.ts';

/** A delivery's attempt gives up after this long (connect, send and answer). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this much of an answer is read (and then discarded). */
const ANSWER_READ_MAX = 64 * 1024;

export interface WebhookAnswer {
  status: number;
}

/**
 * POSTs the body to the checked target, connecting to its checked address only (the lookup is
 * pinned, so a DNS answer changed since the check cannot redirect it), TLS still verified
 * against the URL's host name. Redirects are not followed (a 3xx is a failed attempt). Rejects
 * on a network error or the timeout; resolves with the HTTP status otherwise.
 */
export function postWebhook(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<WebhookAnswer> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        timeout: timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'DoseChain-Webhooks/1',
          ...headers,
        },
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_READ_MAX) response.destroy();
        });
        response.on('close', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (err) => reject(err));
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });
}
