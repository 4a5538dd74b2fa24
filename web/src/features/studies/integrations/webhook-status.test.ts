import type { Webhook } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { webhookStatusText } from './webhook-status.ts';

const webhook = (over: Partial<Webhook>): Webhook => ({
  id: 1,
  studyId: 1,
  url: 'https://hooks.example.org/dosechain',
  events: ['order.placed'],
  status: 'active',
  disabledAt: null,
  disableReason: null,
  consecutiveFailures: 0,
  pausedUntil: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  createdBy: 'Ada Admin',
  ...over,
});
const now = new Date('2026-11-28T10:00:00Z');

describe('webhookStatusText', () => {
  it('says Active for an endpoint that answers', () => {
    expect(webhookStatusText(webhook({}), now)).toBe('Active');
  });

  it('counts failures in a row before the pause', () => {
    expect(webhookStatusText(webhook({ consecutiveFailures: 1 }), now)).toBe(
      'Active (1 failed attempt in a row)',
    );
    expect(webhookStatusText(webhook({ consecutiveFailures: 3 }), now)).toBe(
      'Active (3 failed attempts in a row)',
    );
  });

  it('says until when a paused endpoint waits, with its zone', () => {
    const paused = webhook({ consecutiveFailures: 6, pausedUntil: '2026-11-28T10:01:00.000Z' });
    expect(webhookStatusText(paused, now)).toBe(
      'Paused until Nov 28, 2026, 10:01 UTC (6 failed attempts in a row)',
    );
  });

  it('no longer says paused once the pause is over (the next attempt is the probe)', () => {
    const over = webhook({ consecutiveFailures: 6, pausedUntil: '2026-11-28T09:59:00.000Z' });
    expect(webhookStatusText(over, now)).toBe('Active (6 failed attempts in a row)');
  });

  it('says Disabled whatever its failures', () => {
    const off = webhook({ status: 'disabled', disabledAt: now.toISOString(), consecutiveFailures: 9 });
    expect(webhookStatusText(off, now)).toBe('Disabled');
  });
});
