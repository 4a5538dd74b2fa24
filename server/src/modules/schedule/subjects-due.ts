import {
  limits,
  type SubjectDue,
  type SubjectsDue,
  scheduleWindow,
  type subjectsDueQuerySchema,
} from '@dosechain/contract';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { actingRole, companyScope } from '../../kernel/auth/scope.ts';
import { companies, orders, timepoints } from '../../kernel/db/schema.ts';
import { forbidden } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { foundOr404 } from '../shared/index.ts';
import { findStudy } from '../studies/index.ts';
import { loadSchedule } from './study-schedule.ts';
import { dateIn, liveTimepoints, subjectAnchors } from './subject-anchor.ts';

type DueQuery = z.output<typeof subjectsDueQuerySchema>;

/** The anchor orders a role sees: a site its own, an imaging center those it gave; staff and admin all. */
function scopeOf(ctx: ServiceContext): SQL | undefined {
  const scope = companyScope(actingRole(ctx.actor));
  if (!scope) return undefined;
  switch (scope.type) {
    case 'clinical_site':
      return eq(orders.siteId, scope.companyId);
    case 'imaging_center':
      return eq(orders.imagingCenterId, scope.companyId);
    case 'cmo':
      throw forbidden();
  }
}

/** The names of the sites and timepoints the list shows. */
async function namesOf(ctx: ServiceContext, siteIds: number[], timepointIds: number[]) {
  const [sites, tps] = await Promise.all([
    siteIds.length
      ? ctx.db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(inArray(companies.id, [...new Set(siteIds)]))
      : [],
    timepointIds.length
      ? ctx.db
          .select({ id: timepoints.id, name: timepoints.name })
          .from(timepoints)
          .where(inArray(timepoints.id, timepointIds))
      : [],
  ]);
  return {
    sites: new Map(sites.map((r) => [r.id, r.name])),
    timepoints: new Map(tps.map((r) => [r.id, r.name])),
  };
}

/**
 * GET /subjects/due (issue 36): for each subject with an anchor, each scheduled timepoint without
 * a live order whose window opens within `limits.subjectsDueLookaheadDays` days or has opened;
 * overdue once its latest date has passed. "Today" is the date in the anchor order's imaging
 * center's zone. Soonest window first.
 */
export async function subjectsDue(ctx: ServiceContext, query: DueQuery): Promise<SubjectsDue> {
  const scope = scopeOf(ctx);
  foundOr404('studies', await findStudy(ctx.db, query.studyId));
  const schedule = await loadSchedule(ctx.db, query.studyId);
  if (schedule.anchorTimePointId === null) return { items: [] };
  const anchors = await subjectAnchors(
    ctx.db,
    query.studyId,
    schedule.anchorTimePointId,
    and(scope, query.siteId === undefined ? undefined : eq(orders.siteId, query.siteId)),
  );
  const ordered = await liveTimepoints(ctx.db, query.studyId, [...new Set(anchors.map((a) => a.siteId))]);
  const names = await namesOf(
    ctx,
    anchors.map((a) => a.siteId),
    schedule.entries.map((e) => e.timePointId),
  );
  const now = ctx.clock.now();
  const items: SubjectDue[] = [];
  for (const anchor of anchors) {
    const today = dateIn(now, anchor.timezone);
    const horizon = DateTime.fromISO(today, { zone: 'utc' })
      .plus({ days: limits.subjectsDueLookaheadDays })
      .toISODate() as string;
    for (const entry of schedule.entries) {
      if (ordered.has(`${anchor.siteId}/${anchor.subjectId}/${entry.timePointId}`)) continue;
      const window = scheduleWindow(anchor.anchorDate, entry);
      if (window.earliestDate > horizon) continue;
      items.push({
        subjectId: anchor.subjectId,
        siteId: anchor.siteId,
        siteName: names.sites.get(anchor.siteId) ?? '',
        examId: anchor.examId,
        imagingCenterId: anchor.imagingCenterId,
        timePointId: entry.timePointId,
        timePointName: names.timepoints.get(entry.timePointId) ?? '',
        ...window,
        state: window.latestDate < today ? 'overdue' : 'due',
      });
    }
  }
  items.sort(
    (a, b) =>
      a.earliestDate.localeCompare(b.earliestDate) ||
      a.subjectId.localeCompare(b.subjectId) ||
      a.timePointId - b.timePointId,
  );
  return { items };
}
