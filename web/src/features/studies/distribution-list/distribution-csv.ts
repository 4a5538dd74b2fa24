import {
  type CompanyType,
  companyTypeLabels,
  companyTypes,
  DISTRIBUTION_LIST_MAX,
  duplicateDistributionRows,
  limits,
  messages,
  type NamedRef,
} from '@dosechain/contract';
import type { DistributionRow } from './distribution-form.ts';

/** A file the import refuses before reading it (wrong type, empty, over 2 MB), with the message to show; else null. */
export function csvFileProblem(file: { name: string; type: string; size: number }): string | null {
  const isCsv = file.type === 'text/csv' || file.name.toLowerCase().endsWith('.csv');
  if (!isCsv) return messages.csvWrongType;
  if (file.size === 0) return messages.csvEmpty;
  if (file.size > limits.csvImportMaxBytes) return messages.csvTooLarge;
  return null;
}

/** Thrown when the file's bytes are not UTF-8 (a Latin-1 or Windows-1252 export, say). */
export class CsvNotUtf8Error extends Error {}

/**
 * The file's text, read as UTF-8 strictly: a byte sequence that is not UTF-8 is refused rather
 * than turned into replacement characters ("Jos�") and imported silently.
 */
export function decodeCsv(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CsvNotUtf8Error(messages.csvNotUtf8);
  }
}

/** Thrown when the text is not CSV papaparse can read (unbalanced quotes…). */
export class CsvReadError extends Error {}

/**
 * The records of a CSV text, header row included. papaparse is loaded on first use, so it
 * stays out of the initial bundle.
 */
export async function parseCsv(text: string): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  // A one-column file has no delimiter to detect; that is not an error of the file.
  const fatal = result.errors.filter((e) => e.code !== 'UndetectableDelimiter');
  if (fatal.length > 0) throw new CsvReadError(fatal[0]?.message);
  return result.data;
}

/**
 * One data row of the file, with the number of the row it becomes in the editor (the import
 * replaces the list, so the first data row is row 1: the header and blank lines are not counted).
 * Warnings say "Row N" with this number, as the editor numbers its rows.
 */
export interface CsvRecord {
  row: number;
  /** The record's number in the file, the header being line 1 (a quoted line break aside). */
  line: number;
  name: string;
  email: string;
  companyType: string;
  companyNames: string[];
}

/** The data rows (after the header, blank lines left out), columns name, email, company type, company names. */
export function toCsvRecords(records: string[][]): CsvRecord[] {
  return records
    .map((cells, index) => ({ line: index + 1, cells: cells.map((c) => (c ?? '').trim()) }))
    .slice(1)
    .filter(({ cells }) => cells.some((c) => c !== ''))
    .map(({ line, cells }, index) => ({
      row: index + 1,
      line,
      name: cells[0] ?? '',
      email: cells[1] ?? '',
      companyType: cells[2] ?? '',
      companyNames: uniqueNames((cells[3] ?? '').split(',')),
    }));
}

function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names
    .map((n) => n.trim())
    .filter((n) => {
      const key = n.toLowerCase();
      if (n === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The company type a cell names (CMO, Clinical Site, Imaging Center; any case), else undefined. */
export function companyTypeFromLabel(label: string): CompanyType | undefined {
  const wanted = label.trim().toLowerCase();
  return companyTypes.find((t) => companyTypeLabels[t].toLowerCase() === wanted);
}

/** Finds the companies of one type among the names given (any that exist; matched by the caller's rules). */
export type FindCompanies = (type: CompanyType, names: string[]) => Promise<NamedRef[]>;

export interface CsvImport {
  rows: DistributionRow[];
  /** One line per problem, 'Row 3: …', for the user to fix in the rows. */
  problems: string[];
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const typeNames = companyTypes.map((t) => companyTypeLabels[t]).join(', ');

/**
 * Turns the records into editable rows: company names become the companies of that type
 * (case-insensitive, trimmed). A name or type that does not resolve leaves the row with an
 * `issue`, which keeps it invalid until the user fixes its type or companies.
 */
export async function resolveCsvRecords(records: CsvRecord[], find: FindCompanies): Promise<CsvImport> {
  const problems: string[] = [];
  const kept = records.slice(0, DISTRIBUTION_LIST_MAX);
  if (records.length > kept.length) {
    problems.push(
      `Only the first ${DISTRIBUTION_LIST_MAX} rows were imported; a list holds at most ${DISTRIBUTION_LIST_MAX}`,
    );
  }
  const wanted = new Map<CompanyType, string[]>();
  for (const r of kept) {
    const type = companyTypeFromLabel(r.companyType);
    if (type) wanted.set(type, [...(wanted.get(type) ?? []), ...r.companyNames]);
  }
  const found = new Map<CompanyType, NamedRef[]>();
  await Promise.all(
    [...wanted].map(async ([type, names]) => {
      found.set(type, names.length > 0 ? await find(type, uniqueNames(names)) : []);
    }),
  );

  const rows = kept.map((r): DistributionRow => {
    const base = { name: r.name, email: r.email };
    const note = (issue: string) => {
      problems.push(`Row ${r.row}: ${issue}`);
      return issue;
    };
    if (r.companyType === '') {
      const issue = r.companyNames.length > 0 ? note('companies are given without a company type') : null;
      return { ...base, companyType: '', companies: [], issue };
    }
    const type = companyTypeFromLabel(r.companyType);
    if (!type) {
      const issue = note(`unknown company type "${r.companyType}" (use ${typeNames})`);
      return { ...base, companyType: '', companies: [], issue };
    }
    const label = companyTypeLabels[type];
    const companies: NamedRef[] = [];
    const missing: string[] = [];
    for (const name of r.companyNames) {
      const company = found.get(type)?.find((c) => sameName(c.name, name));
      if (company) companies.push(company);
      else missing.push(name);
    }
    let issue: string | null = null;
    if (r.companyNames.length === 0) issue = note(`no ${label} given`);
    else if (missing.length > 0) issue = note(`no ${label} named ${missing.map((m) => `"${m}"`).join(', ')}`);
    return { ...base, companyType: type, companies, issue };
  });
  // The same address twice doubles every mail (decision 045): named by the file's lines.
  for (const { index, firstIndex } of duplicateDistributionRows(rows)) {
    const record = kept[index]!;
    problems.push(messages.csvEmailDuplicate(record.line, record.email, kept[firstIndex]!.line));
  }
  return { rows, problems };
}
