import type { DoseRecord } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { cellText } from '../data-table/data-table.tsx';
import { toExportTable } from '../data-table/export/export-data.ts';
import { doseRecordColumns } from './dose-record-columns.ts';

const given: DoseRecord = {
  orderId: 12,
  orderNumber: 1012,
  study: { id: 1, name: 'ONCO-2026-01' },
  site: { id: 10, name: 'Boston General' },
  imagingCenter: { id: 5, name: 'Chicago Imaging' },
  cmo: { id: 3, name: 'Isotope Labs' },
  subjectId: 'S-001',
  timePoint: { id: 7, name: 'Baseline' },
  calibrationDatetime: '2026-11-28T18:00:00.000Z',
  status: 'delivered',
  outcome: 'administered',
  lotNumber: 'LOT-42',
  expiresAt: '2026-11-28T23:00:00.000Z',
  receiptDeviation: false,
  injectedAt: '2026-11-28T20:05:00.000Z',
  injectedAtLocal: '2026-11-28 14:05',
  timezone: 'America/Chicago',
  administeredActivityMbq: 496.123,
  administeredActivityMci: 13.4087,
  residualActivity: 0.4,
  activityUnit: 'mCi',
  notAdministeredReason: null,
  comment: null,
};

const missed: DoseRecord = {
  ...given,
  orderId: 13,
  orderNumber: 1013,
  outcome: 'not_administered',
  injectedAt: null,
  injectedAtLocal: null,
  administeredActivityMbq: null,
  administeredActivityMci: null,
  residualActivity: null,
  notAdministeredReason: 'did_not_attend',
  comment: 'Rescheduled',
};

const shown = (r: DoseRecord) => Object.fromEntries(doseRecordColumns.map((c) => [c.header, cellText(c, r)]));

describe('the core lab’s dose columns', () => {
  it('keep Study and Imaging Center out of view until chosen, and in every export', () => {
    const hidden = doseRecordColumns.filter((c) => c.hiddenByDefault);
    expect(hidden.map((c) => [c.header, c.alwaysExported])).toEqual([
      ['Study', true],
      ['Imaging Center', true],
    ]);
  });

  it('show a given dose: the lot, both activities, the injection in UTC and on the center’s clock', () => {
    expect(shown(given)).toEqual({
      'Order #': '1012',
      Study: 'ONCO-2026-01',
      'Clinical Site': 'Boston General',
      'Imaging Center': 'Chicago Imaging',
      Subject: 'S-001',
      Timepoint: 'Baseline',
      Lot: 'LOT-42',
      Outcome: 'Administered',
      'Injected (UTC)': expect.stringMatching(/^Nov 28, 2026, 20:05.* UTC$/),
      'Injected (local)': '2026-11-28 14:05 America/Chicago',
      Administered: '496.12 MBq\n13.41 mCi',
      Residual: '0.4 mCi',
      'Not administered reason': '',
      Comment: '',
    });
  });

  it('show a dose not given with its reason’s label and the comment', () => {
    expect(shown(missed)).toMatchObject({
      Outcome: 'Not administered',
      'Injected (local)': '',
      Administered: '',
      Residual: '',
      'Not administered reason': 'Subject did not attend',
      Comment: 'Rescheduled',
    });
  });

  it('export numbers as numbers, the injection as an instant, the zone and the unit in columns of their own', () => {
    const table = toExportTable(doseRecordColumns, [given, missed]);
    expect(table.headers).toEqual([
      'Order #',
      'Study',
      'Clinical Site',
      'Imaging Center',
      'Subject',
      'Timepoint',
      'Lot',
      'Outcome',
      'Injected (UTC)',
      'Injected (local)',
      'Time zone',
      'Administered MBq',
      'Administered mCi',
      'Residual',
      'Residual unit',
      'Not administered reason',
      'Comment',
    ]);
    expect(table.rows[0]).toEqual([
      1012,
      'ONCO-2026-01',
      'Boston General',
      'Chicago Imaging',
      'S-001',
      'Baseline',
      'LOT-42',
      'Administered',
      new Date('2026-11-28T20:05:00.000Z'),
      '2026-11-28 14:05',
      'America/Chicago',
      496.123,
      13.4087,
      0.4,
      'mCi',
      null,
      null,
    ]);
    expect(table.rows[1]?.slice(7)).toEqual([
      'Not administered',
      null,
      null,
      'America/Chicago',
      null,
      null,
      null,
      null,
      'Subject did not attend',
      'Rescheduled',
    ]);
  });
});
