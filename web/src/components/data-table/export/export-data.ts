import { type ListResponse, limits } from '@dosechain/contract';
import { DateTime } from 'luxon';
import { type ColumnType, formatCell } from '../format.ts';

/** What an export needs of a column: its header and how a row shows in it. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => unknown;
  type?: ColumnType;
}

/** The table as an export writes it: headers, then one line of display texts per row. */
export interface ExportTable {
  headers: string[];
  rows: string[][];
}

/** Spec: exported dates and datetimes are in UTC as `MM/dd/yyyy hh:mm:ss a`. */
export const EXPORT_DATE_FORMAT = 'MM/dd/yyyy hh:mm:ss a';

/** A date or datetime value (ISO text or Date) in the export format, in UTC; '' when there is none. */
export function formatExportDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date =
    value instanceof Date
      ? DateTime.fromJSDate(value, { zone: 'utc' })
      : DateTime.fromISO(String(value), { zone: 'utc' });
  return date.isValid ? date.toFormat(EXPORT_DATE_FORMAT, { locale: 'en-US' }) : String(value);
}

/** One cell as exported: the table's display text, except dates in the export format. */
export function exportCell(type: ColumnType, value: unknown): string {
  return type === 'date' || type === 'datetime' ? formatExportDate(value) : formatCell(type, value);
}

/** Rows as the export's headers and cells, in the given column order. */
export function toExportTable<T>(columns: ExportColumn<T>[], rows: T[]): ExportTable {
  return {
    headers: columns.map((c) => c.header),
    rows: rows.map((row) => columns.map((c) => exportCell(c.type ?? 'text', c.value(row)))),
  };
}

/** Spec: the file name is the export name, else the title, else 'data' (the caller adds the extension). */
export function exportBaseName(exportName?: string, title?: string): string {
  const name = exportName?.trim() || title?.trim() || 'data';
  // Characters that file systems refuse become '_'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  return name.replace(/[\u0000-\u001f<>:"/\\|?*]/g, '_');
}

export type FetchPage<T> = (page: number, size: number) => Promise<ListResponse<T>>;

/**
 * Every row of a list, not only the visible page: pages of the API's largest size (100) until
 * `total` rows have come, or a page comes back short (the list shrank while it was read).
 */
export async function fetchAllRows<T>(
  fetchPage: FetchPage<T>,
  size: number = limits.pageSizeMax,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page, size);
    rows.push(...answer.items);
    if (rows.length >= answer.total || answer.items.length < size) return rows;
  }
}
