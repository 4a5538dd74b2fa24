import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import type { ResolvedTarget } from './address-policy.ts';

/** A delivery's attempt gives up after this long (connect, send and answer). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/**
 * The connection (TCP, and TLS for https) must be up within this long: a host that drops the
 * packets costs a few seconds, not the whole attempt's limit.
 */
export const WEBHOOK_CONNECT_TIMEOUT_MS = 3_000;
/** At most this much of an answer is read (and then discarded). */
const ANSWER_READ_MAX = 64 * 1024;

export interface WebhookAnswer {
  status: number;
}

/** An attempt that ran out of time: while connecting, or waiting for the answer. */
export class WebhookTimeout extends Error {
  constructor(readonly phase: 'connect' | 'answer') {
    super(phase === 'connect' ? 'timed out connecting' : 'timed out waiting for the answer');
  }
}

export interface PostWebhookTimeouts {
  /** The whole attempt (default WEBHOOK_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Until the connection is up (default WEBHOOK_CONNECT_TIMEOUT_MS, never above `timeoutMs`). */
  connectTimeoutMs?: number;
}

/**
 * POSTs the body to the checked target, connecting to its checked address only (the lookup is
 * pinned, so a DNS answer changed since the check cannot redirect it), TLS still verified
 * against the URL's host name. Redirects are not followed (a 3xx is a failed attempt). Rejects
 * on a network error or a timeout (`WebhookTimeout`); resolves with the HTTP status otherwise.
 */
export function postWebhook(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string,
  timeouts: PostWebhookTimeouts = {},
): Promise<WebhookAnswer> {
  const timeoutMs = timeouts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const connectTimeoutMs = Math.min(timeouts.connectTimeoutMs ?? WEBHOOK_CONNECT_TIMEOUT_MS, timeoutMs);
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const { url } = target;
  const secure = url.protocol === 'https:';
  const client = secure ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
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
    const whole = setTimeout(() => request.destroy(new WebhookTimeout('answer')), timeoutMs);
    const connecting = setTimeout(() => request.destroy(new WebhookTimeout('connect')), connectTimeoutMs);
    request.on('socket', (socket: Socket) => {
      socket.once(secure ? 'secureConnect' : 'connect', () => clearTimeout(connecting));
    });
    request.on('error', (err) => reject(err));
    request.on('close', () => {
      clearTimeout(whole);
      clearTimeout(connecting);
    });
    request.end(body);
  });
}
