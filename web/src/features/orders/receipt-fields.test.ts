import { messages } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { orderActionFields } from './order-action-fields.ts';
import { statusChangeBody } from './order-actions.ts';
import { type ReceivedOrder, receiptView } from './receipt-fields.ts';

// F-18, assayed at 10 mCi at 08:00 UTC: one half-life (109.77 min) later, 5 mCi are expected.
const halfLife = 109.77 * 60;
const order: ReceivedOrder & {
  status: 'shipped';
  manufactureClosed: null;
} = {
  status: 'shipped',
  manufactureClosed: null,
  calibrationDatetime: '2026-11-27T12:00:00.000Z',
  requestedActivity: 8,
  activityUnit: 'mCi',
  drug: { halfLifeSeconds: halfLife, receiptTolerancePercent: null },
  shipment: { assayedActivity: 10, assayedAt: '2026-11-27T08:00:00.000Z', activityUnit: 'mCi' },
};
const now = () => new Date('2026-11-28T00:00:00Z');
// 09:49:46 is one half-life after 08:00; the pickers give minutes: 09:50 is a few seconds more.
const delivery = { date: '2026-11-27', time: '09:50', timezone: 'UTC', confirmed: false };

describe('a delivery with a receipt (issue 35)', () => {
  it('expects the shipment assay decayed to the receipt, and judges the assay by the tolerance', () => {
    const v = receiptView(order, {
      ...delivery,
      receivedActivity: 5,
      receivedDate: '2026-11-27',
      receivedTime: '09:50',
    });
    expect(v.expected?.activity).toBeCloseTo(4.99, 2);
    expect(v.check?.outsideTolerance).toBe(false);
    expect(v.reasonMessage).toBeUndefined();
    const short = receiptView(order, {
      ...delivery,
      receivedActivity: 4,
      receivedDate: '2026-11-27',
      receivedTime: '09:50',
    });
    expect(short.check?.deviationPercent).toBeCloseTo(-19.9, 1);
    expect(short.reasonMessage).toBe(messages.receiptOutsideTolerance(10));
    // A drug's own tolerance is the one used.
    const wide = { ...order, drug: { ...order.drug, receiptTolerancePercent: 25 } };
    expect(
      receiptView(wide, {
        ...delivery,
        receivedActivity: 4,
        receivedDate: '2026-11-27',
        receivedTime: '09:50',
      }).deviation,
    ).toBe(false);
    // Without a shipment assay: the requested activity decayed from the calibration.
    const unshipped = { ...order, shipment: null };
    expect(
      receiptView(unshipped, { date: '2026-11-27', time: '12:00', timezone: 'UTC' }).expected?.activity,
    ).toBeCloseTo(8, 6);
    expect(receiptView(order, { ...delivery, packageCondition: 'damaged' }).reasonMessage).toBe(
      messages.damagedPackageReason,
    );
  });

  it('needs the reason of a deviation, and the assay time with its activity', () => {
    const fields = orderActionFields('deliver', now, order);
    const issues = (values: object) => {
      const r = fields.safeParse({ ...delivery, comment: '', ...values });
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    const outside = { receivedActivity: 4, receivedDate: '2026-11-27', receivedTime: '09:50' };
    expect(issues(outside)).toEqual({ comment: messages.receiptOutsideTolerance(10) });
    expect(issues({ ...outside, comment: 'Decay during a late flight' })).toEqual({});
    expect(issues({ receivedActivity: 5 })).toMatchObject({
      receivedDate: messages.required,
      receivedTime: messages.required,
    });
    expect(issues({ ...outside, receivedDate: '2026-11-26', receivedTime: '09:00' })).toMatchObject({
      receivedTime: messages.measurementFarFromEvent(24),
    });
    expect(issues({})).toEqual({});
  });

  it('is sent with the delivery, the comment only when given', () => {
    expect(
      statusChangeBody('deliver', {
        ...delivery,
        comment: ' Late flight ',
        receipt: { receivedActivity: 4, receivedAt: '2026-11-27T09:50', packageCondition: 'intact' },
      }),
    ).toEqual({
      status: 'delivered',
      relatedDatetime: '2026-11-27T09:50',
      timezone: 'UTC',
      receivedActivity: 4,
      receivedAt: '2026-11-27T09:50',
      packageCondition: 'intact',
      comment: 'Late flight',
    });
    expect(
      statusChangeBody('deliver', {
        ...delivery,
        comment: '',
        receipt: { receivedActivity: null, receivedAt: null },
      }),
    ).toEqual({ status: 'delivered', relatedDatetime: '2026-11-27T09:50', timezone: 'UTC' });
  });
});
