import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { toListParams } from './list-params.ts';

describe('toListParams', () => {
  it('maps paging (1-based) and multi-sort with - for descending', () => {
    expect(
      toListParams(
        {
          pageIndex: 2,
          pageSize: 20,
          sorting: [
            { id: 'created_at', desc: true },
            { id: 'name', desc: false },
          ],
          columnFilters: [],
        },
        {},
      ),
    ).toEqual({ page: 3, size: 20, sort: '-created_at,name' });
  });

  it('inverts the sort of the active column: ascending is active first', () => {
    const sorted = (desc: boolean) =>
      toListParams(
        {
          pageIndex: 0,
          pageSize: 10,
          sorting: [
            { id: 'active', desc },
            { id: 'name', desc: false },
          ],
          columnFilters: [],
          invertedSorts: ['active'],
        },
        {},
      ).sort;
    // The API sorts false before true: ascending by the active column asks for true first.
    expect(sorted(false)).toBe('-active,name');
    expect(sorted(true)).toBe('active,name');
  });

  it('maps select to in, text to startswith, date range to ge/le and the rest to eq', () => {
    const params = toListParams(
      {
        pageIndex: 0,
        pageSize: 10,
        sorting: [],
        columnFilters: [
          { id: 'status', value: ['pending', 'accepted'] },
          { id: 'name', value: 'Iso' },
          { id: 'created_at', value: ['2026-01-01T00:00:00.000Z', undefined] },
          { id: 'active', value: true },
          { id: 'city', value: '' },
        ],
        globalFilter: '  acme ',
      },
      { status: 'select', name: 'text', created_at: 'date-range' },
    );
    expect(JSON.parse(params.filter!)).toEqual([
      { field: 'status', op: 'in', value: ['pending', 'accepted'] },
      { field: 'name', op: 'startswith', value: 'Iso' },
      { field: 'created_at', op: 'ge', value: '2026-01-01T00:00:00.000Z' },
      { field: 'active', op: 'eq', value: true },
    ]);
    expect(params.search).toBe('acme');
  });

  it('includes the last day of a date range picked in the date filter', () => {
    const from = DateTime.fromISO('2026-11-02T00:00:00', { zone: 'America/Chicago' });
    const to = DateTime.fromISO('2026-11-24T00:00:00', { zone: 'America/Chicago' });
    const params = toListParams(
      { pageIndex: 0, pageSize: 10, sorting: [], columnFilters: [{ id: 'created_at', value: [from, to] }] },
      { created_at: 'date-range' },
    );
    expect(JSON.parse(params.filter!)).toEqual([
      { field: 'created_at', op: 'ge', value: '2026-11-02T00:00:00.000-06:00' },
      { field: 'created_at', op: 'le', value: '2026-11-24T23:59:59.999-06:00' },
    ]);
  });
});
