import {
  type DoseAccountability,
  type DoseCounts,
  formatInstant,
  messages,
  type NotAdministeredReason,
  notAdministeredReasonLabels,
  notAdministeredReasons,
} from '@dosechain/contract';
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatCell } from '../../components/data-table/format.ts';
import { isoDate } from './orders-report-model.ts';

/** The Dose Accountability form: From and To required (dates on the user's clock), To not before From. */
export const doseAccountabilityFormSchema = z
  .object({
    from: isoDate,
    to: isoDate,
    studyId: z.number().int().nullable(),
    siteId: z.number().int().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: messages.notBeforeFrom });
    }
  });
export type DoseAccountabilityForm = z.infer<typeof doseAccountabilityFormSchema>;

export const emptyDoseAccountabilityForm: DoseAccountabilityForm = {
  from: '',
  to: '',
  studyId: null,
  siteId: null,
};

/** The query of GET /reports/dose-accountability and of its /doses. */
export interface DoseAccountabilityRequest {
  from: string;
  to: string;
  studyId?: number;
  siteId?: number;
}

/**
 * The report's window: the doses calibrated from the start of the From day to the start of the
 * day after To, on the user's clock (`zone`), as instants.
 */
export function doseAccountabilityRequest(
  form: DoseAccountabilityForm,
  zone: string,
): DoseAccountabilityRequest {
  const day = (iso: string) => DateTime.fromISO(iso, { zone }).startOf('day');
  return {
    from: day(form.from).toUTC().toISO() ?? '',
    to: day(form.to).plus({ days: 1 }).toUTC().toISO() ?? '',
    ...(form.studyId === null ? {} : { studyId: form.studyId }),
    ...(form.siteId === null ? {} : { siteId: form.siteId }),
  };
}

/** A row of the summary: a study at a clinical site, or the Total row (`isTotal`). */
export interface DoseSummaryRow extends DoseCounts {
  id: string;
  study: string;
  site: string;
  isTotal: boolean;
}

/** What the Total row's Study cell says. */
export const TOTAL = 'Total';

/** The summary's rows: one per study and clinical site as the server sent them, then the Total row. */
export function summaryRows(result: DoseAccountability | undefined): DoseSummaryRow[] {
  if (!result || result.items.length === 0) return [];
  const { items, asOf: _asOf, ...totals } = result;
  return [
    ...items.map(({ study, site, ...counts }) => ({
      ...counts,
      id: `${study.id}-${site.id}`,
      study: study.name,
      site: site.name,
      isTotal: false,
    })),
    { ...totals, id: 'total', study: TOTAL, site: '', isTotal: true },
  ];
}

/** The reasons of the doses not given in the result, in the contract's order. */
export function reasonsThatOccurred(result: DoseCounts | undefined): NotAdministeredReason[] {
  return result ? notAdministeredReasons.filter((r) => result.notAdministeredByReason[r] > 0) : [];
}

/**
 * Twelve columns and a reason or two fit beside the menu at 1280 px (about 990 px for the table):
 * counts at least 56 px wide, right-aligned, their headers wrapping; the names wrap too.
 */
const COUNT_WIDTH = 56;
const NAME_WIDTH = 72;

const countColumn = (field: keyof DoseCounts & string, header: string): DataTableColumn<DoseSummaryRow> => ({
  field,
  header,
  value: (r) => r[field],
  align: 'right',
  size: COUNT_WIDTH,
});

/**
 * The summary's columns: Study, Clinical Site, the counts along the journey and by outcome, with a
 * count per reason that occurred right after Not administered (headed by the reason on screen,
 * 'Not administered: <reason>' in files: a number per column reads and sums in a spreadsheet; the
 * reasons nobody gave stay out, so the table fits).
 */
export function summaryColumns(result: DoseCounts | undefined): DataTableColumn<DoseSummaryRow>[] {
  return [
    { field: 'study', header: 'Study', value: (r) => r.study, size: NAME_WIDTH },
    { field: 'site', header: 'Clinical Site', value: (r) => r.site, size: NAME_WIDTH },
    countColumn('ordered', 'Ordered'),
    countColumn('rejected', 'Rejected'),
    countColumn('canceled', 'Canceled'),
    countColumn('shipped', 'Shipped'),
    countColumn('delivered', 'Delivered'),
    countColumn('administered', 'Administered'),
    countColumn('notAdministered', 'Not administered'),
    ...reasonsThatOccurred(result).map((reason): DataTableColumn<DoseSummaryRow> => {
      const header = `Not administered: ${notAdministeredReasonLabels[reason]}`;
      const value = (r: DoseSummaryRow) => r.notAdministeredByReason[reason];
      return {
        field: `reason_${reason}`,
        // Beside Not administered, the reason alone fits; files say whose reason it is.
        header: notAdministeredReasonLabels[reason],
        value,
        exportAs: [{ header, value }],
        align: 'right',
        size: COUNT_WIDTH,
      };
    }),
    countColumn('receiptDeviations', 'Receipt deviations'),
    countColumn('expired', 'Expired unused'),
    countColumn('awaiting', 'Awaiting outcome'),
  ];
}

/** When the outcomes were judged (an expiry passes with time), on the user's clock with its zone. */
export const asOfText = (asOf: string, zone: string): string => `As of ${formatInstant(asOf, zone)}`;

/** The report's parameters, written above the tables in the PDF and the print. */
export function doseAccountabilityLines(
  form: DoseAccountabilityForm,
  names: { study?: string; site?: string },
  asOf?: string,
  zone = 'UTC',
): string[] {
  return [
    `From: ${formatCell('date', form.from)}`,
    `To: ${formatCell('date', form.to)}`,
    `Study: ${names.study ?? 'All'}`,
    `Site: ${names.site ?? 'All'}`,
    ...(asOf ? [asOfText(asOf, zone)] : []),
  ];
}
