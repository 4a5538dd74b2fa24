import {
  type CompanyType,
  companyTypeLabels,
  type DistributionEntry,
  type distributionEntryInputSchema,
} from '@dosechain/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditWriter } from '../../kernel/audit/mutation.ts';
import type { Executor } from '../../kernel/db/client.ts';
import {
  companies,
  studyDistributionEntries,
  studyDistributionEntryCompanies,
} from '../../kernel/db/schema.ts';
import { validationFailed } from '../../kernel/http/app-error.ts';

type EntryInput = z.output<typeof distributionEntryInputSchema>;

/** A study's distribution list in the order it was entered, companies by name. */
export async function loadDistributionList(db: Executor, studyId: number): Promise<DistributionEntry[]> {
  const entries = await db
    .select()
    .from(studyDistributionEntries)
    .where(eq(studyDistributionEntries.studyId, studyId))
    .orderBy(asc(studyDistributionEntries.position));
  if (entries.length === 0) return [];
  const links = await db
    .select({
      entryId: studyDistributionEntryCompanies.entryId,
      id: companies.id,
      name: companies.name,
    })
    .from(studyDistributionEntryCompanies)
    .innerJoin(companies, eq(companies.id, studyDistributionEntryCompanies.companyId))
    .where(
      inArray(
        studyDistributionEntryCompanies.entryId,
        entries.map((e) => e.id),
      ),
    )
    .orderBy(asc(companies.name));
  return entries.map((e) => ({
    name: e.name,
    email: e.email,
    companyType: e.companyType,
    companies: links.filter((l) => l.entryId === e.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** An entry as one line of the audit trail: `Jane Doe <jane@x.org> · CMO: Isotope Labs Boston`. */
export function describeEntry(entry: DistributionEntry): string {
  const who = `${entry.name} <${entry.email}>`;
  if (!entry.companyType) return who;
  return `${who} · ${companyTypeLabels[entry.companyType]}: ${entry.companies.map((c) => c.name).join(', ')}`;
}

/** The entries with their companies resolved; a company that is not of the entry's type is a 400 on it. */
async function resolveEntries(tx: Executor, input: EntryInput[]): Promise<DistributionEntry[]> {
  const ids = [...new Set(input.flatMap((e) => e.companyIds))];
  const found = ids.length
    ? await tx
        .select({ id: companies.id, name: companies.name, type: companies.type })
        .from(companies)
        .where(inArray(companies.id, ids))
    : [];
  const problems: { parameter: string; message: string; code: string }[] = [];
  const entries = input.map((e, i) => {
    const type = e.companyType ?? null;
    const picked = [...new Set(e.companyIds)].map((id) => found.find((f) => f.id === id && f.type === type));
    const missing = [...new Set(e.companyIds)].filter((_, k) => !picked[k]);
    if (type && missing.length > 0) {
      problems.push({
        parameter: `distributionList.${i}.companyIds`,
        message: `No ${companyTypeLabels[type as CompanyType]} with id ${missing.join(', ')}`,
        code: 'not_found',
      });
    }
    const chosen = picked.filter((p) => p !== undefined).map(({ id, name }) => ({ id, name }));
    return {
      name: e.name,
      email: e.email,
      companyType: type,
      companies: chosen.sort((a, b) => a.name.localeCompare(b.name)),
    };
  });
  if (problems.length > 0) throw validationFailed(problems);
  return entries;
}

/** Entries of `a` not matched one for one in `b`, compared by their audit line. */
function missingFrom(a: string[], b: string[]): string[] {
  const rest = [...b];
  return a.filter((line) => {
    const at = rest.indexOf(line);
    if (at === -1) return true;
    rest.splice(at, 1);
    return false;
  });
}

/**
 * Makes a study's distribution list exactly `input`, in its order. Each entry removed or added
 * is one audit row on the study; a list that is the same as before writes nothing.
 */
export async function replaceDistributionList(
  tx: Executor,
  studyId: number,
  input: EntryInput[],
  audit: AuditWriter,
): Promise<boolean> {
  const wanted = await resolveEntries(tx, input);
  const current = await loadDistributionList(tx, studyId);
  const before = current.map(describeEntry);
  const after = wanted.map(describeEntry);
  if (JSON.stringify(before) === JSON.stringify(after)) return false;

  await tx.delete(studyDistributionEntries).where(eq(studyDistributionEntries.studyId, studyId));
  if (wanted.length > 0) {
    const rows = await tx
      .insert(studyDistributionEntries)
      .values(
        wanted.map((e, position) => ({
          studyId,
          position,
          name: e.name,
          email: e.email,
          companyType: e.companyType,
        })),
      )
      .returning({ id: studyDistributionEntries.id, position: studyDistributionEntries.position });
    const links = rows.flatMap((r) =>
      wanted[r.position]!.companies.map((c) => ({ entryId: r.id, companyId: c.id })),
    );
    if (links.length > 0) await tx.insert(studyDistributionEntryCompanies).values(links);
  }
  const removed = missingFrom(before, after);
  const added = missingFrom(after, before);
  const entry = { entityType: 'studies', entityId: studyId } as const;
  for (const line of removed) {
    await audit({ ...entry, eventType: 'removed', changeset: { distributionList: [line, null] } });
  }
  for (const line of added) {
    await audit({ ...entry, eventType: 'added', changeset: { distributionList: [null, line] } });
  }
  // The same entries in another order: the order is what changed.
  if (removed.length === 0 && added.length === 0) {
    await audit({ ...entry, eventType: 'update', changeset: { distributionList: [before, after] } });
  }
  return true;
}
