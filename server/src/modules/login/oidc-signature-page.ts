import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** The message the signing popup posts to the page that opened it. */
export const SIGNATURE_MESSAGE_TYPE = 'dosechain-oidc-signature';

/**
 * The signing popup's last page: it gives the page whose form is being signed (on DoseChain's own
 * origin only) the one-time signature token or why there is none, and closes.
 * Served by the callback itself, so the popup needs no session of its own; its one script runs
 * under a nonce in this response's Content-Security-Policy.
 */
export function sendSignaturePage(reply: FastifyReply, result: { token: string } | { 'oidc-error': string }) {
  const nonce = randomBytes(16).toString('base64');
  // JSON inside a script element: "<" escaped, so no value can close the element.
  const data = JSON.stringify({ type: SIGNATURE_MESSAGE_TYPE, ...result }).replace(/</g, '\\u003c');
  // A BroadcastChannel, not window.opener: the app's Cross-Origin-Opener-Policy cuts the popup
  // from its opener once it has been at the provider. The channel reaches this origin's pages only.
  const script = `const r=JSON.parse(document.getElementById('result').textContent);
const c=new BroadcastChannel(r.type);c.postMessage(r);c.close();window.close();
document.getElementById('text').textContent='Return to DoseChain: this window can be closed.';`;
  return reply
    .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'`)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>DoseChain signature</title></head>` +
        `<body><p id="text">Signing…</p><script type="application/json" id="result">${data}</script>` +
        `<script nonce="${nonce}">${script}</script></body></html>`,
    );
}
