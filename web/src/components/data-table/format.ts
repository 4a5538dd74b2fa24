import { DateTime } from 'luxon';

export type ColumnType = 'text' | 'active' | 'boolean' | 'inverseBoolean' | 'datetime' | 'date' | 'list';

/** How a cell shows its value by column type (spec: active, boolean, inverseBoolean, datetime, date, list). */
export function formatCell(type: ColumnType, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'active':
      return value ? 'Active' : 'Inactive';
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'inverseBoolean':
      return value ? 'No' : 'Yes';
    case 'datetime':
      return DateTime.fromISO(String(value)).toLocaleString(DateTime.DATETIME_MED);
    case 'date':
      return DateTime.fromISO(String(value)).toLocaleString(DateTime.DATE_MED);
    case 'list':
      return Array.isArray(value)
        ? value.map((v) => (typeof v === 'object' && v && 'name' in v ? v.name : String(v))).join(', ')
        : String(value);
    default:
      return String(value);
  }
}
