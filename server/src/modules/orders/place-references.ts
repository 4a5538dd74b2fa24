import type { Role } from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  companies,
  drugs,
  exams,
  studies,
  studyDistributionEntries,
  studyPairings,
  timepoints,
} from '../../db/schema.ts';
import { isStorableId } from '../companies/queries.ts';
import { distributionMatch, uniqueAddresses } from './notify.ts';
import { type ResolvedPairing, roleImagingCenter, siteLinkedSql } from './pairing.ts';

type Named = { name: string; active: boolean };

/** What placing an order reads before its transaction; a part is undefined when its record is missing. */
export interface PlacementReferences {
  study?: Named;
  timepoint?: string;
  site?: { name: string };
  center?: { name: string; timezone: string };
  exam?: Named;
  pairing?: ResolvedPairing;
  /** The imaging center is linked to the site. */
  linked: boolean;
  /** For an imaging-center role: the site is linked to that center. */
  siteLinkedToRoleCenter: boolean;
  /** The distribution list's addresses for this order, each once. */
  recipients: string[];
}

interface Row {
  study: Named | null;
  timepoint: string | null;
  site: { name: string } | null;
  center: { name: string; timezone: string } | null;
  exam: Named | null;
  pairing: ResolvedPairing | null;
  linked: boolean;
  linked_to_role_center: boolean;
  recipients: string[] | string;
}

/** Drivers hand json columns back parsed (pg) or as text; arrays likewise. */
const parsed = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * Every record a placement refers to, the study's pairing for (exam, site), the site's links
 * and the order's mail recipients, in one round trip: the references are checked before the
 * transaction, so this is the one read a placement makes besides the session and the
 * availabilities.
 */
export async function placementReferences(
  db: Executor,
  input: { studyId: number; timePointId: number; siteId: number; imagingCenterId: number; examId: number },
  role: Role,
): Promise<PlacementReferences> {
  // Ids past the integer range name no record and must not reach SQL.
  const id = (v: number) => (isStorableId(v) ? v : null);
  const [studyId, timepointId, siteId, centerId, examId] = [
    id(input.studyId),
    id(input.timePointId),
    id(input.siteId),
    id(input.imagingCenterId),
    id(input.examId),
  ];
  const e = studyDistributionEntries;
  const result = await db.execute(sql`
    select
      (select json_build_object('name', ${studies.name}, 'active', ${studies.active})
         from ${studies} where ${studies.id} = ${studyId}::integer) as study,
      (select ${timepoints.name} from ${timepoints} where ${timepoints.id} = ${timepointId}::integer) as timepoint,
      (select json_build_object('name', ${companies.name}) from ${companies}
         where ${companies.id} = ${siteId}::integer and ${companies.type} = 'clinical_site') as site,
      (select json_build_object('name', ${companies.name}, 'timezone', ${companies.timezone}) from ${companies}
         where ${companies.id} = ${centerId}::integer and ${companies.type} = 'imaging_center') as center,
      (select json_build_object('name', ${exams.name}, 'active', ${exams.active})
         from ${exams} where ${exams.id} = ${examId}::integer) as exam,
      case when p.cmo_id is null then null else json_build_object(
        'drugId', p.drug_id, 'drugName', p.drug_name,
        'cmoId', p.cmo_id, 'cmoName', p.cmo_name, 'cmoTimezone', p.cmo_timezone) end as pairing,
      ${siteLinkedSql(siteId, centerId)} as linked,
      ${siteLinkedSql(siteId, roleImagingCenter(role))} as linked_to_role_center,
      (select coalesce(json_agg(${e.email}), '[]'::json) from ${e}
         where ${distributionMatch({ studyId, cmoId: sql`p.cmo_id`, siteId, imagingCenterId: centerId })}
      ) as recipients
    from (select 1) as one
    left join lateral (
      select d.id as drug_id, d.name as drug_name, c.id as cmo_id, c.name as cmo_name, c.timezone as cmo_timezone
      from ${studyPairings} sp
      join ${exams} pe on pe.id = sp.exam_id
      join ${drugs} d on d.id = pe.drug_id
      join ${companies} c on c.id = sp.cmo_id
      where sp.study_id = ${studyId}::integer and sp.exam_id = ${examId}::integer and sp.site_id = ${siteId}::integer
    ) as p on true`);
  const row = (result as unknown as { rows: Row[] }).rows[0]!;
  return {
    study: parsed<Named | null>(row.study) ?? undefined,
    timepoint: row.timepoint ?? undefined,
    site: parsed<{ name: string } | null>(row.site) ?? undefined,
    center: parsed<{ name: string; timezone: string } | null>(row.center) ?? undefined,
    exam: parsed<Named | null>(row.exam) ?? undefined,
    pairing: parsed<ResolvedPairing | null>(row.pairing) ?? undefined,
    linked: row.linked === true,
    siteLinkedToRoleCenter: row.linked_to_role_center === true,
    recipients: uniqueAddresses(parsed<string[] | null>(row.recipients) ?? []),
  };
}
