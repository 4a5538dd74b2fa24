import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { missingExportReaders, pdfText, readXlsx, type XlsxCell } from '../export-readers.ts';
import {
  acceptOrderByApi,
  apiHeaders,
  DEMO_PASSWORD,
  expect,
  loginAs,
  pickMenuItem,
  placeOrderByApi,
  screenshot,
  test,
} from '../fixtures.ts';

const EXPORT_DATE = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/;

/**
 * Creates drugs through the API as staff (signed with the e-signature). Drugs, because the lists
 * are newest first and the specs that look at the seeded drugs run before this one.
 */
async function createDrugs(
  request: APIRequestContext,
  names: string[],
  fields: { maxActivityMbq?: number } = {},
): Promise<void> {
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'staff', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { accessToken } = await login.json();
  for (const name of names) {
    const res = await request.post('/api/v1/drugs', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { name, otherName: `Alias of ${name.slice(-2)}`, ...fields, electronicSignature: DEMO_PASSWORD },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

async function download(page: Page, item: string): Promise<Download> {
  const downloaded = page.waitForEvent('download');
  await pickMenuItem(page, 'Export and print', item);
  return downloaded;
}

/** A small CSV reader for the test: quoted cells may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[1]!))
    .map((cells) => cells.map((c) => (c.startsWith('"') ? c.slice(1, -1).replaceAll('""', '"') : c)));
}

test('[FRM-013] staff exports every row matching the search — CSV, XLSX and PDF — with the visible columns', async ({
  page,
  request,
}) => {
  // Four exports, each loading its writer on first use (the PDF's with its font), and two files
  // read back by pdftotext: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  const prefix = `Export ${Date.now().toString(36)}`;
  const matching = Array.from({ length: 13 }, (_, i) => `${prefix} ${String(i + 1).padStart(2, '0')}`);
  // One more that the search leaves out.
  await createDrugs(request, matching, { maxActivityMbq: 1850.5 });
  await createDrugs(request, [`Unrelated ${Date.now()}`]);

  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Drugs' }).click();
  await expect(page.getByRole('heading', { name: 'Drugs' })).toBeVisible();
  await page.getByRole('button', { name: 'Show/Hide search' }).click();
  await page.getByPlaceholder('Search').fill(prefix);
  // One page of 10 on screen, 13 matches in all.
  await expect(page.getByText(`1-10 of ${matching.length}`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: prefix })).toHaveCount(10);

  await page.getByRole('button', { name: 'Export and print' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Export CSV', 'Export XLSX', 'Export PDF', 'Print']);
  await screenshot(page, 'export-menu');
  await page.keyboard.press('Escape');

  // CSV: every match (more than one page), the visible columns with their headers, UTC dates.
  const csvDownload = await download(page, 'Export CSV');
  expect(csvDownload.suggestedFilename()).toBe('Drugs.csv');
  const csv = parseCsv(await readFile(await csvDownload.path(), 'utf8'));
  expect(csv[0]).toEqual([
    'Name',
    'Other name',
    'Radionuclide',
    'Maximum activity (MBq)',
    'Status',
    'Created (UTC)',
  ]);
  expect(
    csv
      .slice(1)
      .map((r) => r[0])
      .sort(),
  ).toEqual(matching);
  for (const row of csv.slice(1)) {
    expect(row[1]).toBe(`Alias of ${row[0]!.slice(-2)}`);
    // These drugs carry no radionuclide; their maximum is a number, its unit in the header.
    expect(row[2]).toBe('');
    expect(row[3]).toBe('1850.5');
    expect(row[4]).toBe('Active');
    expect(row[5]).toMatch(EXPORT_DATE);
  }

  // Hide the Created column: the XLSX holds the five others only.
  await page.getByRole('button', { name: 'Show/Hide columns' }).click();
  await page.getByRole('switch', { name: 'Toggle visibility Created' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveCount(0);
  const xlsxDownload = await download(page, 'Export XLSX');
  expect(xlsxDownload.suggestedFilename()).toBe('Drugs.xlsx');
  const workbook = new ExcelJS.Workbook();
  const xlsx = await readFile(await xlsxDownload.path());
  // exceljs types its input as an ArrayBuffer.
  await workbook.xlsx.load(xlsx.buffer.slice(xlsx.byteOffset, xlsx.byteOffset + xlsx.byteLength));
  const sheet = workbook.worksheets[0]!;
  const values: string[][] = [];
  sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1).map(String)));
  expect(values[0]).toEqual(['Name', 'Other name', 'Radionuclide', 'Maximum activity (MBq)', 'Status']);
  expect(
    values
      .slice(1)
      .map((r) => r[0])
      .sort(),
  ).toEqual(matching);
  expect(values.slice(1).every((r) => r.length === 5 && r[4] === 'Active')).toBe(true);
  // Typed cells: the maximum a number, no radionuclide an empty cell (not an empty text).
  for (let i = 2; i <= sheet.rowCount; i++) {
    expect(sheet.getRow(i).getCell(4).value).toBe(1850.5);
    expect(sheet.getRow(i).getCell(3).type).toBe(ExcelJS.ValueType.Null);
  }

  const pdfDownload = await download(page, 'Export PDF');
  expect(pdfDownload.suggestedFilename()).toBe('Drugs.pdf');
  const pdf = await readFile(await pdfDownload.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // A4 portrait pages (595 × 842 pt), the text in the embedded Unicode font.
  const raw = pdf.toString('latin1');
  expect(raw).toMatch(/\/MediaBox \[0 0 595\.\d+ 841\.\d+\]/);
  expect(raw).toContain('/BaseFont /NotoSans');
  // The title and every row, as a PDF reader finds them.
  const missing = missingExportReaders();
  if (missing) test.info().annotations.push({ type: 'skipped part', description: `PDF text: ${missing}` });
  else {
    const text = pdfText(await pdfDownload.path());
    expect(text).toContain('Drugs');
    for (const name of matching) expect(text).toContain(name);
  }

  // Print opens the same PDF in a frame of its own, from a local blob URL.
  await pickMenuItem(page, 'Export and print', 'Print');
  await expect(page.locator('iframe[data-testid="print-frame"]')).toHaveAttribute('src', /^blob:/);
});

/** An instant as the spec's export writes it: UTC, `MM/dd/yyyy hh:mm:ss a`. */
function exportedUtc(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = d.getUTCHours() % 12 || 12;
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ${pad(hours)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
}

test('an order grid exports a formula-like subject as text, and its instants in UTC', async ({
  page,
  request,
}) => {
  // The contract allows any subject text: one Excel would run as a formula if the CSV wrote it raw.
  const run = Date.now().toString(36);
  const subject = `=HYPERLINK("x","${run}")`;
  const placed = await placeOrderByApi(request, subject);
  const order = await (
    await request.get(`/api/v1/orders/${placed.id}`, { headers: await apiHeaders(request, 'site') })
  ).json();

  test.setTimeout(120_000);
  await loginAs(page, 'site');
  await page.getByRole('navigation').getByRole('link', { name: 'Order status' }).click();
  // The grid's route loads on first use: on a loaded machine that can take a while.
  await expect(page.getByRole('heading', { name: 'Order status', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Show/Hide search' }).click();
  await page.getByPlaceholder('Search').fill(run);
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('1-1 of 1', { exact: true })).toBeVisible();
  // The grid shows the calibration on the imaging center's clock, its zone named.
  await expect(row).toContainText(/\d{2}:\d{2} C[SD]T/);

  const csvDownload = await download(page, 'Export CSV');
  const text = await readFile(await csvDownload.path(), 'utf8');
  // Written with a leading quote: a spreadsheet opens it as text, not as a formula.
  expect(text).toContain(`"'=HYPERLINK(""x"",""${run}"")"`);
  const csv = parseCsv(text);
  expect(csv).toHaveLength(2);
  const headers = csv[0]!;
  expect(headers).toContain('Calibration (UTC)');
  expect(headers).toContain('Projected delivery (UTC)');
  // Hidden on screen to fit, the requested activity is still exported (issue 21); none was asked.
  expect(headers).toContain('Activity');
  // The dose's journey (issue 35), hidden on screen, always in the CSV and XLSX: empty until shipped.
  for (const journey of ['Shipped (UTC)', 'Lot', 'Administered activity']) expect(headers).toContain(journey);
  const cell = (name: string) => csv[1]![headers.indexOf(name)];
  expect(cell('Subject')).toBe(`'${subject}`);
  expect(cell('Calibration (UTC)')).toBe(exportedUtc(order.calibrationDatetime));
  expect(cell('Calibration (UTC)')).toMatch(EXPORT_DATE);
  // Not accepted yet: no projected delivery.
  expect(csv[1]).toHaveLength(headers.length);
  expect(cell('Projected delivery (UTC)')).toBe('');
  // The status alone; its lateness (none: not accepted) in a column of its own.
  expect(cell('Status')).toBe('Pending');
  expect(headers.indexOf('Late by')).toBe(headers.indexOf('Status') + 1);
  expect(cell('Late by')).toBe('');
  expect(cell('Activity')).toBe('');
  expect(cell('Activity unit')).toBe('');

  // XLSX: the same text in a typed string cell, no formula and no quote added; the instant a date.
  const xlsxDownload = await download(page, 'Export XLSX');
  const workbook = new ExcelJS.Workbook();
  const xlsx = await readFile(await xlsxDownload.path());
  await workbook.xlsx.load(xlsx.buffer.slice(xlsx.byteOffset, xlsx.byteOffset + xlsx.byteLength));
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const subjectCell = sheet.getRow(2).getCell(header.indexOf('Subject') + 1);
  expect(subjectCell.type).toBe(ExcelJS.ValueType.String);
  expect(subjectCell.formula).toBeUndefined();
  expect(subjectCell.value).toBe(subject);
  const calibration = sheet.getRow(2).getCell(header.indexOf('Calibration (UTC)') + 1);
  expect(calibration.type).toBe(ExcelJS.ValueType.Date);
  expect(calibration.value).toEqual(new Date(order.calibrationDatetime));
});

/** Column `name`'s cell of a row read by openpyxl. */
const cellOf = (headers: XlsxCell[], row: XlsxCell[], name: string): XlsxCell => {
  const index = headers.findIndex((h) => h.value === name);
  expect(index, `column ${name}`).toBeGreaterThanOrEqual(0);
  return row[index]!;
};

/** openpyxl's reading of an instant written as a UTC date cell: its UTC wall clock, no zone. */
const utcWallClock = (iso: string) => new Date(iso).toISOString().slice(0, 19);

test('an order’s exports read back in the standard tools: typed XLSX cells, PDF text in every alphabet, status and lateness apart', async ({
  page,
  request,
}) => {
  const missing = missingExportReaders();
  test.skip(missing !== null, `Reads the files with the standard tools: ${missing}`);
  test.setTimeout(150_000);
  // Latin Extended, Greek and Cyrillic: jsPDF's standard fonts printed `ŁÓDŹ-β-01` as `AÓDy-²-01`.
  const run = Date.now().toString(36);
  const subject = `ŁÓDŹ-β-01 Привет ${run}`;
  const placed = await placeOrderByApi(request, subject, { requestedActivity: 10.5 });
  // Accepted for three minutes ago (the acceptance allows a few minutes of clock skew): late.
  await acceptOrderByApi(request, placed.id);
  const order = await (
    await request.get(`/api/v1/orders/${placed.id}`, { headers: await apiHeaders(request, 'site') })
  ).json();

  await loginAs(page, 'site');
  await page.getByRole('navigation').getByRole('link', { name: 'Order status' }).click();
  await expect(page.getByRole('heading', { name: 'Order status', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Show/Hide search' }).click();
  await page.getByPlaceholder('Search').fill(run);
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('1-1 of 1', { exact: true })).toBeVisible();
  // On screen the status says how late the order is, in one cell.
  await expect(row).toContainText(/Accepted · \d+ min late/);
  await screenshot(page, 'order-status-unicode-subject');

  // XLSX, read by openpyxl: # a number, instants datetimes in the spec's format, empty cells
  // empty, the header row frozen with its filter, status and lateness apart.
  const xlsxDownload = await download(page, 'Export XLSX');
  expect(xlsxDownload.suggestedFilename()).toBe('Order status.xlsx');
  const sheet = readXlsx(await xlsxDownload.path());
  expect(sheet.rows).toHaveLength(2);
  const [headers, cells] = sheet.rows as [XlsxCell[], XlsxCell[]];
  expect(sheet.freezePanes).toBe('A2');
  expect(sheet.autoFilter).toMatch(/^A1:[A-Z]+2$/);
  expect(headers.every((h) => h.type === 'str')).toBe(true);
  expect(cellOf(headers, cells, '#')).toMatchObject({ type: 'int', value: order.number });
  for (const [name, iso] of [
    ['Calibration (UTC)', order.calibrationDatetime],
    ['Projected delivery (UTC)', order.projectedDelivery],
  ]) {
    expect(cellOf(headers, cells, name)).toEqual({
      type: 'datetime',
      value: utcWallClock(iso),
      format: 'mm/dd/yyyy hh:mm:ss AM/PM',
    });
  }
  expect(cellOf(headers, cells, 'Subject')).toMatchObject({ type: 'str', value: subject });
  expect(cellOf(headers, cells, 'Status')).toMatchObject({ type: 'str', value: 'Accepted' });
  expect(cellOf(headers, cells, 'Late by')).toMatchObject({
    type: 'str',
    value: expect.stringMatching(/^\d+ min$/),
  });
  expect(cellOf(headers, cells, 'Activity')).toMatchObject({ type: 'float', value: 10.5 });
  expect(cellOf(headers, cells, 'Activity unit')).toMatchObject({
    type: 'str',
    value: order.activityUnit === 'mBq' ? 'MBq' : order.activityUnit,
  });
  // The site's own grid has no Site column; hidden columns (Timepoint, Drug) are not exported.
  expect(headers.map((h) => h.value)).not.toContain('Timepoint');
  // No cell holds an empty text: an empty cell is empty.
  expect(cells.filter((c) => c.value === '')).toEqual([]);

  // CSV: the same columns, texts.
  const csvDownload = await download(page, 'Export CSV');
  const csv = parseCsv(await readFile(await csvDownload.path(), 'utf8'));
  expect(csv[0]).toEqual(headers.map((h) => h.value));
  const csvCell = (name: string) => csv[1]![csv[0]!.indexOf(name)];
  expect(csvCell('#')).toBe(String(order.number));
  expect(csvCell('Subject')).toBe(subject);
  expect(csvCell('Status')).toBe('Accepted');
  expect(csvCell('Late by')).toMatch(/^\d+ min$/);
  expect(csvCell('Calibration (UTC)')).toBe(exportedUtc(order.calibrationDatetime));

  // PDF, read by pdftotext: the subject in its own letters, the status and its lateness apart.
  const pdfDownload = await download(page, 'Export PDF');
  expect(pdfDownload.suggestedFilename()).toBe('Order status.pdf');
  const text = pdfText(await pdfDownload.path());
  expect(text).toContain('Order status');
  expect(text).toContain('ŁÓDŹ-β-01');
  expect(text).toContain('Привет');
  expect(text).toContain('Late by');
  expect(text).not.toMatch(/Accepted · /);
  // A page has no room for the hidden journey columns (CSV and XLSX only).
  expect(text).not.toContain('Administere');
  expect(text).toContain(exportedUtc(order.calibrationDatetime));
});
