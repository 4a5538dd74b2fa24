import { type AuditEntityType, type CompanyType, companyTypeLabels } from '@dosechain/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuditWriter } from '../../kernel/audit/mutation.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { companies, siteImagingCenters } from '../../kernel/db/schema.ts';
import { validationFailed } from '../../kernel/http/app-error.ts';

/** How a kind sees the site ↔ imaging-center link: the body field, the answer field, the columns. */
const linkSides = {
  clinical_site: {
    field: 'imagingCenterIds',
    answer: 'imagingCenters',
    other: 'imaging_center',
    mine: siteImagingCenters.siteId,
    theirs: siteImagingCenters.imagingCenterId,
  },
  imaging_center: {
    field: 'clinicalSiteIds',
    answer: 'clinicalSites',
    other: 'clinical_site',
    mine: siteImagingCenters.imagingCenterId,
    theirs: siteImagingCenters.siteId,
  },
} as const;
type LinkedType = keyof typeof linkSides;

const auditEntity: Record<LinkedType, AuditEntityType> = {
  clinical_site: 'clinical-sites',
  imaging_center: 'imaging-centers',
};

export const hasLinks = (type: CompanyType): type is LinkedType => type in linkSides;

/** The field of a create/update body that carries the link set of this kind. */
export function linkIdsOf(
  type: CompanyType,
  body: { imagingCenterIds?: number[]; clinicalSiteIds?: number[] },
) {
  if (!hasLinks(type)) return undefined;
  return linkSides[type].field === 'imagingCenterIds' ? body.imagingCenterIds : body.clinicalSiteIds;
}

export type LinkedCompanies = {
  imagingCenters?: { id: number; name: string }[];
  clinicalSites?: { id: number; name: string }[];
};

/** The companies linked to one company, by name, for its answer. */
export async function loadLinks(db: Executor, type: CompanyType, id: number): Promise<LinkedCompanies> {
  if (!hasLinks(type)) return {};
  const side = linkSides[type];
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(siteImagingCenters)
    .innerJoin(companies, eq(companies.id, side.theirs))
    .where(eq(side.mine, id))
    .orderBy(asc(companies.name));
  return { [side.answer]: rows };
}

/**
 * Makes the link set of a company exactly `ids`: every id must be a company of the other kind
 * (400 on the field otherwise). Each link added or removed is audited on both companies.
 */
export async function replaceLinks(
  tx: Executor,
  type: LinkedType,
  id: number,
  ids: number[],
  audit: AuditWriter,
): Promise<boolean> {
  const side = linkSides[type];
  const wanted = [...new Set(ids)];
  const found = wanted.length
    ? await tx
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(and(inArray(companies.id, wanted), eq(companies.type, side.other)))
    : [];
  const missing = wanted.filter((w) => !found.some((f) => f.id === w));
  if (missing.length > 0) {
    throw validationFailed([
      {
        parameter: side.field,
        message: `No ${companyTypeLabels[side.other]} with id ${missing.join(', ')}`,
        code: 'not_found',
      },
    ]);
  }
  const current = await tx
    .select({ id: companies.id, name: companies.name })
    .from(siteImagingCenters)
    .innerJoin(companies, eq(companies.id, side.theirs))
    .where(eq(side.mine, id));
  const added = found.filter((f) => !current.some((c) => c.id === f.id));
  const removed = current.filter((c) => !wanted.includes(c.id));
  const pair = (otherId: number) =>
    type === 'clinical_site'
      ? { siteId: id, imagingCenterId: otherId }
      : { siteId: otherId, imagingCenterId: id };

  if (added.length > 0) await tx.insert(siteImagingCenters).values(added.map((a) => pair(a.id)));
  for (const r of removed) {
    const p = pair(r.id);
    await tx
      .delete(siteImagingCenters)
      .where(
        and(
          eq(siteImagingCenters.siteId, p.siteId),
          eq(siteImagingCenters.imagingCenterId, p.imagingCenterId),
        ),
      );
  }
  const [self] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
  const otherAnswer = linkSides[side.other].answer;
  for (const [eventType, list] of [
    ['added', added],
    ['removed', removed],
  ] as const) {
    for (const other of list) {
      const [before, after] = eventType === 'added' ? [null, other.name] : [other.name, null];
      await audit({
        entityType: auditEntity[type],
        entityId: id,
        eventType,
        changeset: { [side.answer]: [before, after] },
      });
      const [mirrorBefore, mirrorAfter] = eventType === 'added' ? [null, self?.name] : [self?.name, null];
      await audit({
        entityType: auditEntity[side.other],
        entityId: other.id,
        eventType,
        changeset: { [otherAnswer]: [mirrorBefore, mirrorAfter] },
      });
    }
  }
  return added.length + removed.length > 0;
}
