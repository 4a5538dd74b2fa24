import { type DoseAccountability, type DoseCounts, notAdministeredReasons } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { toExportTable } from '../../components/data-table/export/export-data.ts';
import {
  asOfText,
  doseAccountabilityFormSchema,
  doseAccountabilityLines,
  doseAccountabilityRequest,
  emptyDoseAccountabilityForm,
  reasonsThatOccurred,
  summaryColumns,
  summaryRows,
  TOTAL,
} from './dose-accountability-model.ts';

const form = { ...emptyDoseAccountabilityForm, from: '2026-03-01', to: '2026-03-31' };

const noReasons = Object.fromEntries(
  notAdministeredReasons.map((r) => [r, 0]),
) as DoseCounts['notAdministeredByReason'];
const counts = (c: Partial<DoseCounts>): DoseCounts => ({
  ordered: 0,
  rejected: 0,
  canceled: 0,
  shipped: 0,
  delivered: 0,
  administered: 0,
  notAdministered: 0,
  receiptDeviations: 0,
  expired: 0,
  awaiting: 0,
  ...c,
  notAdministeredByReason: { ...noReasons, ...c.notAdministeredByReason },
});

const result: DoseAccountability = {
  ...counts({
    ordered: 7,
    rejected: 1,
    shipped: 5,
    delivered: 4,
    administered: 2,
    notAdministered: 2,
    expired: 1,
    awaiting: 1,
    receiptDeviations: 1,
    notAdministeredByReason: { ...noReasons, did_not_attend: 1, other: 1 },
  }),
  items: [
    {
      ...counts({ ordered: 4, shipped: 3, delivered: 3, administered: 2, notAdministered: 1, awaiting: 1 }),
      notAdministeredByReason: { ...noReasons, did_not_attend: 1 },
      study: { id: 1, name: 'ONCO-2026-01' },
      site: { id: 10, name: 'Boston General' },
    },
    {
      ...counts({ ordered: 3, rejected: 1, shipped: 2, delivered: 1, notAdministered: 1, expired: 1 }),
      notAdministeredByReason: { ...noReasons, other: 1 },
      study: { id: 1, name: 'ONCO-2026-01' },
      site: { id: 20, name: 'Chicago Memorial' },
    },
  ],
  asOf: '2026-11-28T15:04:00.000Z',
};

describe('the dose accountability form', () => {
  it('needs From and To, and To not before From', () => {
    const issues = (v: typeof form) =>
      doseAccountabilityFormSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues(form)).toEqual([]);
    expect(issues({ ...form, to: '2026-02-28' })).toEqual([['to', 'Must not be before the from date']]);
    expect(issues(emptyDoseAccountabilityForm).map(([p]) => p)).toEqual(['from', 'to']);
  });
});

describe('doseAccountabilityRequest', () => {
  it('runs from the start of From to the start of the day after To on the user’s clock, no zone sent', () => {
    expect(doseAccountabilityRequest(form, 'America/New_York')).toEqual({
      from: '2026-03-01T05:00:00.000Z',
      // 8 March moved New York to daylight time.
      to: '2026-04-01T04:00:00.000Z',
    });
  });

  it('sends the chosen study and site only', () => {
    expect(doseAccountabilityRequest({ ...form, studyId: 3, siteId: 7 }, 'UTC')).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-04-01T00:00:00.000Z',
      studyId: 3,
      siteId: 7,
    });
  });
});

describe('summaryRows', () => {
  it('has a row per study and site, named, then the Total row of the top-level counts', () => {
    const rows = summaryRows(result);
    expect(rows.map((r) => [r.study, r.site, r.ordered, r.isTotal])).toEqual([
      ['ONCO-2026-01', 'Boston General', 4, false],
      ['ONCO-2026-01', 'Chicago Memorial', 3, false],
      [TOTAL, '', 7, true],
    ]);
    expect(rows[2]?.notAdministeredByReason.did_not_attend).toBe(1);
    expect(new Set(rows.map((r) => r.id)).size).toBe(3);
  });

  it('has no rows, not even a Total, when no dose is in the range', () => {
    expect(summaryRows({ ...counts({}), items: [], asOf: result.asOf })).toEqual([]);
    expect(summaryRows(undefined)).toEqual([]);
  });
});

describe('summaryColumns', () => {
  it('has the counts in the journey’s order, a column per reason that occurred after Not administered', () => {
    expect(summaryColumns(result).map((c) => c.header)).toEqual([
      'Study',
      'Clinical Site',
      'Ordered',
      'Rejected',
      'Canceled',
      'Shipped',
      'Delivered',
      'Administered',
      'Not administered',
      'Subject did not attend',
      'Other',
      'Receipt deviations',
      'Expired unused',
      'Awaiting outcome',
    ]);
    // Files name whose reason it is.
    expect(toExportTable(summaryColumns(result), summaryRows(result)).headers.slice(9, 11)).toEqual([
      'Not administered: Subject did not attend',
      'Not administered: Other',
    ]);
    expect(reasonsThatOccurred(counts({}))).toEqual([]);
    expect(summaryColumns(undefined)).toHaveLength(12);
  });

  it('right-aligns every count and reads each row’s own figures', () => {
    const columns = summaryColumns(result);
    const rows = summaryRows(result);
    expect(columns.slice(2).every((c) => c.align === 'right')).toBe(true);
    const values = (i: number) => columns.map((c) => c.value(rows[i] as never));
    expect(values(0)).toEqual(['ONCO-2026-01', 'Boston General', 4, 0, 0, 3, 3, 2, 1, 1, 0, 0, 0, 1]);
    expect(values(2)).toEqual([TOTAL, '', 7, 1, 0, 5, 4, 2, 2, 1, 1, 1, 1, 1]);
  });
});

describe('the as-of time and the print lines', () => {
  it('names the as-of instant with its zone', () => {
    expect(asOfText(result.asOf, 'America/New_York')).toMatch(/^As of Nov 28, 2026, 10:04.* EST$/);
  });

  it('names the window, the filters (All when unset) and the as-of time', () => {
    const lines = doseAccountabilityLines(form, { study: 'ONCO-2026-01' }, result.asOf, 'UTC');
    expect(lines[0]).toMatch(/^From: Mar 1, 2026/);
    expect(lines.slice(2)).toEqual([
      'Study: ONCO-2026-01',
      'Site: All',
      expect.stringMatching(/^As of .*UTC$/),
    ]);
  });
});
