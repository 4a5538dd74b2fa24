import { and, asc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Executor } from '../../kernel/db/client.ts';
import { companies, orders } from '../../kernel/db/schema.ts';

/** Statuses that leave an order dead: it neither anchors a subject nor fills a timepoint. */
export const deadStatuses = ['rejected', 'canceled'] as const;
export const liveOrder = notInArray(orders.status, [...deadStatuses]);

/** A subject's anchor: its first live order for the anchor timepoint, as a date of that order's imaging center. */
export interface SubjectAnchor {
  siteId: number;
  subjectId: string;
  examId: number;
  imagingCenterId: number;
  timezone: string;
  anchorDate: string;
}

/** The calendar date of an instant in a zone (the imaging center's). */
export const dateIn = (at: Date, zone: string): string =>
  DateTime.fromJSDate(at, { zone }).toISODate() as string;

/**
 * The anchors of a study's subjects (issue 36, decision 057): per (site, subject), the
 * calibration date of its earliest live order for the anchor timepoint, in the zone of that
 * order's imaging center. `where` narrows the orders read (a subject, a company's scope).
 */
export async function subjectAnchors(
  db: Executor,
  studyId: number,
  anchorTimePointId: number,
  where?: SQL,
): Promise<SubjectAnchor[]> {
  const rows = await db
    .select({
      siteId: orders.siteId,
      subjectId: orders.subjectId,
      examId: orders.examId,
      imagingCenterId: orders.imagingCenterId,
      timezone: companies.timezone,
      calibration: orders.calibrationDatetime,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.imagingCenterId))
    .where(and(eq(orders.studyId, studyId), eq(orders.timepointId, anchorTimePointId), liveOrder, where))
    .orderBy(asc(orders.calibrationDatetime), asc(orders.id));
  const anchors = new Map<string, SubjectAnchor>();
  for (const r of rows) {
    const key = `${r.siteId}/${r.subjectId}`;
    if (anchors.has(key)) continue;
    anchors.set(key, {
      siteId: r.siteId,
      subjectId: r.subjectId,
      examId: r.examId,
      imagingCenterId: r.imagingCenterId,
      timezone: r.timezone,
      anchorDate: dateIn(r.calibration, r.timezone),
    });
  }
  return [...anchors.values()];
}

/** `site/subject/timepoint` of every live order of the study at these sites. */
export async function liveTimepoints(db: Executor, studyId: number, siteIds: number[]): Promise<Set<string>> {
  if (siteIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ siteId: orders.siteId, subjectId: orders.subjectId, timepointId: orders.timepointId })
    .from(orders)
    .where(and(eq(orders.studyId, studyId), inArray(orders.siteId, siteIds), liveOrder));
  return new Set(rows.map((r) => `${r.siteId}/${r.subjectId}/${r.timepointId}`));
}
