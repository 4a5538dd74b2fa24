import type { Company, ListQuery, ListResponse } from '@dosechain/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { companies, studyPairings } from '../../kernel/db/schema.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import type { ListItem } from '../../kernel/http/list-query.ts';
import { companyList, toCompany } from '../companies/index.ts';
import { foundOr404, listTable } from '../shared/index.ts';
import { findStudy } from './service.ts';

/**
 * One page of the clinical sites a study is paired with (each once, however many pairings name
 * it), with the companies list's fields, search and sort: what an API key of the study may order
 * for. 404 'Study not found'.
 */
export async function listPairedSites(
  ctx: ServiceContext,
  studyId: number,
  query: ListQuery,
): Promise<ListResponse<ListItem<Company>>> {
  foundOr404('studies', await findStudy(ctx.db, studyId));
  const pairedSiteIds = ctx.db
    .selectDistinct({ id: studyPairings.siteId })
    .from(studyPairings)
    .where(eq(studyPairings.studyId, studyId));
  return listTable(
    ctx.db,
    companyList,
    query,
    companies,
    (rows) => rows.map(toCompany),
    and(eq(companies.type, 'clinical_site'), inArray(companies.id, pairedSiteIds)),
  );
}
