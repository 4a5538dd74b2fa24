import {
  activityUnitSymbol,
  type CompanyType,
  type FilterCondition,
  formatActivity,
  messages,
  type Order,
  type OrderAction,
  type OrderStatus,
  orderStatuses,
  orderStatusLabels,
  roleTypes,
} from '@dosechain/contract';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, IconButton } from '@mui/material';
import type { MRT_SortingState } from 'material-react-table';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { createdColumn } from '../../components/data-table/common-columns.ts';
import {
  DataTable,
  type DataTableColumn,
  type RowSelection,
} from '../../components/data-table/data-table.tsx';
import type { ExtraExport } from '../../components/data-table/export/export-menu.tsx';
import { notAdministeredText } from './administration-fields.ts';
import { OrderActionButtons } from './order-action-buttons.tsx';
import { requestedActivityText } from './order-activity-view.ts';
import { OrderAgainButton } from './order-again.tsx';
import { ORDERS } from './order-api.ts';
import { OrderDetails } from './order-details.tsx';
import { closedDayText, orderLatenessText, orderStatusText } from './order-lateness.ts';
import { ORDERS_DEFAULT_SORT, ordersGridFilter } from './orders-grid-query.ts';
import { scheduleExportText } from './schedule-marker.ts';

// The signed action dialog (its form, date-time and time-zone fields) loads when first opened: the
// grid's rows need none of it, and a grid screen's first rows came after all of it had loaded.
const OrderActionDialog = lazy(() =>
  import('./order-action-dialog.tsx').then((m) => ({ default: m.OrderActionDialog })),
);

/**
 * A time column: shown on the imaging center's clock with its zone, compact (date over time),
 * exported in UTC like every instant (spec section 2); filterable by a date range.
 */
function timeColumn(
  field: string,
  header: string,
  value: (o: Order) => string | null,
): DataTableColumn<Order> {
  return {
    field,
    header,
    value,
    type: 'datetime',
    zone: (o) => o.imagingCenter.timezone,
    filter: 'date-range',
  };
}

/**
 * A column naming one of the order's parties, left out for that party's own roles: a CMO,
 * a site or an imaging center only ever sees its own company's orders there.
 */
const partyColumn = (party: CompanyType, column: DataTableColumn<Order>): DataTableColumn<Order> => ({
  ...column,
  requirement: { roles: roleTypes.filter((r) => r !== party) },
});

const yesNo = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/**
 * What the page is about first (status, calibration, projected delivery), then who and what; in
 * view at 1280 px without scrolling sideways.
 */
const columns = (
  [
    { field: 'number', header: '#', value: (o) => o.number, filter: false, size: 56 },
    {
      field: 'status',
      header: 'Status',
      value: (o) => orderStatusLabels[o.status],
      text: (o) => orderStatusText(o),
      filter: 'select',
      options: orderStatuses.map((s) => ({ value: s, label: orderStatusLabels[s] })),
      // Exports keep the status a status; the lateness (as of the export) and a manufacture day
      // that became a day with no manufacture each get a column of their own.
      exportAs: [
        { header: 'Status', value: (o) => orderStatusLabels[o.status] },
        { header: 'Late by', value: (o) => orderLatenessText(o) },
        { header: 'Manufacture', value: (o) => closedDayText(o) },
        // Issue 36: what the placement overrode, with its reason, and the order it replaces.
        { header: 'Schedule', value: (o) => scheduleExportText(o) },
      ],
    },
    timeColumn('calibration_datetime', 'Calibration', (o) => o.calibrationDatetime),
    timeColumn('projected_delivery', 'Projected delivery', (o) => o.projectedDelivery),
    { field: 'subject_id', header: 'Subject', value: (o) => o.subjectId },
    {
      // Issue 36: filterable when shown (the marker is in the Status cell, the Order status page
      // has a switch for both); exported with the status's columns.
      field: 'out_of_window',
      header: messages.outOfWindowMarker,
      value: (o) => (o.outOfWindow ? 'Yes' : ''),
      filter: 'select',
      options: yesNo,
      enableSorting: false,
      hiddenByDefault: true,
      exportAs: [],
    },
    {
      field: 'duplicate_timepoint',
      header: messages.duplicateTimepointMarker,
      value: (o) => (o.duplicateTimepoint ? 'Yes' : ''),
      filter: 'select',
      options: yesNo,
      enableSorting: false,
      hiddenByDefault: true,
      exportAs: [],
    },
    { field: 'study_name', header: 'Study', value: (o) => o.study.name },
    partyColumn('clinical_site', { field: 'site_name', header: 'Site', value: (o) => o.site.name }),
    {
      field: 'timepoint_id',
      header: 'Timepoint',
      value: (o) => o.timePoint.name,
      filter: false,
      enableSorting: false,
      hiddenByDefault: true,
    },
    { field: 'exam_name', header: 'Exam', value: (o) => o.exam.name },
    { field: 'drug_name', header: 'Drug', value: (o) => o.drug.name, hiddenByDefault: true },
    {
      // The activity requested at calibration, in its unit and the other (issue 21): shown on
      // request (the grid fits 1280 px without it), always in exports and mails.
      field: 'requested_activity',
      header: 'Activity',
      value: requestedActivityText,
      filter: false,
      enableSorting: false,
      hiddenByDefault: true,
      alwaysExported: true,
      // Exported as the number requested and its unit, so that a spreadsheet can sort and add.
      exportAs: [
        { header: 'Activity', value: (o) => o.requestedActivity },
        {
          header: 'Activity unit',
          value: (o) => (o.activityUnit ? activityUnitSymbol(o.activityUnit) : null),
        },
      ],
    },
    // The dose's journey (issue 35): kept out of view to fit, always in the CSV and XLSX (the PDF
    // and print have them when shown: a page has no room for every column).
    {
      ...timeColumn('shipped_at', 'Shipped', (o) => o.shippedAt),
      hiddenByDefault: true,
      alwaysExported: 'data',
    },
    {
      field: 'lot_number',
      header: 'Lot',
      value: (o) => o.shipment?.lotNumber ?? null,
      filter: false,
      enableSorting: false,
      hiddenByDefault: true,
      alwaysExported: 'data',
    },
    {
      field: 'administered_activity',
      header: 'Administered activity',
      value: (o) => {
        const a = o.administration;
        if (!a) return null;
        if (!a.administered) return `Not administered: ${notAdministeredText(a)}`;
        return a.administeredActivity !== null && a.activityUnit
          ? formatActivity(a.administeredActivity, a.activityUnit)
          : null;
      },
      filter: false,
      enableSorting: false,
      hiddenByDefault: true,
      alwaysExported: 'data',
    },
    partyColumn('cmo', { field: 'cmo_name', header: 'CMO', value: (o) => o.cmo.name }),
    partyColumn('imaging_center', {
      field: 'imaging_center_name',
      header: 'Imaging center',
      value: (o) => o.imagingCenter.name,
    }),
    { ...createdColumn<Order>(), hiddenByDefault: true },
  ] satisfies DataTableColumn<Order>[]
)
  // Up to eleven columns and the actions: the header menus go (the toolbar filters, sorts by
  // header and chooses columns), so that the table fits.
  .map((c): DataTableColumn<Order> => ({ ...c, columnMenu: false }));

export interface OrdersGridProps {
  /** Only orders in these statuses (dashboards, related orders). */
  statuses?: readonly OrderStatus[];
  /** More fixed conditions, e.g. `exam_id eq 3`. */
  baseFilter?: FilterCondition[];
  /** Default `-created_at` (spec section 9). */
  defaultSort?: MRT_SortingState;
  /** Where the row's detail page is: `/orders` or `/cmo/orders`. */
  detailBase?: string;
  title?: string;
  emptyText?: string;
  /** Row checkboxes (bulk acknowledgement): which orders may be picked, and the picked ones. */
  selection?: RowSelection<Order>;
  /** More exports of the grid's orders (Order status: the core lab's dose records). */
  extraExports?: ExtraExport<Order>[];
}

/**
 * Every order grid: server paging, sort and filter; the expandable detail panel; the actions the
 * order's status and the user's permissions allow, each in its signed dialog.
 */
export function OrdersGrid({
  statuses,
  baseFilter = [],
  defaultSort = [...ORDERS_DEFAULT_SORT],
  detailBase = '/orders',
  title = 'Orders',
  emptyText,
  selection,
  extraExports,
}: OrdersGridProps) {
  const [dialog, setDialog] = useState<{ order: Order; action: OrderAction }>();
  const fixed = ordersGridFilter(statuses, baseFilter);
  return (
    <>
      <DataTable<Order>
        resource={ORDERS}
        columns={columns}
        defaultSort={defaultSort}
        baseFilter={fixed}
        emptyText={emptyText}
        selection={selection}
        extraExports={extraExports}
        title={title}
        orientation="landscape"
        renderDetailPanel={(order) => (
          // The grid scrolls sideways on narrow screens; the panel stays where the user looks.
          <Box sx={{ position: 'sticky', left: 0, maxWidth: 'calc(100vw - 320px)' }}>
            <OrderDetails order={order} />
          </Box>
        )}
        rowActions={(order) => (
          <>
            <IconButton
              aria-label={`Open Order #${order.number}`}
              data-hint="Open"
              component={RouterLink}
              to={`${detailBase}/${order.id}`}
            >
              <VisibilityIcon />
            </IconButton>
            <OrderActionButtons order={order} onAction={(action) => setDialog({ order, action })} />
            <OrderAgainButton order={order} />
          </>
        )}
      />
      {dialog && (
        <Suspense fallback={null}>
          <OrderActionDialog {...dialog} onClose={() => setDialog(undefined)} />
        </Suspense>
      )}
    </>
  );
}
