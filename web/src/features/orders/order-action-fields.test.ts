import { messages } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { acceptWarnings, orderActionFields } from './order-action-fields.ts';

// 2026-11-25 15:00 UTC is 09:00 in Chicago.
const now = () => new Date('2026-11-25T15:00:00.000Z');
const at = (date: string, time: string) => ({
  date,
  time,
  timezone: 'America/Chicago',
  comment: '',
  confirmed: false,
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

describe('an accept that needs a confirmation (issue 33)', () => {
  // Calibration Nov 27 at 10:00 in Chicago, of F-18 (10× its activity about 6 h before).
  const order = {
    calibrationDatetime: '2026-11-27T16:00:00.000Z',
    status: 'pending' as const,
    manufactureClosed: null,
    drug: { halfLifeSeconds: 109.77 * 60 },
  };
  const closed = { ...order, manufactureClosed: { date: '2026-11-27', reason: 'Cyclotron maintenance' } };
  const confirmIssue = (o: typeof order | typeof closed, values: ReturnType<typeof at>) =>
    orderActionFields('accept', now, o)
      .safeParse(values)
      .error?.issues.find((i) => i.path[0] === 'confirmed')?.message;

  it('warns of a projected delivery long before the calibration, and of an order on a closed day', () => {
    expect(acceptWarnings(order, new Date('2026-11-26T16:00:00.000Z'))).toEqual(['beforeCalibration']);
    // An hour or two early is how doses travel: no warning.
    expect(acceptWarnings(order, new Date('2026-11-27T14:00:00.000Z'))).toEqual([]);
    expect(acceptWarnings(order, new Date('2026-11-27T16:00:00.000Z'))).toEqual([]);
    expect(acceptWarnings(order, undefined)).toEqual([]);
    expect(acceptWarnings(closed, new Date('2026-11-27T17:00:00.000Z'))).toEqual(['closedDay']);
    // Delivered or canceled orders on that day are not waiting for a dose: no warning.
    expect(acceptWarnings({ ...closed, status: 'delivered' }, undefined)).toEqual([]);
  });

  it('is not valid until the warnings are confirmed', () => {
    const typo = at('2026-11-26', '10:00');
    expect(confirmIssue(order, typo)).toBe(messages.confirmAcceptWarningsRequired);
    expect(confirmIssue(order, { ...typo, confirmed: true })).toBeUndefined();
    expect(confirmIssue(order, at('2026-11-27', '10:00'))).toBeUndefined();
    expect(confirmIssue(closed, at('2026-11-27', '11:00'))).toBe(messages.confirmAcceptWarningsRequired);
    expect(confirmIssue(closed, { ...at('2026-11-27', '11:00'), confirmed: true })).toBeUndefined();
  });

  it('asks nothing of the other actions', () => {
    const parsed = orderActionFields('deliver', now, closed).safeParse(at('2026-11-24', '10:00'));
    expect(parsed.success).toBe(true);
  });
});
