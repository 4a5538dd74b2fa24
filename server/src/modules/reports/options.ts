import type { OrdersReportOptions } from '@dosechain/contract';
import { asc, eq } from 'drizzle-orm';
import { actingRole, companyScope } from '../../kernel/auth/scope.ts';
import { companies, studies, studyPairings } from '../../kernel/db/schema.ts';
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
