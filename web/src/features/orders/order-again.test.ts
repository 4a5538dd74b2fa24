import type { Order } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { orderAgainPath } from './order-again.tsx';

const order = (over: Partial<Order>) =>
  ({
    id: 7,
    number: 1007,
    status: 'rejected',
    study: { id: 1, name: 'S' },
    site: { id: 2, name: 'Site', timezone: 'UTC' },
    exam: { id: 3, name: 'E' },
    imagingCenter: { id: 4, name: 'C' },
    timePoint: { id: 5, name: 'Week 4' },
    subjectId: 'S 1',
    manufactureClosed: null,
    replacedByOrder: null,
    ...over,
  }) as Order;

describe('orderAgainPath [issue 36]', () => {
  it('fills Place order in from a rejected or canceled order, naming it', () => {
    const path = orderAgainPath(order({}))!;
    const params = new URL(path, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({
      studyId: '1',
      siteId: '2',
      examId: '3',
      imagingCenterId: '4',
      subjectId: 'S 1',
      timePointId: '5',
      replacesOrderId: '7',
      replacesOrderNumber: '1007',
    });
    expect(orderAgainPath(order({ status: 'canceled' }))).not.toBeNull();
  });

  it('offers it for a waiting order on a blacked-out day, not for a live one or one already replaced', () => {
    const closed = { date: '2027-03-02', reason: 'Cyclotron down' };
    expect(orderAgainPath(order({ status: 'accepted', manufactureClosed: closed }))).not.toBeNull();
    expect(orderAgainPath(order({ status: 'accepted' }))).toBeNull();
    expect(orderAgainPath(order({ status: 'delivered', manufactureClosed: closed }))).toBeNull();
    expect(orderAgainPath(order({ replacedByOrder: { id: 9, number: 1009 } }))).toBeNull();
  });
});
