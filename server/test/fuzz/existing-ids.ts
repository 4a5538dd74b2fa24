import { auditEntityTypes } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import {
  auditLog,
  companies,
  drugAvailabilities,
  drugs,
  exams,
  groups,
  orders,
  studies,
  studyPairings,
  timepoints,
} from '../../src/db/schema.ts';
import { type Hint, validArbitrary } from './zod-arbitrary.ts';

/** Ids of the demo data, by the path segment that names the resource (`/drugs/:id` → `drugs`). */
export interface ExistingIds {
  byResource: Record<string, number[]>;
  pairings: { id: number; pairingId: number }[];
  audited: { entityType: string; entityId: number }[];
}

export async function existingIds(db: Db, userIds: number[]): Promise<ExistingIds> {
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  const company = (type: 'cmo' | 'clinical_site' | 'imaging_center') =>
    db.select({ id: companies.id }).from(companies).where(eq(companies.type, type)).then(ids);
  const byResource: Record<string, number[]> = {
    cmos: await company('cmo'),
    'clinical-sites': await company('clinical_site'),
    'imaging-centers': await company('imaging_center'),
    timepoints: ids(await db.select({ id: timepoints.id }).from(timepoints)),
    drugs: ids(await db.select({ id: drugs.id }).from(drugs)),
    exams: ids(await db.select({ id: exams.id }).from(exams)),
    studies: ids(await db.select({ id: studies.id }).from(studies)),
    'drug-availabilities': ids(await db.select({ id: drugAvailabilities.id }).from(drugAvailabilities)),
    orders: ids(await db.select({ id: orders.id }).from(orders)),
    groups: ids(await db.select({ id: groups.id }).from(groups)),
    users: userIds,
  };
  const pairings = await db
    .select({ id: studyPairings.studyId, pairingId: studyPairings.id })
    .from(studyPairings);
  const audited = (
    await db.selectDistinct({ entityType: auditLog.entityType, entityId: auditLog.entityId }).from(auditLog)
  ).filter((a) => (auditEntityTypes as readonly string[]).includes(a.entityType));
  return { byResource, pairings, audited };
}

/**
 * Params for a route: mostly ids of records that exist (so the handlers run on real data),
 * else what the params schema alone generates (random ids, most of which name nothing).
 */
export function paramsArbitrary(
  url: string,
  schema: z.ZodType,
  existing: ExistingIds,
  hint: Hint,
): fc.Arbitrary<unknown> {
  const random = validArbitrary(schema, { hint });
  let known: fc.Arbitrary<unknown> | undefined;
  if (url.includes(':pairingId') && existing.pairings.length) known = fc.constantFrom(...existing.pairings);
  else if (url.includes(':entityType') && existing.audited.length)
    known = fc.constantFrom(...existing.audited);
  else {
    const resource = /\/([^/]+)\/:id(\/|$)/.exec(url)?.[1];
    const ids = resource ? existing.byResource[resource] : undefined;
    if (ids?.length) known = fc.record({ id: fc.constantFrom(...ids) });
  }
  return known ? fc.oneof({ arbitrary: known, weight: 3 }, random) : random;
}
