import { auditEntityTypes, configResourceKeys } from '@dosechain/contract';
import fc from 'fast-check';
import type { z } from 'zod';
import type { Db } from '../../src/kernel/db/client.ts';
import {
  auditLog,
  drugAvailabilities,
  mailOutbox,
  orders,
  studyPairings,
} from '../../src/kernel/db/schema.ts';
import { type Hint, validArbitrary } from './zod-arbitrary.ts';

/** Ids of the demo data, by the path segment that names the resource (`/drugs/:id` → `drugs`). */
export interface ExistingIds {
  byResource: Record<string, number[]>;
  pairings: { id: number; pairingId: number }[];
  audited: { entityType: string; entityId: number }[];
}

export async function existingIds(db: Db, userIds: number[]): Promise<ExistingIds> {
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  const pairings = await db
    .select({ id: studyPairings.studyId, pairingId: studyPairings.id })
    .from(studyPairings);
  const audited = (
    await db.selectDistinct({ entityType: auditLog.entityType, entityId: auditLog.entityId }).from(auditLog)
  ).filter((a) => (auditEntityTypes as readonly string[]).includes(a.entityType));
  // Every record of a configuration entity has its `new` audit row (the seed writes them too).
  const recordsOf = (key: string) => audited.filter((a) => a.entityType === key).map((a) => a.entityId);
  const byResource: Record<string, number[]> = {
    ...Object.fromEntries(configResourceKeys.map((key) => [key, recordsOf(key)])),
    'drug-availabilities': ids(await db.select({ id: drugAvailabilities.id }).from(drugAvailabilities)),
    orders: ids(await db.select({ id: orders.id }).from(orders)),
    mails: ids(await db.select({ id: mailOutbox.id }).from(mailOutbox)),
    users: userIds,
  };
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
