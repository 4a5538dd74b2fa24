import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// Exports read back by tools nobody on the project wrote, as a sponsor's IT would open them:
// Debian's poppler-utils (pdftotext) for a PDF and python3-openpyxl for an XLSX. CI installs
// both (.ci/run); a machine without them skips the specs that need them, saying which.

/** Whether a command runs here, e.g. `pdftotext -v`. */
function runs(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore', timeout: 30_000 }).status === 0;
}

/**
 * The Python that has openpyxl: Debian's python3-openpyxl serves Debian's own /usr/bin/python3,
 * which another python3 earlier on the PATH (pyenv, a virtualenv) does not see.
 */
const python = ['python3', '/usr/bin/python3'].find((p) => runs(p, ['-c', 'import openpyxl']));

/** Null when both readers are installed; else what to install, for the skip message. */
export function missingExportReaders(): string | null {
  const missing = [
    runs('pdftotext', ['-v']) ? null : 'pdftotext (Debian package poppler-utils)',
    python ? null : 'openpyxl (Debian package python3-openpyxl)',
  ].filter((m) => m !== null);
  return missing.length === 0 ? null : `needs ${missing.join(' and ')}`;
}

/**
 * The PDF's text as poppler's pdftotext reads it, in the order it was written (`-raw`), each
 * run of white space one space: a table cell wrapped over two lines reads as one phrase.
 */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
    timeout: 30_000,
  }).replace(/\s+/g, ' ');
}

/** One cell as openpyxl reads it: its Python type, its value (datetimes in ISO) and number format. */
export interface XlsxCell {
  type: 'int' | 'float' | 'str' | 'datetime' | 'bool' | 'NoneType';
  value: string | number | boolean | null;
  format: string;
}

/** The first worksheet as openpyxl reads it. */
export interface XlsxSheet {
  title: string;
  /** The top-left cell of the scrolling part, e.g. `A2` under a frozen header row. */
  freezePanes: string | null;
  /** The range the header's filter buttons cover, e.g. `A1:P3`. */
  autoFilter: string | null;
  rows: XlsxCell[][];
}

const READ_SHEET = `
import datetime, io, json, sys
import openpyxl
sheet = openpyxl.load_workbook(io.BytesIO(sys.stdin.buffer.read())).worksheets[0]
def cell(c):
    v = c.value
    return {
        "type": type(v).__name__,
        "value": v.isoformat() if isinstance(v, datetime.datetime) else v,
        "format": c.number_format,
    }
print(json.dumps({
    "title": sheet.title,
    "freezePanes": sheet.freeze_panes,
    "autoFilter": sheet.auto_filter.ref,
    "rows": [[cell(c) for c in row] for row in sheet.iter_rows()],
}))
`;

/** The file's first sheet as openpyxl reads it (given on standard input: a download's path has no extension, which openpyxl insists on). */
export function readXlsx(file: string): XlsxSheet {
  if (!python) throw new Error('openpyxl is not installed (Debian package python3-openpyxl)');
  return JSON.parse(
    execFileSync(python, ['-c', READ_SHEET], {
      input: readFileSync(file),
      encoding: 'utf8',
      timeout: 60_000,
    }),
  ) as XlsxSheet;
}
