import { describe, expect, it } from 'vitest';
import { formatLateness, lateOrdersFilter, minutesLate } from './late-delivery.ts';

const now = new Date('2026-11-26T15:00:00Z');

describe('minutesLate', () => {
  it('counts whole minutes past the projected delivery of an accepted order', () => {
    expect(minutesLate({ status: 'accepted', projectedDelivery: '2026-11-26T14:58:30Z' }, now)).toBe(1);
    expect(minutesLate({ status: 'accepted', projectedDelivery: '2026-11-26T08:00:00-06:00' }, now)).toBe(60);
  });

  it('counts a shipped order too: on its way, not yet received', () => {
    expect(minutesLate({ status: 'shipped', projectedDelivery: '2026-11-26T14:00:00Z' }, now)).toBe(60);
  });

  it('is null on time, without a projected delivery, or for any status but accepted or shipped', () => {
    expect(minutesLate({ status: 'accepted', projectedDelivery: '2026-11-26T15:00:00Z' }, now)).toBeNull();
    expect(minutesLate({ status: 'accepted', projectedDelivery: null }, now)).toBeNull();
    expect(minutesLate({ status: 'accepted', projectedDelivery: 'soon' }, now)).toBeNull();
    for (const status of ['pending', 'delivered', 'rejected', 'canceled'] as const) {
      expect(minutesLate({ status, projectedDelivery: '2026-11-26T10:00:00Z' }, now)).toBeNull();
    }
  });
});

describe('formatLateness', () => {
  it('writes minutes, hours and days as people say them', () => {
    expect(formatLateness(0)).toBe('0 min');
    expect(formatLateness(59)).toBe('59 min');
    expect(formatLateness(60)).toBe('1 h 00 min');
    expect(formatLateness(125)).toBe('2 h 05 min');
    expect(formatLateness(24 * 60 + 4 * 60 + 30)).toBe('1 d 4 h');
  });
});

describe('lateOrdersFilter', () => {
  it('asks for accepted or shipped orders whose projected delivery is before now', () => {
    expect(lateOrdersFilter(now)).toEqual([
      { field: 'status', op: 'in', value: ['accepted', 'shipped'] },
      { field: 'projected_delivery', op: 'lt', value: '2026-11-26T15:00:00.000Z' },
    ]);
  });
});
