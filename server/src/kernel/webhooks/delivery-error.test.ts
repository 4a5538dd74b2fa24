import { messages } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { WebhookUrlRefused } from './address-policy.ts';
import { describeDeliveryError } from './delivery-error.ts';
import { WebhookTimeout } from './send.ts';

/** Issue 31 §2: the delivery log's `lastError` in words, never a socket error with its address. */
describe('describeDeliveryError', () => {
  const socketError = (code: string, message: string) => Object.assign(new Error(message), { code });

  it('names what happened', () => {
    const cases: [unknown, string][] = [
      [new WebhookTimeout('connect'), 'timed out connecting'],
      [new WebhookTimeout('answer'), 'timed out waiting for the answer'],
      [socketError('ECONNREFUSED', 'connect ECONNREFUSED 10.1.2.3:443'), 'connection refused'],
      [socketError('ECONNRESET', 'socket hang up'), 'connection closed without an answer'],
      [socketError('ECONNRESET', 'read ECONNRESET'), 'connection reset'],
      [socketError('EHOSTUNREACH', 'connect EHOSTUNREACH 10.1.2.3:443'), 'host unreachable'],
      [socketError('CERT_HAS_EXPIRED', 'certificate has expired'), 'TLS certificate rejected (expired)'],
      [
        socketError(
          'ERR_TLS_CERT_ALTNAME_INVALID',
          "Hostname/IP does not match certificate's altnames: IP: 10.1.2.3",
        ),
        'TLS certificate rejected (issued for another host name)',
      ],
      [
        socketError('UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable to verify'),
        'TLS certificate rejected (unknown issuer)',
      ],
      [socketError('ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number'), 'TLS handshake failed'],
      [socketError('EPROTO', 'write EPROTO 10.1.2.3'), 'TLS handshake failed'],
      [socketError('ESOMETHINGNEW', 'connect ESOMETHINGNEW 10.1.2.3:443'), 'network error (ESOMETHINGNEW)'],
      [socketError('weird code 10.1.2.3', 'x'), 'network error'],
      [new Error('connect to 10.1.2.3:443 failed'), 'network error'],
      ['a string', 'network error'],
      [new WebhookUrlRefused(messages.webhookUrlPrivateAddress), messages.webhookUrlPrivateAddress],
    ];
    for (const [err, words] of cases) expect(describeDeliveryError(err), String(err)).toBe(words);
  });
});
