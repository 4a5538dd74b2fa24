import type { HalfLifeUnit } from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../kernel/audit/record.ts';
import type { Db, Executor } from '../kernel/db/client.ts';
import { radionuclides } from '../kernel/db/schema.ts';
import { radionuclideAuditFields } from '../modules/radionuclides/resource.ts';
import { seededEntry } from './seed-audit.ts';

/**
 * The radionuclides every database starts with: those of PET and SPECT imaging and of the
 * therapies given with it, each half-life in the unit it is usually quoted in.
 */
export const referenceRadionuclides: { name: string; halfLife: number; halfLifeUnit: HalfLifeUnit }[] = [
  { name: 'F-18', halfLife: 109.77, halfLifeUnit: 'min' },
  { name: 'Ga-68', halfLife: 67.71, halfLifeUnit: 'min' },
  { name: 'Tc-99m', halfLife: 6.0058, halfLifeUnit: 'h' },
  { name: 'Cu-64', halfLife: 12.701, halfLifeUnit: 'h' },
  { name: 'Zr-89', halfLife: 78.41, halfLifeUnit: 'h' },
  { name: 'Lu-177', halfLife: 6.6443, halfLifeUnit: 'd' },
  { name: 'C-11', halfLife: 20.385, halfLifeUnit: 'min' },
  { name: 'N-13', halfLife: 9.965, halfLifeUnit: 'min' },
  { name: 'I-131', halfLife: 8.0252, halfLifeUnit: 'd' },
  { name: 'Y-90', halfLife: 64.053, halfLifeUnit: 'h' },
  { name: 'Ac-225', halfLife: 9.92, halfLifeUnit: 'd' },
];

/** Who the reference data's audit rows name when a start adds it: the system, no user, no role. */
export const referenceDataActor: AuditActor = {
  userId: null,
  username: 'system',
  fullName: 'System (reference data)',
  roleType: null,
};

/**
 * Adds the reference radionuclides to a database that has none yet, each with its `new` audit
 * row by `actor` (unsigned), in the caller's transaction; answers the rows added. Records are
 * never deleted, so an empty table means they were never added: a start adds them once, on a
 * new database or on one from before radionuclides existed, and never again (an administrator's
 * inactivation or rename stays).
 */
export async function addReferenceRadionuclides(tx: Executor, actor: AuditActor) {
  const [{ n } = { n: 0 }] = (
    (await tx.execute(sql`select count(*)::int as n from radionuclides`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  if (n > 0) return [];
  const rows = await tx.insert(radionuclides).values(referenceRadionuclides).returning();
  for (const row of rows) {
    await recordAudit(tx, actor, seededEntry('radionuclides', row.id, radionuclideAuditFields(row)));
  }
  return rows;
}

/**
 * The reference data a start adds where it is missing (after the migrations, under their lock):
 * a migration cannot write it, because its audit rows are chained with a key the database does
 * not hold (decision 015).
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction((tx) => addReferenceRadionuclides(tx, referenceDataActor));
}
