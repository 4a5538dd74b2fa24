import type { OrderStatus } from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import type { CompanyScope } from '../../kernel/auth/scope.ts';
import { type Executor, fromJson, preparedPerDatabase } from '../../kernel/db/client.ts';
import {
  availabilityExceptions,
  companies,
  doseSlots,
  drugAvailabilities,
  drugs,
  exams,
  orders,
  studies,
  studyDistributionEntries,
  studyPairings,
  studyScheduleEntries,
  timepoints,
} from '../../kernel/db/schema.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import type { AvailabilityRow, ExceptionRow } from '../availability/index.ts';
import { type ResolvedPairing, scopeImagingCenter, siteLinkedSql } from '../availability/index.ts';
import { distributionMatch, uniqueAddresses } from '../order-records/index.ts';

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
  /**
   * The pairing's active availabilities valid on some day from the day before to the day after
   * the calibration time's UTC date, with their exceptions on those days: the CMO's manufacture
   * day for that time is among them.
   */
  availabilities: PlacementAvailability[];
  /**
   * The timepoint's entry in the study's schedule with the subject's anchor (its earliest live
   * order for the anchor timepoint other than the one replaced: the instant in ms and that
   * order's imaging center's zone; null without one); undefined when the timepoint is not scheduled.
   */
  schedule?: PlacementSchedule;
  /** The number of the subject's first live order for this timepoint other than the one replaced. */
  duplicateNumber?: number;
  /** The order named by `replacesOrderId`, when it exists. */
  replaced?: ReplacedOrder;
}

export interface PlacementSchedule {
  dayOffset: number;
  windowBeforeDays: number;
  windowAfterDays: number;
  anchor: { atMs: number; timezone: string } | null;
}

/** What checking an order named by `replacesOrderId` needs of it. */
export interface ReplacedOrder {
  number: number;
  studyId: number;
  siteId: number;
  cmoId: number;
  imagingCenterId: number;
  subjectId: string;
  timepointId: number;
  status: OrderStatus;
  /** Its manufacture day became a day with no manufacture (its dose slot is closed). */
  closed: boolean;
}

/** What choosing an availability for the calibration time needs of it. */
export type PlacementAvailability = Pick<
  AvailabilityRow,
  | 'id'
  | 'validFrom'
  | 'validUntil'
  | 'frequency'
  | 'repeatEvery'
  | 'repeatOn'
  | 'startTime'
  | 'endTime'
  | 'activityUnit'
> & {
  /** Its exceptions (decision 026) on the days read (any zone's date of the calibration time). */
  exceptions: Pick<ExceptionRow, 'exceptionDate' | 'closed' | 'startTime' | 'endTime'>[];
};

const p = (name: string) => sql.placeholder(name);
/** The subject's live orders for a timepoint, but the one replaced ("Order again" is not a duplicate of it). */
const subjectLive = (
  o: string,
  timepoint: ReturnType<typeof sql>,
) => sql`${sql.raw(o)}.study_id = ${p('studyId')}::integer
  and ${sql.raw(o)}.site_id = ${p('siteId')}::integer and ${sql.raw(o)}.subject_id = ${p('subjectId')}::text
  and ${sql.raw(o)}.timepoint_id = ${timepoint} and ${sql.raw(o)}.status not in ('rejected', 'canceled')
  and ${sql.raw(o)}.id is distinct from ${p('replacesId')}::integer`;
const e = studyDistributionEntries;
const a = drugAvailabilities;

/**
 * The placement read, built once per database and run as a named prepared statement: its many
 * subqueries cost PostgreSQL more to plan than to run, and a prepared statement is planned once
 * per connection.
 */
const referencesQuery = preparedPerDatabase((db) =>
  db
    .select({
      study: sql<Named | null>`(select json_build_object('name', ${studies.name}, 'active', ${studies.active})
        from ${studies} where ${studies.id} = ${p('studyId')}::integer)`,
      timepoint: sql<string | null>`(select ${timepoints.name} from ${timepoints}
        where ${timepoints.id} = ${p('timepointId')}::integer)`,
      site: sql<{
        name: string;
      } | null>`(select json_build_object('name', ${companies.name}) from ${companies}
        where ${companies.id} = ${p('siteId')}::integer and ${companies.type} = 'clinical_site')`,
      center: sql<{ name: string; timezone: string } | null>`(select json_build_object(
          'name', ${companies.name}, 'timezone', ${companies.timezone}) from ${companies}
        where ${companies.id} = ${p('centerId')}::integer and ${companies.type} = 'imaging_center')`,
      exam: sql<Named | null>`(select json_build_object('name', ${exams.name}, 'active', ${exams.active})
        from ${exams} where ${exams.id} = ${p('examId')}::integer)`,
      pairing: sql<ResolvedPairing | null>`case when pr.cmo_id is null then null else json_build_object(
        'drugId', pr.drug_id, 'drugName', pr.drug_name, 'drugMaxActivityMbq', pr.drug_max_mbq,
        'cmoId', pr.cmo_id, 'cmoName', pr.cmo_name, 'cmoTimezone', pr.cmo_timezone) end`,
      linked: siteLinkedSql(p('siteId'), p('centerId')),
      linkedToRoleCenter: siteLinkedSql(p('siteId'), p('roleCenterId')),
      recipients: sql<string[]>`(select coalesce(json_agg(${e.email}), '[]'::json) from ${e}
        where ${distributionMatch({ studyId: p('studyId'), cmoId: sql`pr.cmo_id`, siteId: p('siteId'), imagingCenterId: p('centerId') })})`,
      availabilities: sql<PlacementAvailability[]>`(select coalesce(json_agg(json_build_object(
          'id', ${a.id}, 'validFrom', ${a.validFrom}, 'validUntil', ${a.validUntil},
          'frequency', ${a.frequency}, 'repeatEvery', ${a.repeatEvery}, 'repeatOn', ${a.repeatOn},
          'startTime', ${a.startTime}, 'endTime', ${a.endTime}, 'activityUnit', ${a.activityUnit},
          'exceptions', (select coalesce(json_agg(json_build_object('exceptionDate', x.exception_date,
              'closed', x.closed, 'startTime', x.start_time, 'endTime', x.end_time)), '[]'::json)
            from ${availabilityExceptions} x where x.availability_id = ${a}.id
              and x.exception_date between ${p('firstDay')}::date and ${p('lastDay')}::date)
        ) order by ${a.id}), '[]'::json)
        from ${a}
        where ${a.drugId} = pr.drug_id and ${a.cmoId} = pr.cmo_id and ${a.active}
          and ${a.validFrom} <= ${p('lastDay')}::date and ${a.validUntil} >= ${p('firstDay')}::date)`,
      // Issue 36: the timepoint's schedule entry and the subject's anchor, its live order for the
      // timepoint and the order it replaces, all in this read (decision 059).
      schedule: sql<PlacementSchedule | null>`(select json_build_object('dayOffset', se.day_offset,
          'windowBeforeDays', se.window_before_days, 'windowAfterDays', se.window_after_days,
          'anchor', (select json_build_object('atMs', (extract(epoch from ao.calibration_datetime) * 1000)::float8,
              'timezone', ac.timezone)
            from ${orders} ao join ${companies} ac on ac.id = ao.imaging_center_id
            where ${subjectLive('ao', sql`sa.timepoint_id`)}
            order by ao.calibration_datetime, ao.id limit 1))
        from ${studyScheduleEntries} se
        left join ${studyScheduleEntries} sa on sa.study_id = se.study_id and sa.anchor
        where se.study_id = ${p('studyId')}::integer and se.timepoint_id = ${p('timepointId')}::integer)`,
      duplicateNumber: sql<number | null>`(select d.number from ${orders} d
        where ${subjectLive('d', sql`${p('timepointId')}::integer`)} order by d.id limit 1)`,
      replaced: sql<ReplacedOrder | null>`(select json_build_object('number', r.number, 'studyId', r.study_id, 'siteId', r.site_id,
          'cmoId', r.cmo_id, 'imagingCenterId', r.imaging_center_id, 'subjectId', r.subject_id,
          'timepointId', r.timepoint_id, 'status', r.status, 'closed', s.closed)
        from ${orders} r join ${doseSlots} s on s.id = r.dose_slot_id where r.id = ${p('replacesId')}::integer)`,
    })
    .from(sql`(select 1) as one left join lateral (
      select d.id as drug_id, d.name as drug_name, d.max_activity_mbq as drug_max_mbq, c.id as cmo_id, c.name as cmo_name, c.timezone as cmo_timezone
      from ${studyPairings} sp
      join ${exams} pe on pe.id = sp.exam_id
      join ${drugs} d on d.id = pe.drug_id
      join ${companies} c on c.id = sp.cmo_id
      where sp.study_id = ${p('studyId')}::integer and sp.exam_id = ${p('examId')}::integer
        and sp.site_id = ${p('siteId')}::integer
    ) as pr on true`)
    .prepare('placement_references'),
);

/**
 * Every record a placement refers to, the study's pairing for (exam, site), the site's links,
 * the order's mail recipients and the pairing's availabilities (with their exceptions) around the calibration time, in
 * one round trip: everything is checked before the transaction, so this is the one read a
 * placement makes besides the session's.
 */
export async function placementReferences(
  db: Executor,
  input: {
    studyId: number;
    timePointId: number;
    siteId: number;
    imagingCenterId: number;
    examId: number;
    subjectId: string;
    replacesOrderId?: number | null | undefined;
  },
  scope: CompanyScope | null,
  at: Date,
): Promise<PlacementReferences> {
  // Ids past the integer range name no record and must not reach SQL.
  const id = (v: number) => (isStorableId(v) ? v : null);
  // Every zone's date is within a day of the UTC date.
  const utcDay = (offsetDays: number) =>
    new Date(at.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const [row] = await referencesQuery(db).execute({
    studyId: id(input.studyId),
    timepointId: id(input.timePointId),
    siteId: id(input.siteId),
    centerId: id(input.imagingCenterId),
    examId: id(input.examId),
    subjectId: input.subjectId,
    replacesId: input.replacesOrderId == null ? null : id(input.replacesOrderId),
    roleCenterId: scopeImagingCenter(scope),
    firstDay: utcDay(-1),
    lastDay: utcDay(1),
  });
  if (!row) throw new Error('the placement read returned no row');
  return {
    study: fromJson<Named | null>(row.study) ?? undefined,
    timepoint: row.timepoint ?? undefined,
    site: fromJson<{ name: string } | null>(row.site) ?? undefined,
    center: fromJson<{ name: string; timezone: string } | null>(row.center) ?? undefined,
    exam: fromJson<Named | null>(row.exam) ?? undefined,
    pairing: fromJson<ResolvedPairing | null>(row.pairing) ?? undefined,
    linked: row.linked === true,
    siteLinkedToRoleCenter: row.linkedToRoleCenter === true,
    recipients: uniqueAddresses(fromJson<string[]>(row.recipients)),
    availabilities: fromJson<PlacementAvailability[]>(row.availabilities),
    schedule: fromJson<PlacementSchedule | null>(row.schedule) ?? undefined,
    duplicateNumber: row.duplicateNumber ?? undefined,
    replaced: fromJson<ReplacedOrder | null>(row.replaced) ?? undefined,
  };
}
