import {
  messages,
  type NamedRef,
  type OrderStatus,
  type OrdersCount,
  type OrdersCountItem,
  type OrdersReportOptions,
  type ReportGrouping,
  reportGroupingLabels,
} from '@dosechain/contract';
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatCell } from '../../components/data-table/format.ts';

/** A report form's date (`2026-03-01`), required. */
export const isoDate = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), messages.invalidValue);

/** The report form: From and To required, To not before From (spec section 5). */
export const ordersReportFormSchema = z
  .object({
    from: isoDate,
    to: isoDate,
    studyId: z.number().int().nullable(),
    siteId: z.number().int().nullable(),
    cmoId: z.number().int().nullable(),
    grouping: z.enum(['none', 'month', 'quarter', 'year']),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: messages.notBeforeFrom });
    }
  });
export type OrdersReportForm = z.infer<typeof ordersReportFormSchema>;

export const emptyReportForm: OrdersReportForm = {
  from: '',
  to: '',
  studyId: null,
  siteId: null,
  cmoId: null,
  grouping: 'none',
};

/** The query of GET /reports/orders-count. */
export interface OrdersCountRequest {
  from: string;
  to: string;
  tz: string;
  studyId?: number;
  siteId?: number;
  cmoId?: number;
  grouping?: ReportGrouping;
}

/**
 * The report's window: from the start of the From day to the start of the day after To, in
 * the user's time zone, as instants; the zone goes along so groups fall on the user's months.
 */
export function reportRequest(form: OrdersReportForm, zone: string): OrdersCountRequest {
  const day = (iso: string) => DateTime.fromISO(iso, { zone }).startOf('day');
  return {
    from: day(form.from).toUTC().toISO() ?? '',
    to: day(form.to).plus({ days: 1 }).toUTC().toISO() ?? '',
    tz: zone,
    ...(form.studyId === null ? {} : { studyId: form.studyId }),
    ...(form.siteId === null ? {} : { siteId: form.siteId }),
    ...(form.cmoId === null ? {} : { cmoId: form.cmoId }),
    ...(form.grouping === 'none' ? {} : { grouping: form.grouping }),
  };
}

/** Choosing a study limits the sites to its sites, choosing a site the studies to that site's. */
export function limitedChoices(
  options: OrdersReportOptions | undefined,
  studyId: number | null,
  siteId: number | null,
): { studies: NamedRef[]; sites: NamedRef[] } {
  if (!options) return { studies: [], sites: [] };
  const pairs = options.studySites;
  return {
    studies:
      siteId === null
        ? options.studies
        : options.studies.filter((s) => pairs.some((p) => p.studyId === s.id && p.siteId === siteId)),
    sites:
      studyId === null
        ? options.sites
        : options.sites.filter((s) => pairs.some((p) => p.siteId === s.id && p.studyId === studyId)),
  };
}

/**
 * The group, the CMO and seven counts (six statuses and the total, with Shipped since issue 35)
 * fit beside the menu at 1280 px wide (992 px for the table; long count headers wrap).
 */
const COLUMN_WIDTH = 100;
const GROUP_WIDTH = 100;
const CMO_WIDTH = 160;

const groupHeaders: Record<ReportGrouping, string> = { month: 'Month', quarter: 'Quarter', year: 'Year' };

/** What the CMO column says when the report counts the orders of every CMO. */
export const ALL_CMOS = 'All CMOs';

/**
 * The result's columns: the group first (when grouped), the CMO the counts are of (`cmo`, for
 * staff and admin only: spec, Orders Report), a '# of <status>' per status and Total. When
 * grouped, each count header carries the count over all groups.
 */
export function reportColumns(
  statuses: { id: string; name: string }[],
  grouping: ReportGrouping | undefined,
  result: OrdersCount | undefined,
  cmo?: string,
): DataTableColumn<OrdersCountItem>[] {
  const withCount = (header: string, count: number | undefined) =>
    grouping && count !== undefined ? `${header} (${count})` : header;
  return [
    ...(grouping
      ? [
          {
            field: 'groupingKey',
            header: groupHeaders[grouping],
            value: (i: OrdersCountItem) => i.groupingKey,
            size: GROUP_WIDTH,
          },
        ]
      : []),
    ...(cmo === undefined ? [] : [{ field: 'cmo', header: 'CMO', value: () => cmo, size: CMO_WIDTH }]),
    ...statuses.map((s) => ({
      field: s.id,
      header: withCount(`# of ${s.name}`, result?.[s.id as OrderStatus]),
      value: (i: OrdersCountItem) => i[s.id as OrderStatus],
      size: COLUMN_WIDTH,
    })),
    {
      field: 'total',
      header: withCount('Total', result?.total),
      value: (i: OrdersCountItem) => i.total,
      size: COLUMN_WIDTH,
    },
  ];
}

/** The report's parameters, written above the table in the PDF and the print. */
export function printLines(
  form: OrdersReportForm,
  names: { study?: string; site?: string; cmo?: string },
): string[] {
  return [
    `From: ${formatCell('date', form.from)}`,
    `To: ${formatCell('date', form.to)}`,
    `Study: ${names.study ?? 'All'}`,
    `Site: ${names.site ?? 'All'}`,
    `CMO: ${names.cmo ?? 'All'}`,
    `Grouped by: ${form.grouping === 'none' ? 'None' : groupHeaders[form.grouping]}`,
  ];
}

export { reportGroupingLabels };
