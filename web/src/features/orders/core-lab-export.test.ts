import type { Order } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { coreLabExport, coreLabTable } from './core-lab-export.ts';

const ref = (id: number, name: string) => ({ id, name });
const order = (o: Partial<Order>): Order =>
  ({
    id: 12,
    number: 1012,
    status: 'delivered',
    study: ref(1, 'ONCO-2026-01'),
    site: ref(10, 'Boston General'),
    imagingCenter: { ...ref(5, 'Chicago Imaging'), timezone: 'America/Chicago' },
    cmo: ref(3, 'Isotope Labs'),
    subjectId: 'S-001',
    timePoint: ref(7, 'Baseline'),
    calibrationDatetime: '2026-11-28T18:00:00.000Z',
    activityUnit: 'mCi',
    shipment: { lotNumber: 'LOT-42', expiresAt: '2026-11-28T23:00:00.000Z' },
    receipt: { deviation: false },
    administration: {
      administered: true,
      injectedAt: '2026-11-28T20:05:00.000Z',
      residualActivity: 0.4,
      activityUnit: 'mCi',
      administeredActivityMbq: 496.1,
      administeredActivityMci: 13.41,
      reason: null,
      comment: null,
    },
    ...o,
  }) as unknown as Order;

const now = new Date('2026-11-29T12:00:00.000Z');

describe('the core lab export of the Order status grid', () => {
  it('writes each order as its dose record, in the Doses table’s columns', () => {
    const table = coreLabTable([order({})], now);
    expect(table.headers.slice(0, 3)).toEqual(['Order #', 'Study', 'Clinical Site']);
    expect(table.headers).toContain('Injected (local)');
    const cell = (header: string, row = 0) => table.rows[row]?.[table.headers.indexOf(header)];
    expect(cell('Order #')).toBe(1012);
    expect(cell('Lot')).toBe('LOT-42');
    expect(cell('Outcome')).toBe('Administered');
    expect(cell('Injected (UTC)')).toEqual(new Date('2026-11-28T20:05:00.000Z'));
    // 20:05 UTC is 14:05 in Chicago (CST, UTC−6).
    expect(cell('Injected (local)')).toBe('2026-11-28 14:05');
    expect(cell('Time zone')).toBe('America/Chicago');
    expect(cell('Administered MBq')).toBe(496.1);
    expect(cell('Administered mCi')).toBe(13.41);
    expect(cell('Residual')).toBe(0.4);
    expect(cell('Residual unit')).toBe('mCi');
  });

  it('judges the outcome at the export’s time: a shipped dose past its expiry is expired unused', () => {
    const shipped = order({ status: 'shipped', receipt: null, administration: null });
    expect(coreLabTable([shipped], new Date('2026-11-28T22:00:00.000Z')).rows[0]).toContain(
      'Awaiting outcome',
    );
    expect(coreLabTable([shipped], now).rows[0]).toContain('Expired unused');
  });

  it('writes a dose not given with its reason’s label and comment', () => {
    const missed = order({
      administration: {
        administered: false,
        reason: 'scanner_down',
        comment: 'PET down',
      } as Order['administration'],
    });
    const table = coreLabTable([missed], now);
    const cell = (header: string) => table.rows[0]?.[table.headers.indexOf(header)];
    expect(cell('Outcome')).toBe('Not administered');
    expect(cell('Not administered reason')).toBe('Scanner unavailable');
    expect(cell('Comment')).toBe('PET down');
    expect(cell('Injected (UTC)')).toBeNull();
  });

  it('is offered as the core lab’s file', () => {
    expect(coreLabExport.label).toBe('Core lab export');
    expect(coreLabExport.exportName).toBe('core_lab_doses');
    expect(coreLabExport.table([]).rows).toEqual([]);
  });
});
