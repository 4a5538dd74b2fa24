import {
  errorBodySchema,
  idParam,
  orderWindowQuerySchema,
  orderWindowSchema,
  studyScheduleBodySchema,
  studyScheduleSchema,
  subjectsDueAccess,
  subjectsDueQuerySchema,
  subjectsDueSchema,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../kernel/http/context.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { studyAccess, studyPartErrors } from '../shared/index.ts';
import { orderWindow } from './order-window.ts';
import { getSchedule, putSchedule } from './study-schedule.ts';
import { subjectsDue } from './subjects-due.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * A study's schedule (`/studies/{id}/schedule`, the study's configuration access), the window of
 * a subject's next order (`/orders/window`, who places orders) and the subjects due
 * (`/subjects/due`: sites, imaging centers, staff and admin; company scope in the service).
 */
export function scheduleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/studies/:id/schedule',
    {
      config: { access: studyAccess.read },
      schema: {
        tags: ['studies'],
        summary: "Read the study's schedule",
        description:
          "Each scheduled timepoint's nominal day from the anchor timepoint's and its window in days; no anchor and no entries until a schedule is set.",
        params: idParam,
        response: { 200: studyScheduleSchema, ...studyPartErrors },
      },
    },
    (request) => getSchedule(serviceContext(request, deps), request.params.id),
  );
  r.put(
    '/studies/:id/schedule',
    {
      config: { access: studyAccess.update },
      schema: {
        tags: ['studies'],
        summary: "Replace the study's schedule",
        description:
          'The whole schedule: each timepoint at most once, the anchor one of them at day 0 (none for an empty schedule). Signed, with a reason for change; one audit row on the study with the schedule before and after.',
        params: idParam,
        body: studyScheduleBodySchema,
        response: { 200: studyScheduleSchema, ...studyPartErrors },
      },
    },
    (request) => putSchedule(serviceContext(request, deps), request.params.id, request.body),
  );
  r.get(
    '/orders/window',
    {
      config: { access: { permissions: ['order.create'] } },
      schema: {
        tags: ['orders'],
        summary: "The window of a subject's order for a timepoint",
        description:
          "Calendar dates (YYYY-MM-DD) from the subject's anchor (its live order for the study's anchor timepoint, in that order's imaging center's zone) and the study's schedule; all null when the subject has no anchor or the timepoint is not scheduled.",
        querystring: orderWindowQuerySchema,
        response: { 200: orderWindowSchema, ...errors },
      },
    },
    (request) => orderWindow(serviceContext(request, deps), request.query),
  );
  r.get(
    '/subjects/due',
    {
      config: { access: subjectsDueAccess },
      schema: {
        tags: ['orders'],
        summary: 'The subjects due for an order',
        description:
          'Scheduled timepoints without a live order whose window opens within 7 days or has opened, for subjects with an anchor; overdue once the latest date has passed. A site sees its own subjects, an imaging center those it gave the anchor dose; staff and admin all.',
        querystring: subjectsDueQuerySchema,
        response: { 200: subjectsDueSchema, ...errors },
      },
    },
    (request) => subjectsDue(serviceContext(request, deps), request.query),
  );
}
