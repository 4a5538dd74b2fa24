import { type OrderStatus, type OrdersCount, orderStatuses } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyReportForm,
  limitedChoices,
  ordersReportFormSchema,
  printLines,
  reportColumns,
  reportRequest,
} from './orders-report-model.ts';

const form = { ...emptyReportForm, from: '2026-03-01', to: '2026-03-31' };

describe('the report form', () => {
  it('[RPT-002] needs From and To, and To not before From', () => {
    const issues = (v: typeof form) =>
      ordersReportFormSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues(form)).toEqual([]);
    expect(issues({ ...form, to: '2026-03-01' })).toEqual([]);
    expect(issues({ ...form, to: '2026-02-28' })).toEqual([['to', 'Must not be before the from date']]);
    expect(issues(emptyReportForm).map(([p]) => p)).toEqual(['from', 'to']);
  });
});

describe('reportRequest', () => {
  it('runs from the start of From to the start of the day after To in the user’s zone', () => {
    expect(reportRequest(form, 'America/New_York')).toEqual({
      from: '2026-03-01T05:00:00.000Z',
      // 8 March moved New York to daylight time.
      to: '2026-04-01T04:00:00.000Z',
      tz: 'America/New_York',
    });
  });

  it('sends the chosen study, site and grouping only', () => {
    expect(reportRequest({ ...form, studyId: 3, siteId: 7, grouping: 'quarter' }, 'UTC')).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-04-01T00:00:00.000Z',
      tz: 'UTC',
      studyId: 3,
      siteId: 7,
      grouping: 'quarter',
    });
  });
});

describe('limitedChoices', () => {
  const options = {
    studies: [
      { id: 1, name: 'A' },
      { id: 2, name: 'B' },
    ],
    sites: [
      { id: 10, name: 'X' },
      { id: 20, name: 'Y' },
    ],
    cmos: [],
    studySites: [
      { studyId: 1, siteId: 10 },
      { studyId: 1, siteId: 20 },
      { studyId: 2, siteId: 20 },
    ],
  };
  it('[RPT-006] limits the sites to the study’s and the studies to the site’s', () => {
    expect(limitedChoices(options, null, null)).toEqual({ studies: options.studies, sites: options.sites });
    expect(limitedChoices(options, 2, null).sites.map((s) => s.name)).toEqual(['Y']);
    expect(limitedChoices(options, null, 10).studies.map((s) => s.name)).toEqual(['A']);
    expect(limitedChoices(undefined, null, null)).toEqual({ studies: [], sites: [] });
  });
});

describe('reportColumns', () => {
  const statuses = [
    { id: 'pending', name: 'Pending' },
    { id: 'accepted', name: 'Accepted' },
  ];
  // Every status counted, none but pending and accepted with orders (a new status adds a zero).
  const noOrders = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<OrderStatus, number>;
  const result = { items: [], ...noOrders, pending: 4, accepted: 2, total: 6 } satisfies OrdersCount;
  it('has a count column per status and Total; headers carry the totals only when grouped', () => {
    expect(reportColumns(statuses, undefined, result).map((c) => c.header)).toEqual([
      '# of Pending',
      '# of Accepted',
      'Total',
    ]);
    expect(reportColumns(statuses, 'month', result).map((c) => c.header)).toEqual([
      'Month',
      '# of Pending (4)',
      '# of Accepted (2)',
      'Total (6)',
    ]);
  });

  it('puts the group first, then the CMO the counts are of, when a CMO column is asked for', () => {
    const columns = reportColumns(statuses, 'quarter', result, 'Isotope Labs Boston');
    expect(columns.map((c) => c.header)).toEqual([
      'Quarter',
      'CMO',
      '# of Pending (4)',
      '# of Accepted (2)',
      'Total (6)',
    ]);
    expect(columns[1]?.value?.(result as never)).toBe('Isotope Labs Boston');
  });
});

describe('printLines', () => {
  it('names the window, every filter (All when unset) and the grouping', () => {
    const lines = printLines({ ...form, grouping: 'year' }, { study: 'ONCO-2026-01' });
    expect(lines[0]).toMatch(/^From: .*2026/);
    expect(lines.slice(2)).toEqual(['Study: ONCO-2026-01', 'Site: All', 'CMO: All', 'Grouped by: Year']);
    const forCmo = printLines({ ...form, cmoId: 3 }, { cmo: 'Isotope Labs Boston' });
    expect(forCmo).toContain('CMO: Isotope Labs Boston');
  });
});
