/**
 * The validation report as a PDF (jsPDF and jspdf-autotable, as the web's exports): A4 landscape,
 * the same content as the HTML page in the same order. `report` is report-data.mjs's buildReport.
 */
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { coverageText, REQUIREMENT_OUTCOMES } from './report-data.mjs';

/** jsPDF's standard fonts are WinAnsi: the catalogue's few other characters are spelled out. */
const SPELLED = {
  '→': '->',
  '←': '<-',
  '…': '...',
  '—': '-',
  '–': '-',
  '≥': '>=',
  '≤': '<=',
  '’': "'",
  '‘': "'",
  '“': '"',
  '”': '"',
  '§': '§',
};

export function pdfText(value) {
  return String(value ?? '').replace(/[^\t\n\r\u0020-\u00ff]/g, (c) => SPELLED[c] ?? '?');
}

const OUTCOME_COLOUR = {
  passed: [27, 67, 50],
  failed: [139, 0, 0],
  untested: [139, 0, 0],
  missing: [107, 78, 0],
  skipped: [107, 78, 0],
  'not run': [107, 78, 0],
};

/** Answers the PDF's bytes. */
export function renderPdf(report) {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4' });
  const margin = 40;
  let y = margin;
  const line = (text, size = 10, style = 'normal') => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    doc.text(pdfText(text), margin, y);
    y += size * 1.4;
  };
  const env = report.environment;
  line(`${report.product.name} - validation report`, 16, 'bold');
  line(`Version: ${report.product.version}`);
  line(`Commit: ${report.commit}`);
  line(`Date: ${report.date}`);
  line(`Node: ${env.node}`);
  line(`Database: ${env.database.join('; ')}`);
  line(`Browser: ${env.browser}`);
  line(`Content SHA-256: ${report.contentSha256} (of report.json; the files' own in SHA256SUMS)`);
  const spec = doc.splitTextToSize(pdfText(`Product spec: ${coverageText(report.coverage)}`), 760);
  doc.setFontSize(10);
  doc.text(spec, margin, y);
  y += spec.length * 14;
  y += 6;
  line('Totals per risk class', 12, 'bold');
  const table = (options) => {
    autoTable(doc, { startY: y, margin: { left: margin, right: margin }, theme: 'striped', ...options });
    y = doc.lastAutoTable.finalY + 16;
  };
  table({
    head: [['Risk', 'Requirements', ...REQUIREMENT_OUTCOMES]],
    body: Object.entries(report.totals).map(([risk, t]) => [
      risk,
      t.requirements,
      ...REQUIREMENT_OUTCOMES.map((o) => t[o]),
    ]),
  });
  line('The run', 12, 'bold');
  const run = report.run;
  table({
    head: [['Results file', 'Runner', 'Tests', 'Passed', 'Failed', 'Skipped']],
    body: [
      ...run.files.map((f) => [f.source, f.runner, f.total, f.passed, f.failed, f.skipped]),
      ['All', '', run.total, run.passed, run.failed, run.skipped],
    ],
  });
  if (run.ignored.length) line(`Not read: ${run.ignored.join(', ')}`, 9);
  if (report.problems.length) {
    line('Matrix problems', 12, 'bold');
    for (const p of report.problems) line(p, 9);
  }
  line(`Requirements (${report.requirements.length})`, 12, 'bold');
  table({
    head: [['Id', 'Risk', 'Requirement', 'Tests', 'Outcome']],
    styles: { fontSize: 7, cellPadding: 3, overflow: 'linebreak' },
    columnStyles: { 0: { cellWidth: 50 }, 1: { cellWidth: 40 }, 2: { cellWidth: 280 }, 4: { cellWidth: 50 } },
    body: report.requirements.map((r) => [
      r.id,
      r.risk,
      pdfText(`${r.text}\n[${r.source.join('; ')}]`),
      pdfText(
        r.tests.length
          ? r.tests.map((t) => `${t.outcome}: ${t.kind} ${t.file}:${t.line} ${t.title}`).join('\n')
          : 'no test',
      ),
      r.outcome,
    ]),
    didParseCell: (data) => {
      if (data.section === 'body' && data.column.index === 4) {
        data.cell.styles.textColor = OUTCOME_COLOUR[data.cell.raw] ?? [0, 0, 0];
        data.cell.styles.fontStyle = 'bold';
      }
    },
  });
  return Buffer.from(doc.output('arraybuffer'));
}
