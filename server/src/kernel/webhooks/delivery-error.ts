import { WebhookUrlRefused } from './address-policy.ts';
import { WebhookTimeout } from './send.ts';

/**
 * TLS verification failures (OpenSSL's and Node's codes), with what went wrong in words. Any of
 * them is "TLS certificate rejected": the receiver's certificate is not one we may trust.
 */
const certificateProblems: Record<string, string> = {
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not yet valid',
  CERT_REVOKED: 'revoked',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in the chain',
  UNABLE_TO_GET_ISSUER_CERT: 'unknown issuer',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unknown issuer',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unknown issuer',
  CERT_SIGNATURE_FAILURE: 'bad signature',
  CERT_UNTRUSTED: 'untrusted',
  CERT_REJECTED: 'rejected',
  INVALID_CA: 'invalid issuer',
  ERR_TLS_CERT_ALTNAME_INVALID: 'issued for another host name',
  HOSTNAME_MISMATCH: 'issued for another host name',
};

/** Socket errors by code, in words (never the error's own message: it names addresses and ports). */
const networkProblems: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed while sending',
  ECONNABORTED: 'connection aborted',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EHOSTDOWN: 'host down',
  ENETDOWN: 'network down',
  ETIMEDOUT: 'timed out connecting',
  EADDRNOTAVAIL: 'address not available',
  HPE_INVALID_CONSTANT: 'not an HTTP answer',
  HPE_INVALID_STATUS: 'not an HTTP answer',
  HPE_INVALID_HEADER_TOKEN: 'not an HTTP answer',
};

/**
 * What made an attempt fail, as the delivery log's `lastError` says it (issue 31): "timed out
 * …", "connection refused", "TLS certificate rejected (expired)", the address policy's own
 * message… — never a raw socket error, which carries addresses and ports.
 */
export function describeDeliveryError(err: unknown): string {
  if (err instanceof WebhookUrlRefused || err instanceof WebhookTimeout) return err.message;
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  if (typeof code === 'string') {
    // Node's name for a connection the receiver closed before answering.
    if (code === 'ECONNRESET' && (err as Error).message === 'socket hang up')
      return 'connection closed without an answer';
    const certificate = certificateProblems[code];
    if (certificate) return `TLS certificate rejected (${certificate})`;
    const network = networkProblems[code];
    if (network) return network;
    if (code.startsWith('ERR_SSL_') || code === 'EPROTO' || code.startsWith('ERR_TLS_'))
      return 'TLS handshake failed';
    // An unlisted code is still a name, not an address.
    if (/^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return `network error (${code})`;
  }
  return 'network error';
}
