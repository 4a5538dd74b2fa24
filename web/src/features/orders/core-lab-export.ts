import { doseRecordOf, type Order } from '@dosechain/contract';
import { type ExportTable, toExportTable } from '../../components/data-table/export/export-data.ts';
import type { ExtraExport } from '../../components/data-table/export/export-menu.tsx';
import { doseRecordColumns } from '../../components/dose-records/dose-record-columns.ts';

/**
 * Orders as the imaging core lab's dose records (issue 35): the Dose Accountability report's
 * Doses columns, each order's outcome judged at `now` (an expiry passes with time).
 */
export function coreLabTable(orders: Order[], now: Date): ExportTable {
  return toExportTable(
    doseRecordColumns,
    orders.map((o) => doseRecordOf(o, now)),
  );
}

/** Order status's export of the orders its grid shows (its filters and search) for the core lab. */
export const coreLabExport: ExtraExport<Order> = {
  label: 'Core lab export',
  exportName: 'core_lab_doses',
  table: (orders) => coreLabTable(orders, new Date()),
};
