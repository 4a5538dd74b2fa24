import { z } from 'zod';
import { namedRefSchema, timezoneField } from './fields.ts';
import { messages } from './messages.ts';
import { orderStatuses } from './order-status-table.ts';
import { instantField } from './text.ts';

/** How the Orders Report groups its rows; none (omitted) gives one row. */
export const reportGroupings = ['month', 'quarter', 'year'] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

export const reportGroupingLabels: Record<ReportGrouping | 'none', string> = {
  none: 'No Grouping',
  month: 'Group by Month',
  quarter: 'Group by Quarter',
  year: 'Group by Year',
};

const instant = instantField();
const optionalId = z.coerce.number().int().positive().optional();

/**
 * GET /reports/orders-count: orders created in [from, to) (instants), grouped in the time zone
 * `tz` (IANA, default UTC).
 */
export const ordersCountQuerySchema = z
  .object({
    from: instant,
    to: instant,
    studyId: optionalId,
    siteId: optionalId,
    cmoId: optionalId,
    imagingCenterId: optionalId,
    grouping: z.enum(reportGroupings).optional(),
    tz: timezoneField.default('UTC'),
  })
  .superRefine((q, ctx) => {
    if (Date.parse(q.to) < Date.parse(q.from)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: messages.notBeforeFrom });
    }
  });
export type OrdersCountQuery = z.output<typeof ordersCountQuerySchema>;

const statusCounts = Object.fromEntries(orderStatuses.map((s) => [s, z.number().int()])) as Record<
  (typeof orderStatuses)[number],
  z.ZodNumber
>;
const countsSchema = z.object({ ...statusCounts, total: z.number().int() });
export type OrderStatusCounts = z.infer<typeof countsSchema>;

/** Spec section 3, Order report response. */
export const ordersCountSchema = countsSchema.extend({
  items: z.array(countsSchema.extend({ groupingKey: z.string().nullable() })),
});
export type OrdersCount = z.infer<typeof ordersCountSchema>;
export type OrdersCountItem = OrdersCount['items'][number];

/**
 * GET /reports/orders-count/options: the report form's study, clinical-site and CMO choices, and
 * which study runs at which site (from the study pairings), so each choice limits the other.
 */
export const ordersReportOptionsSchema = z.object({
  studies: z.array(namedRefSchema),
  sites: z.array(namedRefSchema),
  cmos: z.array(namedRefSchema),
  studySites: z.array(z.object({ studyId: z.number().int(), siteId: z.number().int() })),
});
export type OrdersReportOptions = z.infer<typeof ordersReportOptionsSchema>;
