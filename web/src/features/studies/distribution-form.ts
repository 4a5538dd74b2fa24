import {
  type CompanyType,
  companyTypes,
  type DistributionEntry,
  type DistributionEntryInput,
  emailField,
  limits,
  messages,
  type NamedRef,
  namedRefSchema,
  requiredText,
} from '@dosechain/contract';
import { z } from 'zod';

/**
 * One row of the distribution list while it is edited. The companies are kept with their names
 * (the pickers show them); `issue` is what a CSV import could not resolve on this row.
 */
export interface DistributionRow {
  name: string;
  email: string;
  companyType: CompanyType | '';
  companies: NamedRef[];
  issue: string | null;
}

export interface DistributionForm {
  distributionList: DistributionRow[];
}

/** The rules of a row (spec section 5): the contract's name and e-mail; companies when a type is set. */
const rowSchema = z
  .object({
    name: requiredText(limits.nameMax),
    email: emailField,
    companyType: z.enum(companyTypes).or(z.literal('')),
    companies: z.array(namedRefSchema),
    issue: z.string().nullable(),
  })
  .superRefine((row, ctx) => {
    if (row.issue) {
      ctx.addIssue({
        code: 'custom',
        path: [row.companyType ? 'companies' : 'companyType'],
        message: row.issue,
      });
    } else if (row.companyType && row.companies.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['companies'], message: messages.required });
    }
  });

export const distributionFormSchema = z.object({ distributionList: z.array(rowSchema) });

export const emptyRow = (): DistributionRow => ({
  name: '',
  email: '',
  companyType: '',
  companies: [],
  issue: null,
});

/** The saved list as editable rows. */
export function toRows(list: DistributionEntry[]): DistributionRow[] {
  return list.map((e) => ({
    name: e.name,
    email: e.email,
    companyType: e.companyType ?? '',
    companies: e.companies,
    issue: null,
  }));
}

/** The rows as the request's `distributionList`. */
export function toEntries(rows: DistributionRow[]): DistributionEntryInput[] {
  return rows.map((r) => ({
    name: r.name.trim(),
    email: r.email.trim(),
    companyType: r.companyType || null,
    companyIds: r.companyType ? r.companies.map((c) => c.id) : [],
  }));
}

/** Whether the edited rows say something other than the saved list (spaces and company order aside). */
export function rowsDiffer(rows: DistributionRow[], saved: DistributionEntry[]): boolean {
  const key = (entries: DistributionEntryInput[]) =>
    JSON.stringify(
      entries.map((e) => ({ ...e, companyIds: [...(e.companyIds ?? [])].sort((a, b) => a - b) })),
    );
  return key(toEntries(rows)) !== key(toEntries(toRows(saved)));
}

/** A server error's parameter (`distributionList.2.companyIds`) as the form's field name. */
export function formFieldOf(parameter: string): string | undefined {
  const match = /^distributionList\.(\d+)\.(name|email|companyType|companyIds)$/.exec(parameter);
  if (!match) return undefined;
  const field = match[2] === 'companyIds' ? 'companies' : match[2];
  return `distributionList.${match[1]}.${field}`;
}
