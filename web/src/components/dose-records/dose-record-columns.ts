import {
  activityUnitSymbol,
  type DoseRecord,
  doseOutcomeLabels,
  notAdministeredReasonLabels,
} from '@dosechain/contract';
import type { DataTableColumn } from '../data-table/data-table.tsx';
import { exportInstant } from '../data-table/export/export-data.ts';

/**
 * The per-dose columns the imaging core lab receives (issue 35), written once: the Dose
 * Accountability report's Doses table and the Order status grid's core lab export both use them.
 * Exports keep numbers numbers, the injection in UTC as a date cell, and the local time, its
 * zone, the residual and its unit in columns of their own.
 */

/** An activity as the table shows it: at most two decimals (exports keep the figure as stored). */
export const activityText = (value: number | null): string =>
  value === null ? '' : value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The injection on the imaging center's clock, with its zone: `2026-11-28 14:05 America/Chicago`. */
export const injectedLocalText = (r: DoseRecord): string =>
  r.injectedAtLocal ? `${r.injectedAtLocal} ${r.timezone}` : '';

/** The residual with its unit: `0.4 mCi`; nothing without a residual. */
export const residualText = (r: DoseRecord): string =>
  r.residualActivity === null
    ? ''
    : `${activityText(r.residualActivity)}${r.activityUnit ? ` ${activityUnitSymbol(r.activityUnit)}` : ''}`;

/** The administered activity in both units, one per line: `350 MBq` / `9.47 mCi`. */
export const administeredText = (r: DoseRecord): string =>
  [
    r.administeredActivityMbq === null ? null : `${activityText(r.administeredActivityMbq)} MBq`,
    r.administeredActivityMci === null ? null : `${activityText(r.administeredActivityMci)} mCi`,
  ]
    .filter(Boolean)
    .join('\n');

const NUMBER = 64;
const NAME = 80;

export const doseRecordColumns: DataTableColumn<DoseRecord>[] = [
  { field: 'orderNumber', header: 'Order #', value: (r) => r.orderNumber, align: 'right', size: 64 },
  // Study and Imaging Center are out of view until chosen (the column chooser), so that the table
  // fits 1280 px; every export writes them.
  {
    field: 'study',
    header: 'Study',
    value: (r) => r.study.name,
    size: NAME,
    hiddenByDefault: true,
    alwaysExported: true,
  },
  { field: 'site', header: 'Clinical Site', value: (r) => r.site.name, size: NAME },
  {
    field: 'imagingCenter',
    header: 'Imaging Center',
    value: (r) => r.imagingCenter.name,
    size: NAME,
    hiddenByDefault: true,
    alwaysExported: true,
  },
  { field: 'subjectId', header: 'Subject', value: (r) => r.subjectId },
  { field: 'timePoint', header: 'Timepoint', value: (r) => r.timePoint.name },
  { field: 'lotNumber', header: 'Lot', value: (r) => r.lotNumber },
  { field: 'outcome', header: 'Outcome', value: (r) => doseOutcomeLabels[r.outcome] },
  {
    field: 'injectedAt',
    header: 'Injected (UTC)',
    value: (r) => r.injectedAt,
    type: 'datetime',
    exportAs: [{ header: 'Injected (UTC)', value: (r) => exportInstant(r.injectedAt) }],
  },
  {
    field: 'injectedAtLocal',
    header: 'Injected (local)',
    value: (r) => r.injectedAtLocal,
    text: injectedLocalText,
    exportAs: [
      { header: 'Injected (local)', value: (r) => r.injectedAtLocal },
      { header: 'Time zone', value: (r) => r.timezone },
    ],
  },
  {
    // One cell on screen, both units (`350 MBq` over `9.47 mCi`); two number columns in exports.
    field: 'administeredActivity',
    header: 'Administered',
    value: (r) => r.administeredActivityMbq,
    text: administeredText,
    exportAs: [
      { header: 'Administered MBq', value: (r) => r.administeredActivityMbq },
      { header: 'Administered mCi', value: (r) => r.administeredActivityMci },
    ],
    align: 'right',
    size: NUMBER,
  },
  {
    field: 'residualActivity',
    header: 'Residual',
    value: (r) => r.residualActivity,
    text: residualText,
    exportAs: [
      { header: 'Residual', value: (r) => r.residualActivity },
      {
        header: 'Residual unit',
        value: (r) =>
          r.residualActivity !== null && r.activityUnit ? activityUnitSymbol(r.activityUnit) : null,
      },
    ],
    align: 'right',
    size: NUMBER,
  },
  {
    field: 'notAdministeredReason',
    header: 'Not administered reason',
    value: (r) => (r.notAdministeredReason ? notAdministeredReasonLabels[r.notAdministeredReason] : ''),
  },
  { field: 'comment', header: 'Comment', value: (r) => r.comment ?? '' },
];
