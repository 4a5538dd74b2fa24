import { describe, expect, it } from 'vitest';
import {
  actionTo,
  finalOrderStatuses,
  localDateTimeToInstant,
  orderActionPermissions,
  orderStatusChangeBodySchema,
  orderTransitions,
} from './order-status.ts';

describe('the order action table', () => {
  it('gives the transitions of spec section 4', () => {
    expect(orderTransitions).toEqual({
      pending: ['accepted', 'rejected', 'canceled'],
      accepted: ['delivered', 'canceled'],
      rejected: [],
      canceled: [],
      delivered: [],
    });
    expect(finalOrderStatuses).toEqual(['rejected', 'canceled', 'delivered']);
    expect(actionTo('pending')).toBeUndefined();
    expect(orderActionPermissions).toEqual([
      'cmoAcknowledgement.create',
      'orderStatus.create',
      'orderCancel.create',
    ]);
  });

  it('asks for the date-time or the comment the action needs', () => {
    const issues = (body: object) =>
      orderStatusChangeBodySchema.safeParse(body).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues({ status: 'accepted' })).toEqual(['relatedDatetime']);
    expect(issues({ status: 'delivered', relatedDatetime: '2027-03-01T10:00' })).toEqual([]);
    expect(issues({ status: 'rejected', comment: '   ' })).toEqual(['comment']);
    expect(issues({ status: 'canceled', comment: 'x'.repeat(141) })).toEqual(['comment']);
    expect(issues({ status: 'pending' })).toEqual(['status']);
    expect(issues({ status: 'accepted', relatedDatetime: '2027-03-01T10:00Z' })).toEqual(['relatedDatetime']);
  });
});

describe('localDateTimeToInstant', () => {
  it('reads a wall-clock time in the zone, across the March change, refusing a skipped time', () => {
    const ny = (local: string) => localDateTimeToInstant(local, 'America/New_York')?.toISOString();
    expect(ny('2027-03-14T01:30')).toBe('2027-03-14T06:30:00.000Z');
    expect(ny('2027-03-14T03:30')).toBe('2027-03-14T07:30:00.000Z');
    expect(ny('2027-03-14T02:30')).toBeUndefined();
    expect(ny('2027-11-07T01:30')).toBe('2027-11-07T05:30:00.000Z'); // the first of the two
    expect(ny('2027-02-30T10:00')).toBeUndefined();
    expect(localDateTimeToInstant('2027-03-14T02:30', 'Europe/Berlin')?.toISOString()).toBe(
      '2027-03-14T01:30:00.000Z',
    );
  });
});
