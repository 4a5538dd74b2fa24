import type { ListResponse } from '@dosechain/contract';
import { describe, expect, it, vi } from 'vitest';
import { exportBaseName, exportCell, fetchAllRows, formatExportDate, toExportTable } from './export-data.ts';

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
      headers: ['Status', 'Name', 'Created'],
      rows: [
        ['Active', 'Alpha', '01/02/2026 03:04:05 AM'],
        ['Inactive', 'Beta', '02/03/2026 01:14:15 PM'],
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
