import type { PlaceOrderOptions, Role } from '@dosechain/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { actingRole, companyScope } from '../../kernel/auth/scope.ts';
import type { Executor } from '../../kernel/db/client.ts';
import {
  companies,
  exams,
  siteImagingCenters,
  studies,
  studyPairings,
  timepoints,
} from '../../kernel/db/schema.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';

const sites = alias(companies, 'site');

/** The pairings a role may order through: its own site, the sites linked to its center, or all. */
export function pairingScope(db: Executor, role: Role): SQL | undefined {
  const scope = companyScope(role);
  if (!scope) return undefined;
  switch (scope.type) {
    case 'clinical_site':
      return eq(studyPairings.siteId, scope.companyId);
    case 'imaging_center':
      return inArray(
        studyPairings.siteId,
        db
          .select({ siteId: siteImagingCenters.siteId })
          .from(siteImagingCenters)
          .where(eq(siteImagingCenters.imagingCenterId, scope.companyId)),
      );
    case 'cmo':
      return eq(studyPairings.cmoId, scope.companyId);
  }
}

/** What the Place order form offers the current role (GET /orders/options). */
export async function placeOrderOptions(ctx: ServiceContext): Promise<PlaceOrderOptions> {
  const [pairings, timepointRows] = await Promise.all([
    ctx.db
      .select({
        study: { id: studies.id, name: studies.name },
        exam: { id: exams.id, name: exams.name },
        site: { id: sites.id, name: sites.name },
      })
      .from(studyPairings)
      .innerJoin(studies, eq(studies.id, studyPairings.studyId))
      .innerJoin(exams, eq(exams.id, studyPairings.examId))
      .innerJoin(sites, eq(sites.id, studyPairings.siteId))
      .where(
        and(eq(studies.active, true), eq(exams.active, true), pairingScope(ctx.db, actingRole(ctx.actor))),
      )
      .orderBy(asc(studies.name), asc(sites.name), asc(exams.name)),
    ctx.db.select({ id: timepoints.id, name: timepoints.name }).from(timepoints).orderBy(asc(timepoints.id)),
  ]);
  const siteIds = [...new Set(pairings.map((p) => p.site.id))];
  const scope = companyScope(actingRole(ctx.actor));
  const links =
    siteIds.length === 0
      ? []
      : await ctx.db
          .select({
            siteId: siteImagingCenters.siteId,
            id: companies.id,
            name: companies.name,
            timezone: companies.timezone,
          })
          .from(siteImagingCenters)
          .innerJoin(companies, eq(companies.id, siteImagingCenters.imagingCenterId))
          .where(
            and(
              inArray(siteImagingCenters.siteId, siteIds),
              scope?.type === 'imaging_center' ? eq(companies.id, scope.companyId) : undefined,
            ),
          )
          .orderBy(asc(companies.name));
  const studyMap = new Map(pairings.map((p) => [p.study.id, p.study]));
  const siteMap = new Map(pairings.map((p) => [p.site.id, p.site]));
  return {
    studies: [...studyMap.values()],
    pairings: pairings.map((p) => ({ studyId: p.study.id, exam: p.exam, site: p.site })),
    sites: [...siteMap.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((site) => ({
        ...site,
        imagingCenters: links
          .filter((l) => l.siteId === site.id)
          .map(({ id, name, timezone }) => ({ id, name, timezone })),
      })),
    timepoints: timepointRows,
  };
}
