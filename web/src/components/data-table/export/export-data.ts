import { type ListResponse, limits } from '@dosechain/contract';
import { DateTime } from 'luxon';
import { type ColumnType, formatCell } from '../format.ts';

/**
 * One exported cell, typed so that a spreadsheet gets real values: a text, a number, an instant
 * (written in UTC) or nothing (an empty cell, not an empty text).
 */
export type ExportValue = string | number | Date | null;

/** A column as an export writes it, when not as the table shows it: its header and its value. */
export interface ExportPart<T> {
  header: string;
  value: (row: T) => ExportValue;
}

/** What an export needs of a column: its header, its value and how a row shows in it. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => unknown;
  type?: ColumnType;
  /** The cell's text when it is not the type's formatting of the value (dates are exported from the value). */
  text?: (row: T) => string;
  /**
   * The columns exports write in this one's place, e.g. an order's status and its lateness apart
   * (the grid shows `Accepted · 1 d 7 h late` in one cell), or an amount apart from its unit.
   */
  exportAs?: ExportPart<T>[];
  /** Written to the CSV and XLSX only, not to the PDF and print (a hidden `alwaysExported: 'data'` column). */
  dataOnly?: boolean;
}

/** The table as an export writes it: headers, then one line of typed cells per row. */
export interface ExportTable {
  headers: string[];
  rows: ExportValue[][];
}

/** Spec: exported dates and datetimes are in UTC as `MM/dd/yyyy hh:mm:ss a`. */
export const EXPORT_DATE_FORMAT = 'MM/dd/yyyy hh:mm:ss a';

/** The same format as a spreadsheet number format: the date cell shows what the CSV writes. */
export const XLSX_DATE_FORMAT = 'mm/dd/yyyy hh:mm:ss AM/PM';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * A date or datetime value (ISO text or Date) as an instant; a calendar date (`2026-12-31`) is
 * its midnight UTC. Null when there is none; unreadable text stays as it is.
 */
export function exportInstant(value: unknown): Date | string | null {
  if (isEmpty(value)) return null;
  const date =
    value instanceof Date
      ? DateTime.fromJSDate(value, { zone: 'utc' })
      : DateTime.fromISO(String(value), { zone: 'utc' });
  return date.isValid ? date.toJSDate() : String(value);
}

/** A date or datetime value (ISO text or Date) in the export format, in UTC; '' when there is none. */
export function formatExportDate(value: unknown): string {
  const instant = exportInstant(value);
  if (!(instant instanceof Date)) return instant ?? '';
  return DateTime.fromJSDate(instant, { zone: 'utc' }).toFormat(EXPORT_DATE_FORMAT, { locale: 'en-US' });
}

/** A cell as CSV and PDF write it: numbers as they are, instants in the export format, nothing as ''. */
export function exportText(value: ExportValue): string {
  if (value === null) return '';
  if (value instanceof Date) return formatExportDate(value);
  return String(value);
}

const isDateType = (type: ColumnType | undefined) => type === 'date' || type === 'datetime';

/**
 * One cell as exported: a date or datetime column's instant; else the column's own text, a
 * number as a number, or the table's display text. An empty text is an empty cell.
 */
export function exportValue<T>(column: ExportColumn<T>, row: T): ExportValue {
  const type = column.type ?? 'text';
  const value = column.value(row);
  if (isDateType(type)) return exportInstant(value);
  if (column.text) return column.text(row) || null;
  if (type === 'text' && typeof value === 'number' && Number.isFinite(value)) return value;
  return formatCell(type, value) || null;
}

/** A column's export header: a date column says its clock, `Created (UTC)`. */
export const exportHeader = (column: Pick<ExportColumn<unknown>, 'header' | 'type'>) =>
  isDateType(column.type) ? `${column.header} (UTC)` : column.header;

/** The columns an export writes for one of the table's: its own parts, else itself. */
function exportParts<T>(column: ExportColumn<T>): ExportPart<T>[] {
  return column.exportAs ?? [{ header: exportHeader(column), value: (row: T) => exportValue(column, row) }];
}

/**
 * Rows as the export's headers and typed cells, in the given column order. Every date and
 * instant column writes its value as an instant, shown in UTC in the spec's format (whatever
 * clock the table shows it on), and says so in its header; numbers stay numbers; the others
 * write the table's text.
 */
export function toExportTable<T>(columns: ExportColumn<T>[], rows: T[]): ExportTable {
  const parts = columns.flatMap(exportParts);
  return {
    headers: parts.map((p) => p.header),
    rows: rows.map((row) => parts.map((p) => p.value(row))),
  };
}

/**
 * What a spreadsheet program would read as a formula (OWASP, CSV injection): a cell starting
 * with = + - @, a tab, a carriage return or a line feed, or their full-width forms.
 */
const FORMULA_START = /^[=+\-@\t\r\n＝＋－＠]/;

/** The cell as a spreadsheet program reads it as text: a quote before a formula-like start. */
export function escapeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * The table as a CSV holds it, all texts: formula-like texts escaped (Excel and LibreOffice
 * would evaluate `=HYPERLINK(…)` on open), while numbers such as `-5` stay numbers. XLSX needs
 * none of this: its cells are typed.
 */
export function csvSafeTable(table: ExportTable): { headers: string[]; rows: string[][] } {
  return {
    headers: table.headers.map(escapeFormula),
    rows: table.rows.map((row) =>
      row.map((cell) => (typeof cell === 'number' ? String(cell) : escapeFormula(exportText(cell)))),
    ),
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
