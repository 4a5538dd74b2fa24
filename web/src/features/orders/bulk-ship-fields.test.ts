import { messages, orderStatusBatchBodySchema } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { type BulkShipValues, bulkShipBody, bulkShipFields, mergeResults } from './bulk-ship-fields.ts';

const now = () => new Date('2026-11-28T12:00:00Z');
const hot = (id: number) => ({ id, drug: { halfLifeSeconds: 6586.2 } });
const cold = (id: number) => ({ id, drug: { halfLifeSeconds: null } });
const orders = [hot(1), cold(2), hot(3)];

const filled: BulkShipValues = {
  lotNumber: ' LOT-42 ',
  assayDate: '2026-11-28',
  assayTime: '10:30',
  expiryDate: '2026-11-28',
  expiryTime: '20:00',
  courier: 'QuickMed',
  trackingNumber: ' ',
  date: '2026-11-28',
  time: '11:00',
  timezone: 'UTC',
  rows: [{ assayedActivity: 12.5 }, { assayedActivity: null }, { assayedActivity: 9 }],
};

function issues(values: BulkShipValues, done?: ReadonlySet<number>) {
  const result = bulkShipFields(orders, done, now).safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('the bulk Ship form (issue 35)', () => {
  it('takes the shared fields once and each dose its own assay', () => {
    expect(issues(filled)).toEqual([]);
  });

  it("asks a radioactive dose's assay on its row, and a shared field's problem once", () => {
    const rows = [{ assayedActivity: null }, { assayedActivity: null }, { assayedActivity: 9 }];
    expect(issues({ ...filled, lotNumber: '', rows })).toEqual([
      ['lotNumber', messages.required],
      ['rows.0.assayedActivity', messages.assayRequiredForRadioactiveDrug],
    ]);
    // The Ship dialog's rules, a shared problem said once: an expiry before the dispatch; an
    // assay entered for one dose needs the shared assay time.
    expect(issues({ ...filled, assayDate: null, assayTime: null, expiryTime: '10:45', rows })).toEqual([
      ['rows.0.assayedActivity', messages.assayRequiredForRadioactiveDrug],
      ['expiryTime', messages.expiryNotAfterDispatch],
      ['assayDate', messages.required],
      ['assayTime', messages.required],
    ]);
  });

  it('leaves out the orders already shipped (a retry of the refused)', () => {
    const rows = [{ assayedActivity: null }, { assayedActivity: null }, { assayedActivity: 9 }];
    expect(issues({ ...filled, rows }, new Set([1]))).toEqual([]);
  });

  it('sends one shipped item per order, as the Ship dialog would, under the one signature', () => {
    const body = bulkShipBody(orders, {
      ...filled,
      reasonForChange: 'QA release',
      electronicSignature: 'pw',
    });
    const shared = {
      status: 'shipped',
      relatedDatetime: '2026-11-28T11:00',
      timezone: 'UTC',
      lotNumber: 'LOT-42',
      expiresAt: '2026-11-28T20:00',
      courier: 'QuickMed',
    };
    expect(body).toEqual({
      items: [
        { orderId: 1, ...shared, assayedActivity: 12.5, assayedAt: '2026-11-28T10:30' },
        { orderId: 2, ...shared },
        { orderId: 3, ...shared, assayedActivity: 9, assayedAt: '2026-11-28T10:30' },
      ],
      reasonForChange: 'QA release',
      electronicSignature: 'pw',
    });
    expect(orderStatusBatchBodySchema.safeParse(body).success).toBe(true);
    expect(bulkShipBody(orders, filled, new Set([1, 3])).items.map((i) => i.orderId)).toEqual([2]);
  });

  it('keeps the latest result of each order', () => {
    const refused = { orderId: 2, ok: false as const, code: 'X', message: 'No', errors: [] };
    const first = mergeResults(new Map(), [{ orderId: 1, ok: true, status: 'shipped' }, refused]);
    const retried = mergeResults(first, [{ orderId: 2, ok: true, status: 'shipped' }]);
    expect([...retried.values()].map((r) => r.ok)).toEqual([true, true]);
  });
});
