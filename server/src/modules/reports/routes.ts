import {
  doseAccountabilityQuerySchema,
  doseAccountabilitySchema,
  doseRecordsSchema,
  errorBodySchema,
  limits,
  ordersCountQuerySchema,
  ordersCountSchema,
  ordersReportOptionsSchema,
  STAFF_ADMIN,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../kernel/http/context.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { doseAccountability, doseRecords } from './dose-accountability.ts';
import { doseAccountabilityOptions, ordersReportOptions } from './options.ts';
import { ordersCount } from './service.ts';

/**
 * `GET /reports/orders-count` and its form's choices `GET /reports/orders-count/options`
 * (staff/admin with reports.read; company scope in the services), and the dose accountability
 * report, its per-dose records and its choices (orderStatus.read, every role in its company
 * scope; decision 060).
 */
export function reportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { permissions: ['reports.read' as const], roles: STAFF_ADMIN };
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
  r.get(
    '/reports/orders-count/options',
    {
      config: { access },
      schema: { tags: ['reports'], response: { 200: ordersReportOptionsSchema, ...errors } },
    },
    (request) => ordersReportOptions(serviceContext(request, deps)),
  );
  r.get(
    '/reports/orders-count',
    {
      config: { access },
      schema: {
        tags: ['reports'],
        querystring: ordersCountQuerySchema,
        response: {
          200: ordersCountSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    (request) => ordersCount(serviceContext(request, deps), request.query),
  );

  // Whoever reads the Order status screen, each role in its company scope (decision 060).
  const doses = { permissions: ['orderStatus.read' as const] };
  r.get(
    '/reports/dose-accountability/options',
    {
      config: { access: doses },
      schema: {
        tags: ['reports'],
        summary: "Dose accountability report: the form's choices",
        description:
          'The studies, clinical sites and CMOs to choose from and which study runs at which site: everything for staff and admin, the pairings it takes part in for a company role.',
        response: { 200: ordersReportOptionsSchema, ...errors },
      },
    },
    (request) => doseAccountabilityOptions(serviceContext(request, deps)),
  );
  r.get(
    '/reports/dose-accountability',
    {
      config: { access: doses },
      schema: {
        tags: ['reports'],
        summary: 'Dose accountability report',
        description:
          "The doses (orders) whose calibration is in [from, to), of a study and a clinical site if given, in the role's company scope, counted per study and site and in total: ordered; the outcomes administered, notAdministered (and by reason), expired (shipped, expiry passed at asOf, no administration record), rejected, canceled and awaiting, which add up to ordered; and the steps shipped, delivered and receiptDeviations.",
        querystring: doseAccountabilityQuerySchema,
        response: { 200: doseAccountabilitySchema, ...errors },
      },
    },
    (request) => doseAccountability(serviceContext(request, deps), request.query),
  );
  r.get(
    '/reports/dose-accountability/doses',
    {
      config: { access: doses },
      schema: {
        tags: ['reports'],
        summary: 'Dose accountability report: the doses, one record each (imaging core lab)',
        description: `The same doses as the report, by calibration then order number, each with its outcome, lot, expiry, injection (UTC and the imaging center's clock) and administered activity in MBq and mCi, or why it was not given; at most ${limits.doseRecordsMax} (truncated: true when more matched).`,
        querystring: doseAccountabilityQuerySchema,
        response: { 200: doseRecordsSchema, ...errors },
      },
    },
    (request) => doseRecords(serviceContext(request, deps), request.query),
  );
}
