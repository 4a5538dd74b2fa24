import { formatInstant, type Webhook } from '@dosechain/contract';

/**
 * A webhook's state in words: disabled; paused (the circuit breaker holds its deliveries after
 * failures in a row, decision 034) until when; active, with its failures in a row if any, so an
 * endpoint that keeps failing is seen before it is paused.
 */
export function webhookStatusText(webhook: Webhook, now: Date = new Date()): string {
  if (webhook.status === 'disabled') return 'Disabled';
  const failures = webhook.consecutiveFailures;
  const inARow = `${failures} failed ${failures === 1 ? 'attempt' : 'attempts'} in a row`;
  if (webhook.pausedUntil && Date.parse(webhook.pausedUntil) > now.getTime())
    return `Paused until ${formatInstant(webhook.pausedUntil)} (${inARow})`;
  return failures > 0 ? `Active (${inARow})` : 'Active';
}
