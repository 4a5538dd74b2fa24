import {
  messages,
  type OrderWindow,
  type orderWindowQuerySchema,
  roleMayPlaceOrders,
  scheduleWindow,
} from '@dosechain/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { actingRole, companyScope } from '../../kernel/auth/scope.ts';
import { orders } from '../../kernel/db/schema.ts';
import { forbidden, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { mayOrderFor, siteLinkedToCenter } from '../availability/index.ts';
import { findCompany } from '../companies/index.ts';
import { foundOr404 } from '../shared/index.ts';
import { findStudy } from '../studies/index.ts';
import { loadSchedule } from './study-schedule.ts';
import { subjectAnchors } from './subject-anchor.ts';

type WindowQuery = z.output<typeof orderWindowQuerySchema>;

const noWindow: OrderWindow = { anchorDate: null, nominalDate: null, earliestDate: null, latestDate: null };

/**
 * The site and imaging center, checked as a placement checks them: out of the role's scope reads
 * as not found (a 400 on the field), and the center must be linked to the site.
 */
async function checkScope(ctx: ServiceContext, query: WindowQuery): Promise<void> {
  const role = actingRole(ctx.actor);
  const scope = companyScope(role);
  const [site, center] = await Promise.all([
    findCompany(ctx.db, 'clinical_site', query.siteId),
    findCompany(ctx.db, 'imaging_center', query.imagingCenterId),
  ]);
  const siteOk = site !== undefined && (await mayOrderFor(ctx.db, scope, { siteId: query.siteId }));
  const centerOk =
    center !== undefined && (scope?.type !== 'imaging_center' || query.imagingCenterId === scope.companyId);
  const problems = [
    !siteOk && { parameter: 'siteId', message: messages.notFound('Clinical Site') },
    !centerOk && { parameter: 'imagingCenterId', message: messages.notFound('Imaging Center') },
    siteOk &&
      centerOk &&
      !(await siteLinkedToCenter(ctx.db, query.siteId, query.imagingCenterId)) && {
        parameter: 'imagingCenterId',
        message: messages.imagingCenterNotLinked,
      },
  ].filter((p) => p !== false);
  if (problems.length > 0) throw validationFailed(problems);
}

/**
 * GET /orders/window (issue 36): the window of the subject's order for a timepoint, from its
 * anchor and the study's schedule; all null without an anchor or when the timepoint is not
 * scheduled. Who may place orders for the site and center may ask (a CMO never).
 */
export async function orderWindow(ctx: ServiceContext, query: WindowQuery): Promise<OrderWindow> {
  if (!roleMayPlaceOrders(actingRole(ctx.actor).type)) throw forbidden(messages.notOrderingRole);
  foundOr404('studies', await findStudy(ctx.db, query.studyId));
  await checkScope(ctx, query);
  const schedule = await loadSchedule(ctx.db, query.studyId);
  const entry = schedule.entries.find((e) => e.timePointId === query.timePointId);
  if (schedule.anchorTimePointId === null || !entry) return noWindow;
  const [anchor] = await subjectAnchors(
    ctx.db,
    query.studyId,
    schedule.anchorTimePointId,
    and(eq(orders.siteId, query.siteId), eq(orders.subjectId, query.subjectId)),
  );
  if (!anchor) return noWindow;
  return { anchorDate: anchor.anchorDate, ...scheduleWindow(anchor.anchorDate, entry) };
}
