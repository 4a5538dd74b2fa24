import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ExportTable } from './export-data.ts';
import { toCsv, toPdf, toXlsx } from './export-files.ts';

const hasPdftotext = spawnSync('pdftotext', ['-v'], { stdio: 'ignore', timeout: 20_000 }).status === 0;

const table: ExportTable = {
  headers: ['#', 'Status', 'Late by', 'Calibration (UTC)', 'Subject', 'Activity'],
  rows: [
    [1001, 'Accepted', '1 d 7 h', new Date('2026-11-30T11:00:00Z'), 'ŁÓDŹ-β-01', 10.5],
    [1002, 'Pending', null, new Date('2027-01-02T23:30:15Z'), '=HYPERLINK("x")', null],
  ],
};

async function readXlsx(blob: Blob) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  return workbook.worksheets[0]!;
}

describe('toXlsx', () => {
  it('writes numbers as numbers, instants as UTC date cells in the spec’s format, nothing as nothing', async () => {
    const sheet = await readXlsx(await toXlsx(table, 'Order status'));
    expect(sheet.name).toBe('Order status');
    const row = sheet.getRow(2);
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(1).value).toBe(1001);
    expect(row.getCell(6).value).toBe(10.5);
    const calibration = row.getCell(4);
    expect(calibration.type).toBe(ExcelJS.ValueType.Date);
    // A spreadsheet date has no zone: the cell holds the instant's UTC wall clock.
    expect(calibration.value).toEqual(new Date('2026-11-30T11:00:00Z'));
    expect(calibration.numFmt).toBe('mm/dd/yyyy hh:mm:ss AM/PM');
    expect(sheet.getRow(3).getCell(4).value).toEqual(new Date('2027-01-02T23:30:15Z'));
    expect(row.getCell(5).value).toBe('ŁÓDŹ-β-01');
    // Empty cells hold no value at all, not an empty text.
    expect(sheet.getRow(3).getCell(3).type).toBe(ExcelJS.ValueType.Null);
    expect(sheet.getRow(3).getCell(6).type).toBe(ExcelJS.ValueType.Null);
    // A formula-like text stays a text.
    const subject = sheet.getRow(3).getCell(5);
    expect(subject.type).toBe(ExcelJS.ValueType.String);
    expect(subject.value).toBe('=HYPERLINK("x")');
  });

  it('keeps the bold header row in view and puts the filter on it, over every row', async () => {
    const sheet = await readXlsx(await toXlsx(table, 'Order status'));
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(table.headers);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:F3');
  });

  it('names the sheet within the spreadsheet’s rules', async () => {
    const sheet = await readXlsx(
      await toXlsx({ headers: ['A'], rows: [] }, 'Audit trail: a/b [c]? long name here'),
    );
    expect(sheet.name).toBe('Audit trail  a b  c   long name');
  });
});

describe('toCsv', () => {
  it('writes numbers plain, instants in UTC in the spec’s format, empty cells empty', async () => {
    const text = await (await toCsv(table)).text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      '#,Status,Late by,Calibration (UTC),Subject,Activity',
      '1001,Accepted,1 d 7 h,11/30/2026 11:00:00 AM,ŁÓDŹ-β-01,10.5',
      `1002,Pending,,01/02/2027 11:30:15 PM,"'=HYPERLINK(""x"")",`,
    ]);
  });
});

describe('toPdf', () => {
  it('embeds the Unicode font, only the glyphs it uses, with the map back to the text', async () => {
    const doc = await toPdf(table, { title: 'Order status', orientation: 'landscape' });
    expect(doc.getFont().fontName).toBe('NotoSans');
    const pdf = doc.output();
    expect(pdf).toContain('/BaseFont /NotoSans');
    expect(pdf).toContain('/Encoding /Identity-H');
    expect(pdf).toContain('/FontFile2');
    expect(pdf).toContain('/ToUnicode');
    // Every text is set in it: none in the standard fonts, which know Latin-1 only.
    const used = new Set([...pdf.matchAll(/\/(F\d+) [\d.]+ Tf/g)].map((m) => m[1]));
    expect([...used]).toEqual([String(doc.getFont().id).replace('/', '')]);
    // The font file is some 630 kB: the PDF holds the outlines of the glyphs its text uses
    // (jsPDF keeps the font's tables of names and metrics whole, some 100 kB).
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('keeps every row whole on one page: a wrapped date never leaves its AM/PM on the next', async () => {
    // Twelve columns in portrait wrap the date cell to two lines ("12/10/2026 02:00:00" / "PM").
    const headers = [
      'Row',
      'Status',
      'Site',
      'Center',
      'Drug',
      'Subject',
      'Calibration (UTC)',
      'Note',
      'Physician',
      'Protocol',
      'Visit',
      'Comment',
    ];
    const rows = Array.from({ length: 60 }, (_, i) => [
      `R${String(i + 1).padStart(3, '0')}`,
      'Accepted',
      'Site name',
      'Imaging center',
      'Amyloid',
      'SUBJ-01',
      new Date('2026-12-10T14:00:00Z'),
      'note',
      'Dr. Example',
      'PROTO-2026',
      'Screening',
      'Delivered to the hot lab',
    ]);
    const doc = await toPdf({ headers, rows }, { title: 'Order status', orientation: 'portrait' });
    const pages = doc.getNumberOfPages();
    expect(pages).toBeGreaterThan(1);
    // As the table writer laid it out: the date wraps, and no row runs onto a second page.
    const laidOut = (
      doc as unknown as {
        lastAutoTable: { body: { spansMultiplePages: boolean; cells: Record<string, { text: string[] }> }[] };
      }
    ).lastAutoTable;
    expect(laidOut.body[0]?.cells[6]?.text.length).toBeGreaterThan(1);
    expect(laidOut.body.filter((row) => row.spansMultiplePages)).toEqual([]);
    // As a reader sees it, page by page (poppler's pdftotext, where installed).
    if (!hasPdftotext) return;
    const dir = mkdtempSync(join(tmpdir(), 'pdf-rows-'));
    try {
      const file = join(dir, 'rows.pdf');
      writeFileSync(file, Buffer.from(doc.output('arraybuffer')));
      const seen: string[] = [];
      for (let page = 1; page <= pages; page++) {
        const text = execFileSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], {
          encoding: 'utf8',
          timeout: 20_000,
        });
        // The narrow Row column wraps an id as "R00" and "1" on two lines of its cell.
        const ids = (text.match(/R\d{2}\s*\d/g) ?? []).map((id) => id.replace(/\s+/g, ''));
        seen.push(...ids);
        // Each row on this page carries both halves of its date, and nothing of another row's.
        expect((text.match(/02:00:00/g) ?? []).length, `page ${page}`).toBe(ids.length);
        expect((text.match(/\bPM\b/g) ?? []).length, `page ${page}`).toBe(ids.length);
      }
      expect(seen).toEqual(rows.map((r) => r[0]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
