import { describe, expect, it } from 'vitest';
import { orderStatusText } from './order-lateness.ts';

describe('orderStatusText', () => {
  const now = new Date('2026-11-26T15:00:00Z');
  it('adds how late an accepted order past its projected delivery is', () => {
    expect(orderStatusText({ status: 'accepted', projectedDelivery: '2026-11-26T12:55:00Z' }, now)).toBe(
      'Accepted · 2 h 05 min late',
    );
  });
  it('is the plain label otherwise', () => {
    expect(orderStatusText({ status: 'accepted', projectedDelivery: '2026-11-26T15:30:00Z' }, now)).toBe(
      'Accepted',
    );
    expect(orderStatusText({ status: 'delivered', projectedDelivery: '2026-11-26T12:55:00Z' }, now)).toBe(
      'Delivered',
    );
    expect(orderStatusText({ status: 'pending', projectedDelivery: null }, now)).toBe('Pending');
  });
});
