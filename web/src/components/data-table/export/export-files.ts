import { csvSafeTable, type ExportTable, exportText, XLSX_DATE_FORMAT } from './export-data.ts';

// The writers load their libraries on first use (dynamic import): together they weigh about
// 430 kB gzipped and would otherwise break the initial download budget. The PDF's font comes
// the same way, with the PDF writer only.

export type ExportFormat = 'csv' | 'xlsx' | 'pdf' | 'print';

export interface PdfOptions {
  /** Written above the table. */
  title?: string;
  orientation: 'portrait' | 'landscape';
  /** Written under the title, one per line. */
  lines?: string[];
}

/** Spec section 8: font size 15, line height factor 1.15, 40-unit side margins, striped table, A4. */
const PDF_FONT_SIZE = 15;
const PDF_LINE_HEIGHT = 1.15;
const PDF_MARGIN = 40;

/** The PDF's font has no arrow (the history's `old → new`): it is written as `->`. */
const pdfText = (text: string) => text.replaceAll('→', '->');

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; it can go once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * CSV through papaparse; a byte-order mark lets spreadsheet programs read it as UTF-8, and
 * formula-like cells are escaped (csvSafeTable) so that opening the file runs nothing.
 */
export async function toCsv(table: ExportTable): Promise<Blob> {
  const { default: Papa } = await import('papaparse');
  const safe = csvSafeTable(table);
  const text = Papa.unparse({ fields: safe.headers, data: safe.rows });
  return new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' });
}

/**
 * One worksheet, through exceljs, whose cells keep their types: numbers are numbers, instants
 * are date cells, empty cells hold nothing. A date cell holds the instant's UTC date and time
 * (a spreadsheet's dates have no zone; the column's header says `(UTC)`), shown in the spec's
 * export format, so that it reads as the CSV and sorts as a date. Texts are typed strings
 * (never a formula: a text starting with `=` stays text), so nothing needs escaping here. The
 * header row is bold, stays in view while scrolling, and carries the filter buttons.
 */
export async function toXlsx(table: ExportTable, sheetName: string): Promise<Blob> {
  const mod = await import('exceljs');
  // The browser build is a UMD bundle: its classes arrive as the default export.
  const { Workbook } = mod.default ?? mod;
  const workbook = new Workbook();
  // Worksheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'data', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.addRow(table.headers).font = { bold: true };
  for (const cells of table.rows) {
    const row = sheet.addRow(cells);
    cells.forEach((cell, i) => {
      if (cell instanceof Date) row.getCell(i + 1).numFmt = XLSX_DATE_FORMAT;
    });
  }
  if (table.headers.length > 0) {
    sheet.autoFilter = {
      from: { row: 1, column: 1 },
      to: { row: table.rows.length + 1, column: table.headers.length },
    };
  }
  table.headers.forEach((header, i) => {
    const widest = Math.max(header.length, ...table.rows.map((r) => exportText(r[i] ?? null).length));
    // Room for the filter button beside the header.
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(10, widest + 4));
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/**
 * The title at the top, then the striped table, on A4 pages (jspdf + jspdf-autotable), in Noto
 * Sans: jsPDF's standard fonts know Latin-1 only (`ŁÓDŹ-β-01` printed as `AÓDy-²-01`). One
 * weight is embedded; the header row stands out by its colour, not by a bold face.
 */
export async function toPdf(table: ExportTable, options: PdfOptions) {
  const [{ jsPDF }, { autoTable }, font] = await Promise.all([
    import('jspdf'),
    import('jspdf-autotable'),
    import('./pdf-font.ts'),
  ]);
  const doc = new jsPDF({ orientation: options.orientation, unit: 'pt', format: 'a4' });
  doc.addFileToVFS(font.PDF_FONT_FILE, font.pdfFontBase64);
  doc.addFont(font.PDF_FONT_FILE, font.PDF_FONT_NAME, 'normal');
  doc.setFont(font.PDF_FONT_NAME, 'normal');
  doc.setFontSize(PDF_FONT_SIZE);
  doc.setLineHeightFactor(PDF_LINE_HEIGHT);
  let startY = PDF_MARGIN;
  if (options.title) {
    doc.text(pdfText(options.title), PDF_MARGIN, PDF_MARGIN, { baseline: 'top' });
    startY += PDF_FONT_SIZE * PDF_LINE_HEIGHT + 10;
  }
  for (const line of options.lines ?? []) {
    doc.text(pdfText(line), PDF_MARGIN, startY, { baseline: 'top' });
    startY += PDF_FONT_SIZE * PDF_LINE_HEIGHT;
  }
  if (options.lines?.length) startY += 10;
  autoTable(doc, {
    head: [table.headers.map(pdfText)],
    body: table.rows.map((row) => row.map((cell) => pdfText(exportText(cell)))),
    startY,
    theme: 'striped',
    styles: { font: font.PDF_FONT_NAME, fontStyle: 'normal' },
    headStyles: { fontStyle: 'normal' },
    margin: { left: PDF_MARGIN, right: PDF_MARGIN },
    // A row that does not fit at the foot of a page starts the next one whole: split, a wrapped
    // cell reads as two rows ("12/10/2026 02:00:00" on one page, "PM" on the next).
    rowPageBreak: 'avoid',
  });
  return doc;
}

let printFrame: HTMLIFrameElement | null = null;

/**
 * Opens the PDF for printing: the document carries a print action (autoPrint) and loads into
 * an invisible frame, whose PDF viewer opens the print dialog. Nothing leaves the browser.
 */
export async function printPdf(table: ExportTable, options: PdfOptions): Promise<void> {
  const doc = await toPdf(table, options);
  doc.autoPrint();
  const url = URL.createObjectURL(doc.output('blob'));
  // One frame at a time: the previous print job is done with once another starts.
  if (printFrame) {
    URL.revokeObjectURL(printFrame.src);
    printFrame.remove();
  }
  const frame = document.createElement('iframe');
  frame.title = 'Print';
  frame.dataset.testid = 'print-frame';
  // Not display:none — Chromium does not start the PDF viewer in a frame that is not rendered.
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
  });
  frame.src = url;
  document.body.append(frame);
  printFrame = frame;
}
