import { emptyPermissions, messages, type Order } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { refusalText } from './batch-results.tsx';
import { batchBody, bulkAcceptWarnings, bulkAcknowledgeFields } from './bulk-acknowledge-dialog.tsx';
import { selectableForAcknowledgement } from './order-actions.ts';

const acknowledging = (() => {
  const p = emptyPermissions();
  p.cmoAcknowledgement.create = true;
  return p;
})();

// 2026-11-25 15:00 UTC is 09:00 in Chicago.
const now = () => new Date('2026-11-25T15:00:00.000Z');
const order = (id: number, calibrationDatetime: string) =>
  ({
    id,
    number: 1000 + id,
    status: 'pending',
    cmo: { id: 7, name: 'Isotope Labs Boston', timezone: 'America/New_York' },
    imagingCenter: { timezone: 'America/Chicago' },
    drug: { halfLifeSeconds: 109.77 * 60 },
    calibrationDatetime,
  }) as unknown as Order;

describe('which orders may be picked for bulk acknowledgement', () => {
  const pending = { status: 'pending' as const, cmo: { id: 7 } };

  it('a CMO role picks pending orders of its own CMO only', () => {
    expect(selectableForAcknowledgement(pending, acknowledging, { type: 'cmo', companyId: 7 })).toBe(true);
    expect(selectableForAcknowledgement(pending, acknowledging, { type: 'cmo', companyId: 8 })).toBe(false);
    expect(
      selectableForAcknowledgement({ ...pending, status: 'accepted' }, acknowledging, {
        type: 'cmo',
        companyId: 7,
      }),
    ).toBe(false);
  });

  it('staff and admin pick any pending order; without the permission or a role nobody does', () => {
    expect(selectableForAcknowledgement(pending, acknowledging, { type: 'admin', companyId: null })).toBe(
      true,
    );
    expect(
      selectableForAcknowledgement(pending, emptyPermissions(), { type: 'admin', companyId: null }),
    ).toBe(false);
    expect(
      selectableForAcknowledgement(pending, acknowledging, { type: 'clinical_site', companyId: 7 }),
    ).toBe(false);
    expect(selectableForAcknowledgement(pending, acknowledging, null)).toBe(false);
  });
});

describe('the bulk accept form', () => {
  const orders = [order(1, '2026-11-27T16:00:00.000Z'), order(2, '2026-11-28T16:00:00.000Z')];
  const values = {
    same: false,
    date: null,
    time: null,
    timezone: 'America/Chicago',
    rows: [
      { date: '2026-11-27', time: '10:00' },
      { date: '2026-11-24', time: '10:00' },
    ],
    comment: '',
    confirmed: false,
  };

  it('checks each row against now and its own calibration, on the time of that row', () => {
    const parsed = bulkAcknowledgeFields('accept', orders, now).safeParse({ ...values, confirmed: true });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['rows', 1, 'time'], message: messages.projectedDeliveryInPast }),
    ]);
  });

  it('sends each row on its imaging center clock, or one date-time and zone for all', () => {
    const rows = [
      { date: '2026-11-27', time: '10:00' },
      { date: '2026-11-28', time: '09:30' },
    ];
    expect(batchBody('accept', orders, { ...values, rows, electronicSignature: 'pw' })).toEqual({
      items: [
        { orderId: 1, status: 'accepted', relatedDatetime: '2026-11-27T10:00' },
        { orderId: 2, status: 'accepted', relatedDatetime: '2026-11-28T09:30' },
      ],
      electronicSignature: 'pw',
    });
    const same = { ...values, same: true, date: '2026-11-27', time: '08:00', timezone: 'UTC' };
    expect(batchBody('accept', orders, same).items).toEqual([
      { orderId: 1, status: 'accepted', relatedDatetime: '2026-11-27T08:00', timezone: 'UTC' },
      { orderId: 2, status: 'accepted', relatedDatetime: '2026-11-27T08:00', timezone: 'UTC' },
    ]);
  });

  it('refuses one time for all that is too far from one of the calibrations', () => {
    const far = [order(1, '2026-11-27T16:00:00.000Z'), order(2, '2027-01-28T16:00:00.000Z')];
    const same = { ...values, same: true, date: '2026-11-27', time: '08:00', confirmed: true };
    const parsed = bulkAcknowledgeFields('accept', far, now).safeParse(same);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([
      messages.projectedDeliveryFarFromCalibration(31),
    ]);
  });
});

describe('the bulk accept warnings (issue 33)', () => {
  // Calibrations Nov 27 and Nov 28 at 10:00 in Chicago; #1003 is on a day with no manufacture.
  const orders = [
    order(1, '2026-11-27T16:00:00.000Z'),
    order(2, '2026-11-28T16:00:00.000Z'),
    {
      ...order(3, '2026-11-28T16:00:00.000Z'),
      manufactureClosed: { date: '2026-11-28', reason: 'Holiday' },
    } as Order,
  ];
  const same = {
    same: true,
    date: '2026-11-27',
    time: '12:00',
    timezone: 'America/Chicago',
    rows: [],
    comment: '',
    confirmed: false,
  };
  const numbers = (named: readonly Order[]) => named.map((o) => o.number);

  it('names each order whose calibration is after the one projected delivery, and those on a closed day', () => {
    const warned = bulkAcceptWarnings(orders, same);
    expect(numbers(warned.beforeCalibration)).toEqual([1002, 1003]);
    expect(numbers(warned.closedDay)).toEqual([1003]);
    // One per order: each row on its imaging center's clock.
    const rows = [
      { date: '2026-11-26', time: '09:00' },
      { date: '2026-11-28', time: '10:00' },
      { date: '2026-11-28', time: '11:00' },
    ];
    expect(numbers(bulkAcceptWarnings(orders, { ...same, same: false, rows }).beforeCalibration)).toEqual([
      1001,
    ]);
  });

  it('cannot be signed until the warnings are confirmed', () => {
    const fields = bulkAcknowledgeFields('accept', orders, now);
    const confirm = (values: typeof same) =>
      fields.safeParse(values).error?.issues.find((i) => i.path[0] === 'confirmed')?.message;
    expect(confirm(same)).toBe(messages.confirmAcceptWarningsRequired);
    expect(confirm({ ...same, confirmed: true })).toBeUndefined();
    // Without the closed day and after both calibrations, nothing to confirm.
    const open = bulkAcknowledgeFields('accept', orders.slice(0, 2), now);
    expect(open.safeParse({ ...same, date: '2026-11-28', time: '10:00' }).success).toBe(true);
  });
});

describe('the bulk reject form', () => {
  it('needs one reason, not only spaces, and sends it for every order', () => {
    const orders = [order(1, '2026-11-27T16:00:00.000Z'), order(2, '2026-11-28T16:00:00.000Z')];
    const base = {
      same: false,
      date: null,
      time: null,
      timezone: null,
      rows: [],
      comment: '',
      confirmed: false,
    };
    const issue = (comment: string) =>
      bulkAcknowledgeFields('reject', orders, now).safeParse({ ...base, comment }).error?.issues[0]?.message;
    expect(issue('')).toBe(messages.required);
    expect(issue('   ')).toBe(messages.onlySpaces);
    expect(issue('No slot')).toBeUndefined();
    expect(batchBody('reject', orders, { ...base, comment: ' No slot ' }).items).toEqual([
      { orderId: 1, status: 'rejected', comment: 'No slot' },
      { orderId: 2, status: 'rejected', comment: 'No slot' },
    ]);
  });

  it('shows a refusal by its field message when it has one', () => {
    const refusal = {
      orderId: 1,
      ok: false as const,
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid',
    };
    expect(refusalText({ ...refusal, errors: [] })).toBe('The request is not valid');
    expect(
      refusalText({
        ...refusal,
        errors: [{ code: 'invalid', message: 'Too far', parameter: 'relatedDatetime' }],
      }),
    ).toBe('Too far');
  });
});
