import { type ListResponse, limits } from '@dosechain/contract';
import { DateTime } from 'luxon';
import { type ColumnType, formatCell } from '../format.ts';

/** What an export needs of a column: its header, its value and how a row shows in it. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => unknown;
  type?: ColumnType;
  /** The cell's text when it is not the type's formatting of the value (dates are exported from the value). */
  text?: (row: T) => string;
}

/** The table as an export writes it: headers, then one line of texts per row. */
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

const isDateType = (type: ColumnType | undefined) => type === 'date' || type === 'datetime';

/** One cell as exported: the table's display text, except dates in the export format. */
export function exportCell(type: ColumnType, value: unknown): string {
  return isDateType(type) ? formatExportDate(value) : formatCell(type, value);
}

/** A column's export header: a date column says its clock, `Created (UTC)`. */
export const exportHeader = (column: Pick<ExportColumn<unknown>, 'header' | 'type'>) =>
  isDateType(column.type) ? `${column.header} (UTC)` : column.header;

/**
 * Rows as the export's headers and cells, in the given column order. Every date and instant
 * column writes its value in UTC in the spec's format (whatever clock the table shows it on)
 * and says so in its header; the others write the table's text.
 */
export function toExportTable<T>(columns: ExportColumn<T>[], rows: T[]): ExportTable {
  return {
    headers: columns.map(exportHeader),
    rows: rows.map((row) =>
      columns.map((c) =>
        !isDateType(c.type) && c.text ? c.text(row) : exportCell(c.type ?? 'text', c.value(row)),
      ),
    ),
  };
}

/**
 * What a spreadsheet program would read as a formula (OWASP, CSV injection): a cell starting
 * with = + - @, a tab, a carriage return or a line feed, or their full-width forms.
 */
const FORMULA_START = /^[=+\-@\t\r\n＝＋－＠]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The cell as a spreadsheet program reads it as text: a quote before a formula-like start. */
export function escapeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * The table as a CSV may hold it: formula-like cells escaped (Excel and LibreOffice would
 * evaluate `=HYPERLINK(…)` on open), except plain numbers such as `-5` in a column of numbers
 * only, which stay numbers. XLSX needs none of this: its cells are typed strings.
 */
export function csvSafeTable(table: ExportTable): ExportTable {
  const numeric = table.headers.map((_, i) => {
    const cells = table.rows.map((r) => r[i] ?? '').filter((c) => c !== '');
    return cells.length > 0 && cells.every((c) => PLAIN_NUMBER.test(c));
  });
  return {
    headers: table.headers.map(escapeFormula),
    rows: table.rows.map((row) => row.map((cell, i) => (numeric[i] ? cell : escapeFormula(cell)))),
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
