import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { CompanyScope } from '../../kernel/auth/scope.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { drugs, exams, siteImagingCenters, studyPairings } from '../../kernel/db/schema.ts';
import type { SqlInteger } from '../../kernel/db/sql-integer.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import type { Maker } from './capacity.ts';
import { cmos } from './queries.ts';

export interface ResolvedPairing extends Maker {
  drugName: string;
  /** The drug's maximum activity in MBq; null: none. */
  drugMaxActivityMbq: number | null;
  cmoName: string;
}

/** The study's pairing for (exam, site): which CMO makes which drug. */
export async function resolvePairing(
  db: Executor,
  ids: { studyId: number; examId: number; siteId: number },
): Promise<ResolvedPairing | undefined> {
  if (![ids.studyId, ids.examId, ids.siteId].every(isStorableId)) return undefined;
  const [row] = await db
    .select({
      drugId: drugs.id,
      drugName: drugs.name,
      drugMaxActivityMbq: drugs.maxActivityMbq,
      cmoId: cmos.id,
      cmoName: cmos.name,
      cmoTimezone: cmos.timezone,
    })
    .from(studyPairings)
    .innerJoin(exams, eq(exams.id, studyPairings.examId))
    .innerJoin(drugs, eq(drugs.id, exams.drugId))
    .innerJoin(cmos, eq(cmos.id, studyPairings.cmoId))
    .where(
      and(
        eq(studyPairings.studyId, ids.studyId),
        eq(studyPairings.examId, ids.examId),
        eq(studyPairings.siteId, ids.siteId),
      ),
    );
  return row;
}

/** `exists(…)`: the site is linked to the imaging center (false for a null id). */
export function siteLinkedSql(siteId: SqlInteger, imagingCenterId: SqlInteger): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${siteImagingCenters}
    where ${siteImagingCenters.siteId} = ${siteId}::integer
      and ${siteImagingCenters.imagingCenterId} = ${imagingCenterId}::integer)`;
}

export async function siteLinkedToCenter(db: Executor, siteId: number, imagingCenterId: number) {
  if (!isStorableId(siteId) || !isStorableId(imagingCenterId)) return false;
  const [row] = await db
    .select({ siteId: siteImagingCenters.siteId })
    .from(siteImagingCenters)
    .where(
      and(eq(siteImagingCenters.siteId, siteId), eq(siteImagingCenters.imagingCenterId, imagingCenterId)),
    );
  return row !== undefined;
}

/** What deciding whether a role may order for a site takes. */
export interface OrderTarget {
  siteId: number;
  /** The pairing's CMO, when there is one. */
  cmoId?: number;
  /** For an imaging-center role: whether the site is linked to that center. */
  siteLinkedToRoleCenter: boolean;
}

/**
 * Whether the role may order for this site: a clinical-site role for its own site, an
 * imaging-center role for the sites linked to it, a CMO role for what it makes (`cmoId`, the
 * pairing's CMO); staff and admin for all.
 */
export function orderScopeAllows(scope: CompanyScope | null, target: OrderTarget): boolean {
  if (!scope) return true;
  switch (scope.type) {
    case 'clinical_site':
      return target.siteId === scope.companyId;
    case 'imaging_center':
      return target.siteLinkedToRoleCenter;
    case 'cmo':
      return target.cmoId === scope.companyId;
  }
}

/** The imaging center an imaging-center scope orders from, else null. */
export function scopeImagingCenter(scope: CompanyScope | null): number | null {
  return scope?.type === 'imaging_center' ? scope.companyId : null;
}

/** `orderScopeAllows`, reading the site's link to the role's imaging center when it matters. */
export async function mayOrderFor(
  db: Executor,
  scope: CompanyScope | null,
  target: { siteId: number; cmoId?: number },
): Promise<boolean> {
  const center = scopeImagingCenter(scope);
  const siteLinkedToRoleCenter = center !== null && (await siteLinkedToCenter(db, target.siteId, center));
  return orderScopeAllows(scope, { ...target, siteLinkedToRoleCenter });
}
