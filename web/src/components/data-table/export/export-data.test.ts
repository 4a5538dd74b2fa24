import type { ListResponse } from '@dosechain/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  csvSafeTable,
  type ExportColumn,
  escapeFormula,
  exportBaseName,
  exportInstant,
  exportText,
  exportValue,
  fetchAllRows,
  formatExportDate,
  toExportTable,
} from './export-data.ts';

const utc = (iso: string) => new Date(iso);

describe('formatExportDate', () => {
  it('[FRM-012] writes dates in UTC as MM/dd/yyyy hh:mm:ss a, whatever the offset they came with', () => {
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

describe('exportInstant', () => {
  it('reads an instant whatever offset it came with; a calendar date is its midnight UTC', () => {
    expect(exportInstant('2026-03-05T01:02:03+02:00')).toEqual(utc('2026-03-04T23:02:03Z'));
    expect(exportInstant(utc('2026-01-01T00:00:00Z'))).toEqual(utc('2026-01-01T00:00:00Z'));
    expect(exportInstant('2026-12-31')).toEqual(utc('2026-12-31T00:00:00Z'));
  });

  it('is null for no value, and leaves unreadable text as it is', () => {
    expect(exportInstant(null)).toBeNull();
    expect(exportInstant(undefined)).toBeNull();
    expect(exportInstant('')).toBeNull();
    expect(exportInstant('not a date')).toBe('not a date');
  });
});

describe('exportValue', () => {
  const cell = (column: ExportColumn<unknown>) => exportValue(column, {});

  it('types dates as instants, numbers as numbers, and nothing as an empty cell', () => {
    expect(cell({ header: 'At', value: () => '2026-07-04T18:30:00Z', type: 'datetime' })).toEqual(
      utc('2026-07-04T18:30:00Z'),
    );
    expect(cell({ header: 'Day', value: () => '2026-07-04', type: 'date' })).toEqual(
      utc('2026-07-04T00:00:00Z'),
    );
    expect(cell({ header: 'At', value: () => null, type: 'datetime' })).toBeNull();
    expect(cell({ header: '#', value: () => 1001 })).toBe(1001);
    expect(cell({ header: 'Delta', value: () => -2.5 })).toBe(-2.5);
    expect(cell({ header: 'Zero', value: () => 0 })).toBe(0);
    expect(cell({ header: 'Name', value: () => null })).toBeNull();
    expect(cell({ header: 'Name', value: () => '' })).toBeNull();
    expect(cell({ header: 'Name', value: () => undefined })).toBeNull();
  });

  it('keeps texts texts, even those that look like numbers, and uses the table’s display text', () => {
    expect(cell({ header: 'Subject', value: () => '-5' })).toBe('-5');
    expect(cell({ header: 'Subject', value: () => '0012' })).toBe('0012');
    expect(cell({ header: 'State', value: () => true, type: 'active' })).toBe('Active');
    expect(cell({ header: 'State', value: () => false, type: 'active' })).toBe('Inactive');
    expect(cell({ header: 'Flag', value: () => true, type: 'boolean' })).toBe('Yes');
    expect(cell({ header: 'Flag', value: () => true, type: 'inverseBoolean' })).toBe('No');
    expect(cell({ header: 'Sites', value: () => [{ name: 'A' }, { name: 'B' }], type: 'list' })).toBe('A, B');
    expect(cell({ header: 'Sites', value: () => [], type: 'list' })).toBeNull();
  });

  it('writes a column’s own text, but a date column’s instant; an empty text is an empty cell', () => {
    expect(cell({ header: '#', value: () => 7, text: () => 'No. 7' })).toBe('No. 7');
    expect(cell({ header: 'Note', value: () => 'x', text: () => '' })).toBeNull();
    expect(
      cell({
        header: 'At',
        value: () => '2026-07-04T18:30:00Z',
        type: 'datetime',
        text: () => 'Jul 4, 2026 01:30 PM CDT',
      }),
    ).toEqual(utc('2026-07-04T18:30:00Z'));
  });
});

describe('exportText', () => {
  it('is what CSV and PDF write: numbers as they are, instants in UTC in the spec’s format', () => {
    expect(exportText(1001)).toBe('1001');
    expect(exportText(0.5)).toBe('0.5');
    expect(exportText(utc('2026-11-30T11:00:00Z'))).toBe('11/30/2026 11:00:00 AM');
    expect(exportText(null)).toBe('');
    expect(exportText('ŁÓDŹ-β-01')).toBe('ŁÓDŹ-β-01');
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
        ['Active', 'Alpha', utc('2026-01-02T03:04:05Z')],
        ['Inactive', 'Beta', utc('2026-02-03T13:14:15Z')],
      ],
    });
  });

  it('writes an instant shown on another clock as the instant, its header saying UTC', () => {
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
          { header: '#', value: (o) => o.number },
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
        [1001, utc('2026-11-23T16:00:00Z'), utc('2026-11-23T00:00:00Z')],
        [1002, utc('2026-07-01T23:30:00Z'), utc('2026-07-01T00:00:00Z')],
      ],
    });
  });

  it('writes a column’s export parts in its place, each with its own header', () => {
    interface Order {
      status: string;
      late: string | null;
      activity: number | null;
    }
    const orders: Order[] = [
      { status: 'Accepted', late: '1 d 7 h', activity: 10.5 },
      { status: 'Pending', late: null, activity: null },
    ];
    expect(
      toExportTable<Order>(
        [
          {
            header: 'Status',
            value: (o) => o.status,
            text: (o) => (o.late ? `${o.status} · ${o.late} late` : o.status),
            exportAs: [
              { header: 'Status', value: (o) => o.status },
              { header: 'Late by', value: (o) => o.late },
            ],
          },
          {
            header: 'Activity',
            value: (o) => o.activity,
            exportAs: [{ header: 'Activity', value: (o) => o.activity }],
          },
        ],
        orders,
      ),
    ).toEqual({
      headers: ['Status', 'Late by', 'Activity'],
      rows: [
        ['Accepted', '1 d 7 h', 10.5],
        ['Pending', null, null],
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

  it('keeps numbers numbers, escapes formula-like texts (a number’s look included), writes all as text', () => {
    const table = {
      headers: ['Delta', 'Subject', 'Note', 'At (UTC)'],
      rows: [
        [-5, '-5', '=HYPERLINK("x")', utc('2026-11-30T23:00:00Z')],
        [12.5, 'SUBJ-1', null, null],
        [null, '+SUBJ', '@SUBJ', 'not a date'],
      ],
    };
    expect(csvSafeTable(table)).toEqual({
      headers: ['Delta', 'Subject', 'Note', 'At (UTC)'],
      rows: [
        ['-5', "'-5", `'=HYPERLINK("x")`, '11/30/2026 11:00:00 PM'],
        ['12.5', 'SUBJ-1', '', ''],
        ['', "'+SUBJ", "'@SUBJ", 'not a date'],
      ],
    });
  });

  it('escapes a header too', () => {
    expect(csvSafeTable({ headers: ['=A1'], rows: [[-1], ['-1+1']] })).toEqual({
      headers: ["'=A1"],
      rows: [['-1'], ["'-1+1"]],
    });
  });
});

describe('exportBaseName', () => {
  it('[FRM-012] is the export name, else the title, else data', () => {
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
