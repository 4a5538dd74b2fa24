import { messages } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { orderActionFields } from './order-action-fields.ts';

// 2026-11-25 15:00 UTC is 09:00 in Chicago.
const now = () => new Date('2026-11-25T15:00:00.000Z');
const at = (date: string, time: string) => ({
  date,
  time,
  timezone: 'America/Chicago',
  comment: '',
});
const timeIssue = (action: 'accept' | 'deliver', values: ReturnType<typeof at>) => {
  const parsed = orderActionFields(action, now).safeParse(values);
  return parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'time')?.message;
};

describe('the date-time of an order action', () => {
  it('refuses a projected delivery in the past, beyond a few minutes of clock skew', () => {
    expect(timeIssue('accept', at('2026-11-25', '08:00'))).toBe(messages.projectedDeliveryInPast);
    expect(timeIssue('accept', at('1900-01-01', '00:00'))).toBe(messages.projectedDeliveryInPast);
    expect(timeIssue('accept', at('2026-11-25', '08:57'))).toBeUndefined();
    expect(timeIssue('accept', at('2026-11-26', '10:00'))).toBeUndefined();
  });

  it('refuses a delivery in the future, beyond a few minutes of clock skew', () => {
    expect(timeIssue('deliver', at('2026-11-26', '09:00'))).toBe(messages.deliveryInFuture);
    expect(timeIssue('deliver', at('2026-11-25', '09:10'))).toBe(messages.deliveryInFuture);
    expect(timeIssue('deliver', at('2026-11-25', '09:03'))).toBeUndefined();
    expect(timeIssue('deliver', at('2026-11-24', '18:00'))).toBeUndefined();
  });

  it('reads the time on the chosen clock', () => {
    // 09:30 in New York is 08:30 in Chicago: past for the accept, not for the delivery.
    const newYork = { ...at('2026-11-25', '09:30'), timezone: 'America/New_York' };
    expect(timeIssue('accept', newYork)).toBe(messages.projectedDeliveryInPast);
    expect(timeIssue('deliver', newYork)).toBeUndefined();
  });
});
