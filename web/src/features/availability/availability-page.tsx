import { type Availability, availabilityFrequencies, formatDoses, messages } from '@dosechain/contract';
import { EventBusy } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { ConfigListPage } from '../../components/config-list-page.tsx';
import { activeColumn, createdColumn } from '../../components/data-table/common-columns.ts';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatCell } from '../../components/data-table/format.ts';
import type { RelatedOrdersSlot } from '../../components/related-orders-slot.ts';
import { AvailabilityEditDialog } from './availability-edit-dialog.tsx';
import { AvailabilityFormDialog } from './availability-form-dialog.tsx';
import { AVAILABILITIES } from './availability-form-model.ts';
import { frequencySummary } from './frequency-summary.ts';

// The exceptions dialog (its calendar and form) loads when first opened: the list needs none of it.
const ExceptionsDialog = lazy(() =>
  import('./exceptions-dialog.tsx').then((m) => ({ default: m.ExceptionsDialog })),
);

// Columns as wide as their content (decision 018): least widths per column added up, with the four
// row actions, to 1038 px in the 992 px box at 1280×800, and Status was cut off.
const columns = (
  [
    { field: 'id', header: '#', value: (a) => a.id, filter: false, size: 60 },
    { field: 'drug_name', header: 'Drug', value: (a) => a.drug?.name },
    { field: 'cmo_name', header: 'CMO', value: (a) => a.cmo?.name },
    {
      field: 'doses',
      header: 'Doses',
      value: (a) => formatDoses(a.doses, a.activityUnit),
      filter: false,
    },
    {
      field: 'valid_from',
      header: 'Valid',
      size: 130,
      value: (a) => `${formatCell('date', a.validFrom)} – ${formatCell('date', a.validUntil)}`,
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
      value: (a) => `${a.startTime}–${a.endTime}`,
      enableSorting: false,
      filter: false,
    },
    activeColumn<Availability>(),
    // The table is wide: Created is offered by the column chooser.
    { ...createdColumn<Availability>(), hiddenByDefault: true },
  ] satisfies DataTableColumn<Availability>[]
)
  // Ten columns: the header menus go, so that the row actions stay in view.
  .map((c): DataTableColumn<Availability> => ({ ...c, columnMenu: false }));

/**
 * The Availability screen: each CMO's manufacturing availability of a drug. app/ passes in the
 * orders feature's View Related Orders.
 */
export default function AvailabilityPage({
  RelatedOrdersAction,
}: {
  RelatedOrdersAction: RelatedOrdersSlot;
}) {
  // The manufacturing exceptions of one availability (issue 21), in their own dialog.
  const [exceptionsOf, setExceptionsOf] = useState<Availability>();
  return (
    <>
      <ConfigListPage<Availability>
        title="Availability"
        entity="Availability"
        resource={AVAILABILITIES}
        columns={columns}
        permissionArea="cmoManufactureAvailability"
        recordName={(a) => `#${a.id}`}
        toggleable
        rowActions={(availability) => (
          <>
            <Tooltip title="Manufacturing exceptions">
              <IconButton
                aria-label={`Manufacturing exceptions of Availability #${availability.id}`}
                onClick={() => setExceptionsOf(availability)}
              >
                <EventBusy />
              </IconButton>
            </Tooltip>
            <RelatedOrdersAction
              title={`Availability #${availability.id}`}
              filter={{ field: 'availability_id', op: 'eq', value: availability.id }}
            />
          </>
        )}
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
      {exceptionsOf && (
        <Suspense fallback={null}>
          <ExceptionsDialog availability={exceptionsOf} onClose={() => setExceptionsOf(undefined)} />
        </Suspense>
      )}
    </>
  );
}
