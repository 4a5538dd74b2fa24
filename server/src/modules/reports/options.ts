import type { OrdersReportOptions } from '@dosechain/contract';
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { actingRole, type CompanyScope, companyScope } from '../../kernel/auth/scope.ts';
import { companies, siteImagingCenters, studies, studyPairings } from '../../kernel/db/schema.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';

/**
 * The Orders Report's study, site and CMO choices: every study, clinical site and CMO (inactive
 * ones too: the report counts past orders), and the distinct study–site pairs of the pairings.
 * A clinical-site role sees only its own site, a CMO role only itself.
 */
export async function ordersReportOptions(ctx: ServiceContext): Promise<OrdersReportOptions> {
  const scope = companyScope(actingRole(ctx.actor));
  const ownSite = scope?.type === 'clinical_site' ? scope.companyId : undefined;
  const ownCmo = scope?.type === 'cmo' ? scope.companyId : undefined;
  const companiesOf = (type: 'clinical_site' | 'cmo') =>
    ctx.db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.type, type))
      .orderBy(asc(companies.name));
  const [studyRows, siteRows, cmoRows, pairs] = await Promise.all([
    ctx.db.select({ id: studies.id, name: studies.name }).from(studies).orderBy(asc(studies.name)),
    companiesOf('clinical_site'),
    companiesOf('cmo'),
    ctx.db
      .selectDistinct({ studyId: studyPairings.studyId, siteId: studyPairings.siteId })
      .from(studyPairings)
      .orderBy(asc(studyPairings.studyId), asc(studyPairings.siteId)),
  ]);
  return {
    studies: studyRows,
    sites: ownSite === undefined ? siteRows : siteRows.filter((s) => s.id === ownSite),
    cmos: ownCmo === undefined ? cmoRows : cmoRows.filter((c) => c.id === ownCmo),
    studySites: ownSite === undefined ? pairs : pairs.filter((p) => p.siteId === ownSite),
  };
}

/**
 * The pairings a company takes part in: a CMO's (it makes their doses), a clinical site's, and an
 * imaging center's through the sites it is linked to.
 */
function pairingsOf(ctx: ServiceContext, scope: CompanyScope): SQL {
  switch (scope.type) {
    case 'cmo':
      return eq(studyPairings.cmoId, scope.companyId);
    case 'clinical_site':
      return eq(studyPairings.siteId, scope.companyId);
    case 'imaging_center':
      return inArray(
        studyPairings.siteId,
        ctx.db
          .select({ siteId: siteImagingCenters.siteId })
          .from(siteImagingCenters)
          .where(eq(siteImagingCenters.imagingCenterId, scope.companyId)),
      );
  }
}

/**
 * The dose accountability report's study, site and CMO choices (decision 060), in the shape of
 * the Orders Report's: staff and admin get the same as there (everything); a company role only
 * the studies, clinical sites, CMOs and study–site pairs of the pairings it takes part in.
 */
export async function doseAccountabilityOptions(ctx: ServiceContext): Promise<OrdersReportOptions> {
  const scope = companyScope(actingRole(ctx.actor));
  if (!scope) return ordersReportOptions(ctx);
  const pairs = await ctx.db
    .selectDistinct({
      studyId: studyPairings.studyId,
      siteId: studyPairings.siteId,
      cmoId: studyPairings.cmoId,
    })
    .from(studyPairings)
    .where(pairingsOf(ctx, scope));
  const ids = (key: 'studyId' | 'siteId' | 'cmoId') => [...new Set(pairs.map((p) => p[key]))];
  const named = async (table: typeof studies | typeof companies, of: number[]) =>
    of.length === 0
      ? []
      : ctx.db
          .select({ id: table.id, name: table.name })
          .from(table)
          .where(inArray(table.id, of))
          .orderBy(asc(table.name));
  const [studyRows, siteRows, cmoRows] = await Promise.all([
    named(studies, ids('studyId')),
    named(companies, ids('siteId')),
    named(companies, ids('cmoId')),
  ]);
  const studySites = [...new Map(pairs.map((p) => [`${p.studyId}-${p.siteId}`, p])).values()]
    .map(({ studyId, siteId }) => ({ studyId, siteId }))
    .sort((x, y) => x.studyId - y.studyId || x.siteId - y.siteId);
  return { studies: studyRows, sites: siteRows, cmos: cmoRows, studySites };
}
