import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD, expect, loginAs, pickMenuItem, screenshot, test } from '../fixtures.ts';

const EXPORT_DATE = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/;

/**
 * Creates drugs through the API as staff (signed with the e-signature). Drugs, because the lists
 * are newest first and the specs that look at the seeded drugs run before this one.
 */
async function createDrugs(request: APIRequestContext, names: string[]): Promise<void> {
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'staff', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { accessToken } = await login.json();
  for (const name of names) {
    const res = await request.post('/api/v1/drugs', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { name, otherName: `Alias of ${name.slice(-2)}`, electronicSignature: DEMO_PASSWORD },
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

test('staff exports every row matching the search — CSV, XLSX and PDF — with the visible columns', async ({
  page,
  request,
}) => {
  const prefix = `Export ${Date.now().toString(36)}`;
  const matching = Array.from({ length: 13 }, (_, i) => `${prefix} ${String(i + 1).padStart(2, '0')}`);
  // One more that the search leaves out.
  await createDrugs(request, [...matching, `Unrelated ${Date.now()}`]);

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
  expect(csv[0]).toEqual(['Name', 'Other name', 'Status', 'Created']);
  expect(
    csv
      .slice(1)
      .map((r) => r[0])
      .sort(),
  ).toEqual(matching);
  for (const row of csv.slice(1)) {
    expect(row[1]).toBe(`Alias of ${row[0]!.slice(-2)}`);
    expect(row[2]).toBe('Active');
    expect(row[3]).toMatch(EXPORT_DATE);
  }

  // Hide the Created column: the XLSX holds the three others only.
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
  expect(values[0]).toEqual(['Name', 'Other name', 'Status']);
  expect(
    values
      .slice(1)
      .map((r) => r[0])
      .sort(),
  ).toEqual(matching);
  expect(values.slice(1).every((r) => r.length === 3 && r[2] === 'Active')).toBe(true);

  const pdfDownload = await download(page, 'Export PDF');
  expect(pdfDownload.suggestedFilename()).toBe('Drugs.pdf');
  const pdf = await readFile(await pdfDownload.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // jsPDF writes its text uncompressed: the title, the rows, and A4 portrait pages (595 × 842 pt).
  const pdfText = pdf.toString('latin1');
  expect(pdfText).toContain('(Drugs)');
  for (const name of matching) expect(pdfText).toContain(`(${name})`);
  expect(pdfText).toMatch(/\/MediaBox \[0 0 595\.\d+ 841\.\d+\]/);

  // Print opens the same PDF in a frame of its own, from a local blob URL.
  await pickMenuItem(page, 'Export and print', 'Print');
  await expect(page.locator('iframe[data-testid="print-frame"]')).toHaveAttribute('src', /^blob:/);
});
