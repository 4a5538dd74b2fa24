import { formatCalendarDate, formatInstant } from '@dosechain/contract';

export type ColumnType = 'text' | 'active' | 'boolean' | 'inverseBoolean' | 'datetime' | 'date' | 'list';

/**
 * How a cell shows its value by column type (spec: active, boolean, inverseBoolean, datetime, date,
 * list). Instants and dates are written by the contract's one formatter: an instant on UTC with
 * its zone named, unless the column shows it on another clock.
 */
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
      return formatInstant(String(value), 'UTC');
    case 'date':
      return formatCalendarDate(String(value));
    case 'list':
      return Array.isArray(value)
        ? value.map((v) => (typeof v === 'object' && v && 'name' in v ? v.name : String(v))).join(', ')
        : String(value);
    default:
      return String(value);
  }
}
