import type { ListResponse } from '@dosechain/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  csvSafeTable,
  escapeFormula,
  exportBaseName,
  exportCell,
  fetchAllRows,
  formatExportDate,
  toExportTable,
} from './export-data.ts';

describe('formatExportDate', () => {
  it('writes dates in UTC as MM/dd/yyyy hh:mm:ss a, whatever the offset they came with', () => {
    expect(formatExportDate('2026-03-05T14:07:09.000Z')).toBe('03/05/2026 02:07:09 PM');
    expect(formatExportDate('2026-03-05T01:02:03+02:00')).toBe('03/04/2026 11:02:03 PM');
    expect(formatExportDate(new Date(Date.UTC(2026, 0, 1, 0, 0, 0)))).toBe('01/01/2026 12:00:00 AM');
    expect(formatExportDate('2026-12-31')).toBe('12/31/2026 12:00:00 AM');
  });

  it('leaves an empty value empty and unreadable text as it is', () => {
    expect(formatExportDate(null)).toBe('');
    expect(formatExportDate(undefined)).toBe('');
    expect(formatExportDate('')).toBe('');
    expect(formatExportDate('not a date')).toBe('not a date');
  });
});

describe('exportCell', () => {
  it('uses the table’s display text for every type but dates', () => {
    expect(exportCell('active', true)).toBe('Active');
    expect(exportCell('active', false)).toBe('Inactive');
    expect(exportCell('boolean', true)).toBe('Yes');
    expect(exportCell('inverseBoolean', true)).toBe('No');
    expect(exportCell('list', [{ name: 'A' }, { name: 'B' }])).toBe('A, B');
    expect(exportCell('text', 42)).toBe('42');
    expect(exportCell('text', null)).toBe('');
    expect(exportCell('datetime', '2026-07-04T18:30:00Z')).toBe('07/04/2026 06:30:00 PM');
    expect(exportCell('date', '2026-07-04')).toBe('07/04/2026 12:00:00 AM');
  });
});

describe('toExportTable', () => {
  interface Row {
    name: string;
    active: boolean;
    createdAt: string;
  }
  const rows: Row[] = [
    { name: 'Alpha', active: true, createdAt: '2026-01-02T03:04:05Z' },
    { name: 'Beta', active: false, createdAt: '2026-02-03T13:14:15Z' },
  ];

  it('writes the headers and each row’s cells in the columns’ order', () => {
    expect(
      toExportTable<Row>(
        [
          { header: 'Status', value: (r) => r.active, type: 'active' },
          { header: 'Name', value: (r) => r.name },
          { header: 'Created', value: (r) => r.createdAt, type: 'datetime' },
        ],
        rows,
      ),
    ).toEqual({
      headers: ['Status', 'Name', 'Created (UTC)'],
      rows: [
        ['Active', 'Alpha', '01/02/2026 03:04:05 AM'],
        ['Inactive', 'Beta', '02/03/2026 01:14:15 PM'],
      ],
    });
  });

  it('writes an instant shown on another clock in UTC, and other columns as the table shows them', () => {
    interface Order {
      number: number;
      calibration: string;
      zone: string;
    }
    const orders: Order[] = [
      { number: 1001, calibration: '2026-11-23T16:00:00.000Z', zone: 'America/Chicago' },
      { number: 1002, calibration: '2026-07-01T23:30:00.000Z', zone: 'America/New_York' },
    ];
    expect(
      toExportTable<Order>(
        [
          { header: '#', value: (o) => o.number, text: (o) => `No. ${o.number}` },
          {
            header: 'Calibration',
            value: (o) => o.calibration,
            type: 'datetime',
            // What the grid shows: the imaging center's clock.
            text: (o) => `${o.calibration} in ${o.zone}`,
          },
          { header: 'Day', value: (o) => o.calibration.slice(0, 10), type: 'date' },
        ],
        orders,
      ),
    ).toEqual({
      headers: ['#', 'Calibration (UTC)', 'Day (UTC)'],
      rows: [
        ['No. 1001', '11/23/2026 04:00:00 PM', '11/23/2026 12:00:00 AM'],
        ['No. 1002', '07/01/2026 11:30:00 PM', '07/01/2026 12:00:00 AM'],
      ],
    });
  });

  it('writes only the headers of an empty set', () => {
    expect(toExportTable<Row>([{ header: 'Name', value: (r) => r.name }], [])).toEqual({
      headers: ['Name'],
      rows: [],
    });
  });
});

describe('CSV escaping (OWASP CSV injection)', () => {
  it('quotes cells a spreadsheet program would run as a formula', () => {
    for (const cell of [
      '=HYPERLINK("http://x","y")',
      '+SUBJ',
      '-2+3',
      '@SUM(A1)',
      '\tx',
      '\rx',
      '\nx',
      '＝1+1',
    ]) {
      expect(escapeFormula(cell)).toBe(`'${cell}`);
    }
    for (const cell of ['SUBJ-1', 'a=b', ' =1', '', '12', '1-2']) expect(escapeFormula(cell)).toBe(cell);
  });

  it('keeps plain numbers in a column of numbers, and escapes them in a column of text', () => {
    const table = {
      headers: ['Delta', 'Subject', 'Note'],
      rows: [
        ['-5', '-5', '=HYPERLINK("x")'],
        ['12.5', 'SUBJ-1', ''],
        ['', '+SUBJ', '@SUBJ'],
      ],
    };
    expect(csvSafeTable(table)).toEqual({
      headers: ['Delta', 'Subject', 'Note'],
      rows: [
        ['-5', "'-5", `'=HYPERLINK("x")`],
        ['12.5', 'SUBJ-1', ''],
        ['', "'+SUBJ", "'@SUBJ"],
      ],
    });
  });

  it('escapes a header too; one formula-like cell makes a column text, whose numbers are escaped', () => {
    expect(csvSafeTable({ headers: ['=A1'], rows: [['-1'], ['-1+1']] })).toEqual({
      headers: ["'=A1"],
      rows: [["'-1"], ["'-1+1"]],
    });
  });
});

describe('exportBaseName', () => {
  it('is the export name, else the title, else data', () => {
    expect(exportBaseName('orders_report', 'Order Report')).toBe('orders_report');
    expect(exportBaseName(undefined, 'Drugs')).toBe('Drugs');
    expect(exportBaseName('  ', 'Drugs')).toBe('Drugs');
    expect(exportBaseName()).toBe('data');
    expect(exportBaseName('', '')).toBe('data');
  });

  it('replaces characters a file name cannot hold', () => {
    expect(exportBaseName('Audit trail: Drugs / Fluoro*')).toBe('Audit trail_ Drugs _ Fluoro_');
  });
});

describe('fetchAllRows', () => {
  const source = (total: number) => {
    const all = Array.from({ length: total }, (_, i) => ({ id: i + 1 }));
    return vi.fn(
      async (page: number, size: number): Promise<ListResponse<{ id: number }>> => ({
        items: all.slice((page - 1) * size, page * size),
        page,
        total,
      }),
    );
  };

  it('reads pages of 100 until total rows have come', async () => {
    const fetchPage = source(250);
    const rows = await fetchAllRows(fetchPage);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(fetchPage.mock.calls).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
  });

  it('stops after one page when all rows fit, and at an exact multiple of the size', async () => {
    const small = source(7);
    expect(await fetchAllRows(small)).toHaveLength(7);
    expect(small).toHaveBeenCalledTimes(1);
    const exact = source(200);
    expect(await fetchAllRows(exact)).toHaveLength(200);
    expect(exact).toHaveBeenCalledTimes(2);
  });

  it('asks once for an empty list', async () => {
    const empty = source(0);
    expect(await fetchAllRows(empty)).toEqual([]);
    expect(empty).toHaveBeenCalledTimes(1);
  });

  it('stops at a short page when the list shrank while it was read', async () => {
    const fetchPage = vi.fn(
      async (page: number): Promise<ListResponse<{ id: number }>> => ({
        items: page === 1 ? Array.from({ length: 100 }, (_, i) => ({ id: i })) : [{ id: 100 }],
        page,
        total: 300,
      }),
    );
    expect(await fetchAllRows(fetchPage)).toHaveLength(101);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('passes a failure on', async () => {
    await expect(fetchAllRows(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });
});
