import { type Availability, availabilityFrequencies, messages } from '@dosechain/contract';
import { activeColumn, createdColumn } from '../../components/data-table/common-columns.ts';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';
import { ConfigListPage } from '../config/config-list-page.tsx';
import { AvailabilityEditDialog } from './availability-edit-dialog.tsx';
import { AvailabilityFormDialog } from './availability-form-dialog.tsx';
import { AVAILABILITIES } from './availability-form-model.ts';
import { frequencySummary } from './frequency-summary.ts';

const columns: DataTableColumn<Availability>[] = [
  { field: 'id', header: '#', value: (a) => a.id, filter: false },
  { field: 'drug_name', header: 'Drug', value: (a) => a.drug?.name },
  { field: 'cmo_name', header: 'CMO', value: (a) => a.cmo?.name },
  { field: 'doses', header: 'Doses', value: (a) => `${a.doses} ${a.activityUnit}`, filter: false },
  {
    field: 'valid_from',
    header: 'Valid from',
    value: (a) => a.validFrom,
    type: 'date',
    filter: 'date-range',
  },
  {
    field: 'valid_until',
    header: 'Valid until',
    value: (a) => a.validUntil,
    type: 'date',
    filter: 'date-range',
  },
  {
    field: 'frequency',
    header: 'Frequency',
    value: (a) => frequencySummary(a.frequency, a.repeat),
    filter: 'select',
    options: availabilityFrequencies.map((f) => ({ value: f, label: f })),
  },
  {
    field: 'window',
    header: 'Window',
    value: (a) => `${a.startTime}–${a.endTime} ${a.cmo?.timezone ?? ''}`.trim(),
    enableSorting: false,
    filter: false,
  },
  activeColumn(),
  createdColumn(),
];

/** The Availability screen: each CMO's manufacturing availability of a drug. */
export default function AvailabilityPage() {
  return (
    <ConfigListPage<Availability>
      title="Availability"
      entity="Availability"
      resource={AVAILABILITIES}
      columns={columns}
      permissionArea="cmoManufactureAvailability"
      recordName={(a) => `#${a.id}`}
      toggleable
      toggleSuccess={messages.availabilityUpdated}
      toggleFailure={messages.errorActivatingAvailability}
      renderForm={(availability, close) =>
        availability ? (
          <AvailabilityEditDialog availability={availability} onClose={close} />
        ) : (
          <AvailabilityFormDialog onClose={close} />
        )
      }
    />
  );
}
