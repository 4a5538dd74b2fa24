import { type CompanyType, messages, type NamedRef } from '@dosechain/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  CsvNotUtf8Error,
  CsvReadError,
  companyTypeFromLabel,
  csvFileProblem,
  decodeCsv,
  parseCsv,
  resolveCsvRecords,
  toCsvRecords,
} from './distribution-csv.ts';
import { distributionFormSchema, formFieldOf, rowsDiffer, toEntries, toRows } from './distribution-form.ts';

const companies: Record<CompanyType, NamedRef[]> = {
  cmo: [
    { id: 1, name: 'Isotope Labs Boston' },
    { id: 2, name: 'Pacific Radiopharma' },
  ],
  clinical_site: [{ id: 3, name: 'Lakeside Clinical Research' }],
  imaging_center: [{ id: 4, name: 'Windy City Imaging' }],
};

/** Like the API lookup: the companies of the type whose name matches one asked for, any case. */
const find = vi.fn(async (type: CompanyType, names: string[]) =>
  companies[type].filter((c) => names.some((n) => n.toLowerCase() === c.name.toLowerCase())),
);

describe('csvFileProblem', () => {
  it('[CFG-010] accepts text/csv or a .csv name, refuses other types and empty files', () => {
    expect(csvFileProblem({ name: 'list.csv', type: '', size: 10 })).toBeNull();
    expect(csvFileProblem({ name: 'LIST.CSV', type: 'application/vnd.ms-excel', size: 10 })).toBeNull();
    expect(csvFileProblem({ name: 'export', type: 'text/csv', size: 10 })).toBeNull();
    expect(csvFileProblem({ name: 'list.txt', type: 'text/plain', size: 10 })).toBe(messages.csvWrongType);
    expect(csvFileProblem({ name: 'list.xlsx', type: '', size: 10 })).toBe(messages.csvWrongType);
    expect(csvFileProblem({ name: 'list.csv', type: 'text/csv', size: 0 })).toBe(messages.csvEmpty);
  });

  it('refuses a file over 2 MB before reading it', () => {
    const twoMb = 2 * 1024 * 1024;
    expect(csvFileProblem({ name: 'list.csv', type: 'text/csv', size: twoMb })).toBeNull();
    expect(csvFileProblem({ name: 'list.csv', type: 'text/csv', size: twoMb + 1 })).toBe(
      'The file is larger than 2 MB, please upload a smaller file',
    );
  });
});

describe('parseCsv and toCsvRecords', () => {
  it('[CFG-010] skips the header and blank lines, splits quoted company names, numbers rows as the editor does (data rows from 1)', async () => {
    const text =
      '\uFEFFName,Email,Company type,Companies\r\n' +
      'Jane Doe, jane@x.org ,CMO,"Isotope Labs Boston, pacific radiopharma"\r\n' +
      '\r\n' +
      'Bob,bob@x.org,,\r\n' +
      'Carl,carl@x.org\r\n';
    const records = toCsvRecords(await parseCsv(text));
    expect(records).toEqual([
      {
        row: 1,
        line: 2,
        name: 'Jane Doe',
        email: 'jane@x.org',
        companyType: 'CMO',
        companyNames: ['Isotope Labs Boston', 'pacific radiopharma'],
      },
      { row: 2, line: 4, name: 'Bob', email: 'bob@x.org', companyType: '', companyNames: [] },
      { row: 3, line: 5, name: 'Carl', email: 'carl@x.org', companyType: '', companyNames: [] },
    ]);
  });

  it('reads a one-column file and a header-only file', async () => {
    expect(toCsvRecords(await parseCsv('Name\nJane\n'))).toEqual([
      { row: 1, line: 2, name: 'Jane', email: '', companyType: '', companyNames: [] },
    ]);
    expect(toCsvRecords(await parseCsv('Name,Email\n'))).toEqual([]);
  });

  it('reads UTF-8 (with or without its byte order mark) and refuses any other encoding', async () => {
    const utf8 = new TextEncoder().encode('Name,Email\nJosé Müller,jose@x.org\n');
    expect(toCsvRecords(await parseCsv(decodeCsv(utf8)))[0]?.name).toBe('José Müller');
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    expect(toCsvRecords(await parseCsv(decodeCsv(withBom)))[0]?.name).toBe('José Müller');
    // The same text saved as Latin-1 / Windows-1252: é is 0xE9, ü 0xFC, each alone.
    const latin1 = Uint8Array.from('Name,Email\nJosé Müller,jose@x.org\n', (c) => c.charCodeAt(0));
    expect(() => decodeCsv(latin1)).toThrow(CsvNotUtf8Error);
    expect(() => decodeCsv(latin1)).toThrow('The file is not UTF-8; save it as CSV UTF-8 and try again');
    // Pure ASCII is UTF-8 as well.
    expect(decodeCsv(Uint8Array.from('Name\nJane\n', (c) => c.charCodeAt(0)))).toBe('Name\nJane\n');
  });

  it('refuses text it cannot read', async () => {
    await expect(parseCsv('Name,Email\n"Jane,jane@x.org\n')).rejects.toBeInstanceOf(CsvReadError);
  });
});

describe('companyTypeFromLabel', () => {
  it('knows CMO, Clinical Site and Imaging Center, in any case', () => {
    expect(companyTypeFromLabel('CMO')).toBe('cmo');
    expect(companyTypeFromLabel(' clinical site ')).toBe('clinical_site');
    expect(companyTypeFromLabel('Imaging Center')).toBe('imaging_center');
    expect(companyTypeFromLabel('Pharmacy')).toBeUndefined();
    expect(companyTypeFromLabel('clinical_site')).toBeUndefined();
  });
});

describe('resolveCsvRecords', () => {
  it('names a repeated address (any case) by its line and the first line that has it (issue 33)', async () => {
    const records = toCsvRecords(
      await parseCsv(
        ['name,email', 'Anna,anna@example.org', '', 'Bob,bob@x.org', 'Anna B,ANNA@example.org'].join('\n'),
      ),
    );
    const { rows, problems } = await resolveCsvRecords(records, find);
    expect(rows).toHaveLength(3);
    expect(problems).toEqual([messages.csvEmailDuplicate(5, 'ANNA@example.org', 2)]);
    expect(problems[0]).toBe('Line 5: ANNA@example.org is already on line 2');
  });

  it('resolves company names per type with one lookup each, and reports what does not resolve', async () => {
    find.mockClear();
    const records = toCsvRecords(
      await parseCsv(
        [
          'name,email,type,companies',
          'Jane,jane@x.org,CMO,"isotope labs boston , Pacific Radiopharma"',
          'Site Desk,desk@x.org,Clinical Site,"Lakeside Clinical Research, Nowhere Trials"',
          'Pharm,pharm@x.org,Pharmacy,Corner Drugs',
          'All,all@x.org,,',
          'Loose,loose@x.org,,Isotope Labs Boston',
          'Empty,empty@x.org,Imaging Center,',
        ].join('\n'),
      ),
    );
    const { rows, problems } = await resolveCsvRecords(records, find);

    expect(find).toHaveBeenCalledTimes(2);
    expect(find).toHaveBeenCalledWith('cmo', ['isotope labs boston', 'Pacific Radiopharma']);
    expect(find).toHaveBeenCalledWith('clinical_site', ['Lakeside Clinical Research', 'Nowhere Trials']);
    expect(rows).toEqual([
      { name: 'Jane', email: 'jane@x.org', companyType: 'cmo', companies: companies.cmo, issue: null },
      {
        name: 'Site Desk',
        email: 'desk@x.org',
        companyType: 'clinical_site',
        companies: companies.clinical_site,
        issue: 'no Clinical Site named "Nowhere Trials"',
      },
      {
        name: 'Pharm',
        email: 'pharm@x.org',
        companyType: '',
        companies: [],
        issue: 'unknown company type "Pharmacy" (use CMO, Clinical Site, Imaging Center)',
      },
      { name: 'All', email: 'all@x.org', companyType: '', companies: [], issue: null },
      {
        name: 'Loose',
        email: 'loose@x.org',
        companyType: '',
        companies: [],
        issue: 'companies are given without a company type',
      },
      {
        name: 'Empty',
        email: 'empty@x.org',
        companyType: 'imaging_center',
        companies: [],
        issue: 'no Imaging Center given',
      },
    ]);
    expect(problems).toEqual([
      'Row 2: no Clinical Site named "Nowhere Trials"',
      'Row 3: unknown company type "Pharmacy" (use CMO, Clinical Site, Imaging Center)',
      'Row 5: companies are given without a company type',
      'Row 6: no Imaging Center given',
    ]);
    // "Row N" is the row the editor shows as N: the issue is on rows[N - 1].
    for (const problem of problems) {
      const [, n, issue] = /^Row (\d+): (.*)$/.exec(problem) ?? [];
      expect(rows[Number(n) - 1]?.issue).toBe(issue);
    }
  });

  it('keeps rows with an issue invalid, on the field the user fixes', async () => {
    const records = toCsvRecords(
      await parseCsv('h\nA,a@x.org,Clinical Site,Nowhere\nB,not-an-email,CMO,Pacific Radiopharma\n'),
    );
    const { rows } = await resolveCsvRecords(records, find);
    const result = distributionFormSchema.safeParse({ distributionList: rows });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['distributionList.0.companies', 'no Clinical Site named "Nowhere"'],
      ['distributionList.1.email', messages.invalidEmail],
    ]);
  });
});

describe('distribution form', () => {
  const saved = [
    { name: 'Desk', email: 'desk@x.org', companyType: null, companies: [] },
    {
      name: 'Boston',
      email: 'b@x.org',
      companyType: 'cmo' as const,
      companies: [companies.cmo[0]!, companies.cmo[1]!],
    },
  ];

  it('sends company ids, null for no type, trimmed texts', () => {
    const rows = toRows(saved);
    rows[0]!.name = ' Desk ';
    expect(toEntries(rows)).toEqual([
      { name: 'Desk', email: 'desk@x.org', companyType: null, companyIds: [] },
      { name: 'Boston', email: 'b@x.org', companyType: 'cmo', companyIds: [1, 2] },
    ]);
  });

  it('sees a change in a field, in the order of rows and in added rows, not in the order of companies', () => {
    expect(rowsDiffer(toRows(saved), saved)).toBe(false);
    const reordered = toRows(saved);
    reordered[1]!.companies = [...reordered[1]!.companies].reverse();
    expect(rowsDiffer(reordered, saved)).toBe(false);
    expect(rowsDiffer(toRows(saved).reverse(), saved)).toBe(true);
    const edited = toRows(saved);
    edited[0]!.email = 'other@x.org';
    expect(rowsDiffer(edited, saved)).toBe(true);
    expect(rowsDiffer(toRows(saved).slice(1), saved)).toBe(true);
  });

  it('requires a company once a type is set', () => {
    const rows = toRows(saved);
    rows[1]!.companies = [];
    const result = distributionFormSchema.safeParse({ distributionList: rows });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['distributionList.1.companies', messages.required],
    ]);
  });

  it("maps the server's field names to the form's", () => {
    expect(formFieldOf('distributionList.2.companyIds')).toBe('distributionList.2.companies');
    expect(formFieldOf('distributionList.0.email')).toBe('distributionList.0.email');
    expect(formFieldOf('name')).toBeUndefined();
  });
});
