import { describe, expect, it } from 'vitest';
import { closedDayText, orderLatenessText, orderStatusText } from './order-lateness.ts';

describe('orderStatusText', () => {
  const now = new Date('2026-11-26T15:00:00Z');
  it('adds how late an accepted order past its projected delivery is', () => {
    expect(orderStatusText({ status: 'accepted', projectedDelivery: '2026-11-26T12:55:00Z' }, now)).toBe(
      'Accepted · 2 h 05 min late',
    );
  });
  it('says an order was placed against the schedule (issue 36)', () => {
    const pending = { status: 'pending' as const, projectedDelivery: null };
    expect(orderStatusText({ ...pending, outOfWindow: true, duplicateTimepoint: false }, now)).toBe(
      'Pending · Out of window',
    );
    expect(orderStatusText({ ...pending, outOfWindow: true, duplicateTimepoint: true }, now)).toBe(
      'Pending · Out of window · Duplicate timepoint',
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

  it('marks an order still waiting for a dose on a day with no manufacture (issue 33)', () => {
    const closed = { date: '2026-11-26', reason: 'Cyclotron maintenance' };
    expect(
      orderStatusText({ status: 'pending', projectedDelivery: null, manufactureClosed: closed }, now),
    ).toBe('Pending · No manufacture');
    expect(
      orderStatusText(
        { status: 'accepted', projectedDelivery: '2026-11-26T12:55:00Z', manufactureClosed: closed },
        now,
      ),
    ).toMatch(/^Accepted · .+ late · No manufacture$/);
    expect(
      orderStatusText({ status: 'delivered', projectedDelivery: null, manufactureClosed: closed }, now),
    ).toBe('Delivered');
    expect(
      orderStatusText({ status: 'pending', projectedDelivery: null, manufactureClosed: null }, now),
    ).toBe('Pending');
  });
});

describe('orderLatenessText', () => {
  const now = new Date('2026-11-26T15:00:00Z');
  it('is how late an accepted order past its projected delivery is, as exports write it apart', () => {
    expect(orderLatenessText({ status: 'accepted', projectedDelivery: '2026-11-25T07:30:00Z' }, now)).toBe(
      '1 d 7 h',
    );
    expect(orderLatenessText({ status: 'accepted', projectedDelivery: '2026-11-26T14:56:00Z' }, now)).toBe(
      '4 min',
    );
  });
  it('is null for an order on time, delivered, or not accepted', () => {
    expect(
      orderLatenessText({ status: 'accepted', projectedDelivery: '2026-11-26T15:30:00Z' }, now),
    ).toBeNull();
    expect(
      orderLatenessText({ status: 'delivered', projectedDelivery: '2026-11-25T07:30:00Z' }, now),
    ).toBeNull();
    expect(orderLatenessText({ status: 'pending', projectedDelivery: null }, now)).toBeNull();
  });
});

describe('closedDayText', () => {
  const closed = { date: '2026-12-08', reason: 'Cyclotron maintenance' };
  it('names a closed manufacture day and its reason while the order waits for its dose, for exports', () => {
    expect(closedDayText({ status: 'pending', manufactureClosed: closed })).toBe(
      'No manufacture (Cyclotron maintenance)',
    );
    expect(closedDayText({ status: 'accepted', manufactureClosed: { ...closed, reason: '' } })).toBe(
      'No manufacture',
    );
    expect(closedDayText({ status: 'delivered', manufactureClosed: closed })).toBeNull();
    expect(closedDayText({ status: 'pending', manufactureClosed: null })).toBeNull();
  });
});
