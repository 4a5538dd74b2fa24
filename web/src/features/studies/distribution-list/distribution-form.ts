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

/** What the rows say, as the request would (spaces and company order aside): equal keys, equal lists. */
export function listKey(rows: DistributionRow[]): string {
  return JSON.stringify(
    toEntries(rows).map((e) => ({ ...e, companyIds: [...(e.companyIds ?? [])].sort((a, b) => a - b) })),
  );
}

/** Whether the edited rows say something other than the saved list (spaces and company order aside). */
export function rowsDiffer(rows: DistributionRow[], saved: DistributionEntry[]): boolean {
  return listKey(rows) !== listKey(toRows(saved));
}

/** The fields of a row the user edits. */
export type RowField = 'name' | 'email' | 'companyType' | 'companies';
export const rowFields: readonly RowField[] = ['name', 'email', 'companyType', 'companies'];

/** A row's errors, one message per field. */
export type RowErrors = Partial<Record<RowField, string>>;

const noErrors: RowErrors = Object.freeze({});
const checkedRows = new WeakMap<DistributionRow, RowErrors>();

/**
 * The errors of one row under the row rules. Rows are replaced, never changed in place, so the
 * answer is remembered per row: a keystroke checks the one row it changed, not the whole list.
 */
export function rowErrors(row: DistributionRow): RowErrors {
  let errors = checkedRows.get(row);
  if (!errors) {
    const result = rowSchema.safeParse(row);
    if (result.success) errors = noErrors;
    else {
      const found: RowErrors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as RowField;
        if (rowFields.includes(field)) found[field] ??= issue.message;
      }
      errors = found;
    }
    checkedRows.set(row, errors);
  }
  return errors;
}

/** A server error's parameter (`distributionList.2.companyIds`) as a row index and field. */
export function rowFieldOf(parameter: string): { index: number; field: RowField } | undefined {
  const match = /^distributionList\.(\d+)\.(name|email|companyType|companyIds)$/.exec(parameter);
  if (!match) return undefined;
  const field = match[2] === 'companyIds' ? 'companies' : (match[2] as RowField);
  return { index: Number(match[1]), field };
}

/** A server error's parameter (`distributionList.2.companyIds`) as the form's field name. */
export function formFieldOf(parameter: string): string | undefined {
  const found = rowFieldOf(parameter);
  return found && `distributionList.${found.index}.${found.field}`;
}
