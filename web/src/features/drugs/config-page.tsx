import {
  configResources,
  DEFAULT_ACTIVITY_WARNING_PERCENT,
  type Drug,
  drugFieldsSchema,
  RECEIPT_TOLERANCE_DEFAULT_PERCENT,
} from '@dosechain/contract';
import { type ConfigPageDescription, ConfigResourcePage } from '../../components/config-resource-page.tsx';
import { activeColumn, createdColumn } from '../../components/data-table/common-columns.ts';

const drugs: ConfigPageDescription<Drug> = {
  key: 'drugs',
  columns: [
    { field: 'name', header: 'Name', value: (d) => d.name },
    { field: 'other_name', header: 'Other name', value: (d) => d.otherName },
    { field: 'radionuclide_name', header: 'Radionuclide', value: (d) => d.radionuclide?.name },
    {
      field: 'max_activity_mbq',
      header: 'Maximum activity',
      value: (d) => (d.maxActivityMbq === null ? '' : `${d.maxActivityMbq} MBq`),
      filter: false,
      // Exports write the number, its unit in the header, so that a spreadsheet can compare.
      exportAs: [{ header: 'Maximum activity (MBq)', value: (d) => d.maxActivityMbq }],
    },
    {
      field: 'activity_warning_percent',
      header: 'Warning threshold',
      // Unset: the default, shown as such.
      value: (d) => `${d.activityWarningPercent ?? DEFAULT_ACTIVITY_WARNING_PERCENT} %`,
      filter: false,
      hiddenByDefault: true,
      exportAs: [
        {
          header: 'Warning threshold (%)',
          value: (d) => d.activityWarningPercent ?? DEFAULT_ACTIVITY_WARNING_PERCENT,
        },
      ],
    },
    {
      field: 'receipt_tolerance_percent',
      header: 'Receipt tolerance',
      // Unset: the default, shown as such.
      value: (d) => `${d.receiptTolerancePercent ?? RECEIPT_TOLERANCE_DEFAULT_PERCENT} %`,
      filter: false,
      hiddenByDefault: true,
      exportAs: [
        {
          header: 'Receipt tolerance (%)',
          value: (d) => d.receiptTolerancePercent ?? RECEIPT_TOLERANCE_DEFAULT_PERCENT,
        },
      ],
    },
    activeColumn(),
    createdColumn(),
  ],
  schema: drugFieldsSchema,
  fields: [
    { kind: 'text', name: 'otherName', label: 'Other name' },
    {
      // Optional: a drug that is not radioactive has none. Active ones are offered, by name.
      kind: 'lookup',
      name: 'radionuclideId',
      label: 'Radionuclide',
      resource: configResources.radionuclides.path,
      activeOnly: true,
      current: (d) => d.radionuclide,
    },
    // Optional: the most an order may request, in MBq (an order in mCi is compared ×37).
    { kind: 'decimal', name: 'maxActivityMbq', label: 'Maximum activity (MBq)', size: 6 },
    // Optional: the accept dialog warns below this share of the requested activity (50 % unset).
    {
      kind: 'decimal',
      name: 'activityWarningPercent',
      label: `Warning threshold (%, default ${DEFAULT_ACTIVITY_WARNING_PERCENT})`,
      size: 6,
    },
    // Optional: a receipt's assay further than this from the expected activity is a deviation (10 % unset).
    {
      kind: 'decimal',
      name: 'receiptTolerancePercent',
      label: `Receipt tolerance (%, default ${RECEIPT_TOLERANCE_DEFAULT_PERCENT})`,
      size: 6,
    },
  ],
};

/** Drugs: name, other name, radionuclide, maximum activity, warning threshold, receipt tolerance, active. */
export default function DrugsPage() {
  return <ConfigResourcePage description={drugs} />;
}
