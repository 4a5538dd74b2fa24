import { describe, expect, it } from 'vitest';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import {
  actionTo,
  capacityReleasingStatuses,
  defaultProjectedDelivery,
  localDateTimeToInstant,
  orderActionIconKeys,
  orderActionPermissions,
  orderActionRules,
  orderActions,
  orderStatusBatchBodySchema,
  orderStatusChangeBodySchema,
  orderTransitions,
  reasonActionOf,
  relatedTimeProblem,
  setsProjectedDelivery,
  statusChangeProblems,
} from './order-status.ts';
import { finalOrderStatuses } from './order-status-table.ts';
import { orderSchema } from './orders.ts';

describe('the order action table', () => {
  it('gives the transitions of spec section 4', () => {
    expect(orderTransitions).toEqual({
      pending: ['accepted', 'rejected', 'canceled'],
      accepted: ['shipped', 'delivered', 'canceled'],
      // A shipped dose was made and sent: it is delivered, never canceled (decision 058).
      shipped: ['delivered'],
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

  it('releases the dose on reject and cancel, and names each reason by its action', () => {
    expect(capacityReleasingStatuses).toEqual(['rejected', 'canceled']);
    expect(reasonActionOf('rejected')).toBe('reject');
    expect(reasonActionOf('canceled')).toBe('cancel');
    expect(reasonActionOf('delivered')).toBeUndefined();
    expect(reasonActionOf('pending')).toBeUndefined();
    expect(orderActions.filter(setsProjectedDelivery)).toEqual(['accept']);
  });

  it('names each entered value as the screens and mails write it', () => {
    const names = orderActions.map((a) => [orderActionRules[a].inputLabel, orderActionRules[a].mailLabel]);
    expect(names).toEqual([
      ['Projected delivery', 'Projected delivery'],
      ['Rejection reason', 'Reason for rejection'],
      ['Dispatch', 'Shipped'],
      ['Delivery', 'Delivered'],
      ['Cancellation reason', 'Reason for cancellation'],
    ]);
  });

  it('keeps each action’s value in a field of its own, of the order', () => {
    const fields = Object.keys(orderSchema.shape);
    const columns = orderActions.flatMap((a) => {
      const { column, stampColumn } = orderActionRules[a];
      return stampColumn ? [column, stampColumn] : [column];
    });
    expect(new Set(columns).size).toBe(columns.length);
    for (const column of columns) expect(fields).toContain(column);
    for (const a of orderActions) expect(orderActionIconKeys).toContain(orderActionRules[a].icon);
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

  it('asks a shipment for its lot and expiry, an assay with its time, and refuses its fields on other actions', () => {
    const issues = (body: object) =>
      orderStatusChangeBodySchema.safeParse(body).error?.issues.map((i) => i.path.join('.')) ?? [];
    const dispatch = { status: 'shipped', relatedDatetime: '2027-03-01T10:00' };
    expect(issues(dispatch)).toEqual(['lotNumber', 'expiresAt']);
    const ship = { ...dispatch, lotNumber: 'L-1', expiresAt: '2027-03-01T18:00' };
    expect(issues(ship)).toEqual([]);
    expect(issues({ ...ship, lotNumber: '   ' })).toEqual(['lotNumber']);
    expect(issues({ ...ship, lotNumber: 'x'.repeat(limits.lotNumberMax + 1) })).toEqual(['lotNumber']);
    expect(issues({ ...ship, courier: 'x'.repeat(limits.courierMax + 1) })).toEqual(['courier']);
    expect(issues({ ...ship, trackingNumber: 'x'.repeat(limits.trackingNumberMax + 1) })).toEqual([
      'trackingNumber',
    ]);
    expect(issues({ ...ship, assayedActivity: 10 })).toEqual(['assayedAt']);
    expect(issues({ ...ship, assayedAt: '2027-03-01T09:00' })).toEqual(['assayedActivity']);
    expect(issues({ ...ship, assayedActivity: 0, assayedAt: '2027-03-01T09:00' })).toEqual([
      'assayedActivity',
    ]);
    expect(issues({ ...ship, assayedActivity: 10, assayedAt: '2027-03-01T09:00Z' })).toEqual(['assayedAt']);
    expect(issues({ status: 'delivered', relatedDatetime: '2027-03-01T10:00', lotNumber: 'L-1' })).toEqual([
      'lotNumber',
    ]);
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

describe('sensible projected deliveries (issue 18)', () => {
  const now = new Date('2027-03-01T06:00:00.000Z');
  const calibration = '2027-03-10T16:00:00.000Z';

  it('refuses a projected delivery more than the window away from the calibration, either side', () => {
    const days = limits.projectedDeliveryMaxDaysFromCalibration;
    const far = messages.projectedDeliveryFarFromCalibration(days);
    const at = (offsetDays: number) => new Date(new Date(calibration).getTime() + offsetDays * 86_400_000);
    expect(relatedTimeProblem('accept', at(days + 1), now, calibration)).toBe(far);
    expect(relatedTimeProblem('accept', new Date('2099-01-01T00:00:00Z'), now, calibration)).toBe(far);
    expect(relatedTimeProblem('accept', at(days), now, calibration)).toBeUndefined();
    expect(relatedTimeProblem('accept', at(-1), now, calibration)).toBeUndefined();
    // The past is refused first; deliveries are not bound to the calibration.
    expect(relatedTimeProblem('accept', at(-20), now, calibration)).toBe(messages.projectedDeliveryInPast);
    expect(relatedTimeProblem('deliver', new Date('2027-01-01T00:00:00Z'), now, calibration)).toBeUndefined();
  });

  it('defaults the projected delivery to the calibration day and time on the order clock', () => {
    expect(defaultProjectedDelivery(calibration, 'America/Chicago', now)).toEqual({
      date: '2027-03-10',
      time: '10:00',
    });
    // Near midnight UTC the day is the zone's, not UTC's.
    expect(defaultProjectedDelivery('2027-03-11T03:30:00.000Z', 'America/Chicago', now)).toEqual({
      date: '2027-03-10',
      time: '21:30',
    });
  });

  it('starts a calibration already past at the next quarter hour from now', () => {
    const later = new Date('2027-03-10T17:07:00.000Z');
    expect(defaultProjectedDelivery(calibration, 'America/Chicago', later)).toEqual({
      date: '2027-03-10',
      time: '11:15',
    });
    const onQuarter = new Date('2027-03-10T17:15:00.000Z');
    expect(defaultProjectedDelivery(calibration, 'America/Chicago', onQuarter).time).toBe('11:30');
  });
});

describe('the status batch body', () => {
  const item = (orderId: number) => ({ orderId, status: 'rejected', comment: 'No slot' });

  it("takes well-formed items; what an item's action needs is that item's problem, not the body's", () => {
    expect(orderStatusBatchBodySchema.safeParse({ items: [item(1), item(2)] }).success).toBe(true);
    const missing = { orderId: 1, status: 'accepted' as const };
    expect(orderStatusBatchBodySchema.safeParse({ items: [missing] }).success).toBe(true);
    expect(statusChangeProblems(missing)).toEqual([
      { parameter: 'relatedDatetime', message: messages.required },
    ]);
    expect(statusChangeProblems({ status: 'shipped', relatedDatetime: '2027-03-01T10:00' })).toEqual([
      { parameter: 'lotNumber', message: messages.required },
      { parameter: 'expiresAt', message: messages.required },
    ]);
    // The single call's schema says the same, on the same fields.
    const single = orderStatusChangeBodySchema.safeParse({ status: 'accepted' });
    expect(single.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['relatedDatetime'], messages.required],
    ]);
    // A malformed item still refuses the whole body.
    const malformed = orderStatusBatchBodySchema.safeParse({ items: [{ ...item(1), lotNumber: 7 }] });
    expect(malformed.error?.issues[0]?.path).toEqual(['items', 0, 'lotNumber']);
  });

  it('refuses an empty batch, a repeated order and more than the limit', () => {
    expect(orderStatusBatchBodySchema.safeParse({ items: [] }).success).toBe(false);
    const twice = orderStatusBatchBodySchema.safeParse({ items: [item(1), item(1)] });
    expect(twice.error?.issues[0]?.message).toBe(messages.batchDuplicateOrder);
    const many = Array.from({ length: limits.statusBatchMax + 1 }, (_, i) => item(i + 1));
    expect(orderStatusBatchBodySchema.safeParse({ items: many }).error?.issues[0]?.message).toBe(
      messages.batchTooLarge(limits.statusBatchMax),
    );
  });
});
