import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { missingExportReaders, pdfText, readXlsx } from '../export-readers.ts';
import { DEMO_PASSWORD, expect, loginAs, pickMenuItem, screenshot, test } from '../fixtures.ts';

// The browser's zone is the report's zone: New York, so that groups are New York's months.
const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });

// The order statuses in lifecycle order, as the report's columns (the contract's orderStatusTable).
const STATUSES = ['pending', 'accepted', 'shipped', 'rejected', 'canceled', 'delivered'] as const;
type Counts = Record<(typeof STATUSES)[number] | 'total', number>;
type Report = Counts & { items: (Counts & { groupingKey: string })[] };

async function apiHeaders(request: APIRequestContext, username: string) {
  const login = await request.post('/api/v1/auth/login?includeUser=true', {
    data: { username, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { accessToken: string; user: { currentRole: { id: number | null } } };
  return {
    Authorization: `Bearer ${body.accessToken}`,
    ...(body.user.currentRole.id ? { 'Role-Id': String(body.user.currentRole.id) } : {}),
  };
}

/** A calendar day (yyyy-MM-dd) of an instant in New York. */
const nyDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(iso));
/** The start of a New York day as an instant (the zone's offset that day, DST included). */
function nyStartOf(day: string): string {
  const guess = new Date(`${day}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' })
    .formatToParts(guess)
    .find((p) => p.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return new Date(`${day}T00:00:00${offset || 'Z'}`).toISOString();
}
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function typeDate(page: Page, label: string, day: string) {
  const [y, m, d] = day.split('-');
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${m}${d}${y}`);
}

test('[RPT-001, RPT-002] staff generates the Orders Report by month and exports and prints it', async ({
  page,
  request,
}) => {
  // Two reports, a PDF (its writer and font loaded on first use) read back, and a print.
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, 'staff');
  const orders = (await (await request.get('/api/v1/orders', { headers, params: { size: 100 } })).json()) as {
    items: { createdAt: string; status: string }[];
    total: number;
  };
  expect(orders.total).toBe(orders.items.length);
  const days = orders.items.map((o) => nyDay(o.createdAt)).sort();
  const first = days[0]!;
  const last = days.at(-1)!;

  // The same query straight from the API, and the orders counted by hand, per New York month.
  const report = (await (
    await request.get('/api/v1/reports/orders-count', {
      headers,
      params: { from: nyStartOf(first), to: nyStartOf(nextDay(last)), tz: ZONE, grouping: 'month' },
    })
  ).json()) as Report;
  expect(report.total).toBe(orders.items.length);
  const byMonth = new Map<string, number>();
  for (const o of orders.items)
    byMonth.set(nyDay(o.createdAt).slice(0, 7), (byMonth.get(nyDay(o.createdAt).slice(0, 7)) ?? 0) + 1);
  expect(report.items.map((i) => [i.groupingKey, i.total])).toEqual([...byMonth.entries()].sort());
  for (const s of STATUSES) expect(report[s]).toBe(orders.items.filter((o) => o.status === s).length);

  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Orders Report' }).click();
  await expect(page).toHaveURL(/\/reports\/orders$/);
  await expect(page.getByRole('heading', { name: 'Order Report' })).toBeVisible();
  const generate = page.getByRole('button', { name: 'Generate Report' });
  await expect(generate).toBeDisabled();

  // To before From is refused.
  await typeDate(page, 'From', last);
  await typeDate(page, 'To', first);
  if (first < last) {
    await expect(page.getByText('Must not be before the from date')).toBeVisible();
    await expect(generate).toBeDisabled();
  }
  await typeDate(page, 'From', first);
  await typeDate(page, 'To', last);
  await expect(page.getByText('Must not be before the from date')).toBeHidden();
  await page.getByRole('combobox', { name: 'Grouping' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'No Grouping',
    'Group by Month',
    'Group by Quarter',
    'Group by Year',
  ]);
  await page.getByRole('option', { name: 'Group by Month' }).click();

  // Choosing a study limits the sites to its sites.
  await page.getByRole('combobox', { name: 'Study' }).click();
  await page.getByRole('option', { name: 'CARDIO-2024', exact: true }).click();
  await page.getByRole('combobox', { name: 'Clinical Site' }).click();
  const cardioSites = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Study' }).click();
  await page.getByRole('button', { name: 'Clear' }).first().click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Clinical Site' }).click();
  const allSites = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  expect(cardioSites.length).toBeLessThan(allSites.length);

  await generate.click();
  await expect(page.getByRole('heading', { name: 'Number of Orders per Status' })).toBeVisible();
  const table = page.getByRole('table');
  const headerCells = table.getByRole('columnheader');
  await expect(headerCells).toHaveText([
    'Month',
    'CMO',
    `# of Pending (${report.pending})`,
    `# of Accepted (${report.accepted})`,
    `# of Shipped (${report.shipped})`,
    `# of Rejected (${report.rejected})`,
    `# of Canceled (${report.canceled})`,
    `# of Delivered (${report.delivered})`,
    `Total (${report.total})`,
  ]);
  const bodyRows = table.locator('tbody tr');
  await expect(bodyRows).toHaveCount(report.items.length);
  for (const [i, item] of report.items.entries()) {
    await expect(bodyRows.nth(i).getByRole('cell')).toHaveText([
      item.groupingKey,
      'All CMOs',
      ...STATUSES.map((s) => String(item[s])),
      String(item.total),
    ]);
  }
  // No sorting, no filtering.
  await expect(page.getByRole('button', { name: /Show\/Hide search/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Show\/Hide filters/ })).toHaveCount(0);
  await screenshot(page, 'orders-report-by-month');

  // PDF: landscape A4 (842 × 595 pt), the report's parameters above the table.
  const downloaded = page.waitForEvent('download');
  await pickMenuItem(page, 'Export and print', 'Export PDF');
  const pdfDownload = await downloaded;
  expect(pdfDownload.suggestedFilename()).toBe('orders_report.pdf');
  const raw = (await readFile(await pdfDownload.path())).toString('latin1');
  expect(raw).toMatch(/\/MediaBox \[0 0 841\.\d+ 595\.\d+\]/);
  // The text is in the embedded Unicode font (its glyph numbers in the file): a PDF reader reads it.
  const missing = missingExportReaders();
  if (missing)
    test.info().annotations.push({ type: 'skipped part', description: `PDF text, XLSX: ${missing}` });
  else {
    const text = pdfText(await pdfDownload.path());
    expect(text).toContain('Number of Orders per Status');
    expect(text).toMatch(/From: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(text).toMatch(/To: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(text).toContain('Study: All');
    expect(text).toContain('Site: All');
    expect(text).toContain('CMO: All');
    expect(text).toContain('Grouped by: Month');
    for (const item of report.items) expect(text).toContain(item.groupingKey);

    // XLSX, read by openpyxl: the counts are numbers a spreadsheet can add.
    const xlsxDownloaded = page.waitForEvent('download');
    await pickMenuItem(page, 'Export and print', 'Export XLSX');
    const sheet = readXlsx(await (await xlsxDownloaded).path());
    expect(sheet.rows.slice(1).map((row) => row.map((c) => [c.type, c.value]))).toEqual(
      report.items.map((item) => [
        ['str', item.groupingKey],
        ['str', 'All CMOs'],
        ...[...STATUSES, 'total' as const].map((s) => ['int', item[s]]),
      ]),
    );
  }

  // Print opens the same PDF for printing.
  await pickMenuItem(page, 'Export and print', 'Print');
  await expect(page.locator('iframe[data-testid="print-frame"]')).toHaveAttribute('src', /^blob:/);

  // Without grouping: one row, no group column, no counts in the headers.
  await page.getByRole('combobox', { name: 'Grouping' }).click();
  await page.getByRole('option', { name: 'No Grouping' }).click();
  await generate.click();
  await expect(headerCells).toHaveText([
    'CMO',
    '# of Pending',
    '# of Accepted',
    '# of Shipped',
    '# of Rejected',
    '# of Canceled',
    '# of Delivered',
    'Total',
  ]);
  await expect(bodyRows).toHaveCount(1);
  await expect(bodyRows.first().getByRole('cell').last()).toHaveText(String(report.total));
  await screenshot(page, 'orders-report-ungrouped');
});

test('[RPT-007] staff reads a placed order’s audit trail with names, not ids', async ({ page, request }) => {
  // The site user places an FDG order for ONCO-2026-01 at Windy City on a day after tomorrow.
  const site = await apiHeaders(request, 'site');
  const options = await (await request.get('/api/v1/orders/options', { headers: site })).json();
  const study = options.studies.find((s: { name: string }) => s.name === 'ONCO-2026-01');
  const pairing = options.pairings.find(
    (p: { studyId: number; exam: { name: string } }) =>
      p.studyId === study.id && p.exam.name === 'FDG PET Whole Body',
  );
  const center = options.sites
    .find((s: { id: number }) => s.id === pairing.site.id)
    .imagingCenters.find((c: { name: string }) => c.name === 'Windy City Imaging');
  const ids = { studyId: study.id, siteId: pairing.site.id, examId: pairing.exam.id };
  const days = await (
    await request.get('/api/v1/drug-availabilities/search', { headers: site, params: ids })
  ).json();
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const day = days.find((d: { date: string }) => d.date > tomorrow);
  const timepoint = options.timepoints.find((t: { name: string }) => t.name === 'Baseline');
  const placed = await request.post('/api/v1/orders', {
    headers: site,
    data: {
      ...ids,
      imagingCenterId: center.id,
      timePointId: timepoint.id,
      subjectId: 'ONC-AUDIT-1',
      calibrationDatetime: day.intervals[0].start,
      additional_notes: '',
      electronicSignature: DEMO_PASSWORD,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { number } = await placed.json();

  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Audit trail' }).click();
  await page.getByRole('combobox', { name: 'Entity type' }).click();
  await page.getByRole('option', { name: 'Orders' }).click();
  const row = page.getByRole('row').filter({ hasText: 'ONC-AUDIT-1' });
  await expect(row).toContainText(String(number));
  await row.getByRole('button', { name: 'View Audit Trail' }).click();
  const history = page.getByRole('dialog', { name: `Audit Trail - Orders - Order ${number}` });
  await expect(history).toBeVisible();
  const entry = history.getByRole('row').nth(1);
  await expect(entry).toContainText('New');
  for (const text of [
    'Status: Pending',
    'Study: ONCO-2026-01',
    'Site: Lakeside Clinical Research',
    'Exam: FDG PET Whole Body',
    'Drug: Fludeoxyglucose F18',
    'Imaging center: Windy City Imaging',
    'Timepoint: Baseline',
    'Subject: ONC-AUDIT-1',
  ]) {
    await expect(entry).toContainText(text);
  }
  await expect(entry).toContainText(/CMO: \S/);
  await expect(entry).toContainText(/Calibration datetime: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(entry).not.toContainText(/Id: \d/);
  await screenshot(page, 'orders-report-order-audit-trail');
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
]) {
  test(`staff filters the report by CMO and reads the CMO after the group, at ${viewport.width}×${viewport.height}`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const headers = await apiHeaders(request, 'staff');
    const orders = (await (
      await request.get('/api/v1/orders', { headers, params: { size: 100 } })
    ).json()) as {
      items: { createdAt: string; cmo: { id: number; name: string } }[];
    };
    const days = orders.items.map((o) => nyDay(o.createdAt)).sort();
    const cmo = orders.items[0]!.cmo;
    const ofCmo = orders.items.filter((o) => o.cmo.id === cmo.id).length;

    await loginAs(page, 'staff');
    await page.goto('/reports/orders');
    await expect(page.getByText(/Orders are counted by their creation date/)).toBeInViewport();
    await typeDate(page, 'From', days[0]!);
    await typeDate(page, 'To', days.at(-1)!);
    await page.getByRole('combobox', { name: 'Grouping' }).click();
    await page.getByRole('option', { name: 'Group by Year' }).click();
    await page.getByRole('combobox', { name: 'CMO' }).click();
    await page.getByRole('option', { name: cmo.name, exact: true }).click();
    const asked = page.waitForRequest((r) => r.url().includes('/api/v1/reports/orders-count?'));
    await page.getByRole('button', { name: 'Generate Report' }).click();
    expect(new URL((await asked).url()).searchParams.get('cmoId')).toBe(String(cmo.id));

    const table = page.getByRole('table');
    const headerCells = table.getByRole('columnheader');
    await expect(headerCells.nth(0)).toHaveText('Year');
    await expect(headerCells.nth(1)).toHaveText('CMO');
    await expect(headerCells.last()).toHaveText(`Total (${ofCmo})`);
    await expect(table.locator('tbody tr').first().getByRole('cell').nth(1)).toHaveText(cmo.name);
    // Every header lies inside the window, none cut at the right.
    await page.getByRole('heading', { name: 'Number of Orders per Status' }).scrollIntoViewIfNeeded();
    for (const cell of await headerCells.all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    }
    await page.screenshot({ path: `/tmp/po-shots/orders-report-cmo-${viewport.width}.png` });
  });
}

test('the group column stays first whatever the order of the runs, and the CMO field shows the whole name at 1280×800', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const headers = await apiHeaders(request, 'staff');
  const orders = (await (await request.get('/api/v1/orders', { headers, params: { size: 100 } })).json()) as {
    items: { createdAt: string; cmo: { id: number; name: string } }[];
  };
  const days = orders.items.map((o) => nyDay(o.createdAt)).sort();
  const longest = orders.items.map((o) => o.cmo.name).sort((a, b) => b.length - a.length)[0]!;

  await loginAs(page, 'staff');
  await page.goto('/reports/orders');
  await typeDate(page, 'From', days[0]!);
  await typeDate(page, 'To', days.at(-1)!);
  const generate = page.getByRole('button', { name: 'Generate Report' });
  const headerCells = page.getByRole('table').getByRole('columnheader');
  // First a run without grouping, then one grouped by month: the group comes first, not last.
  await generate.click();
  await expect(headerCells.first()).toHaveText('CMO');
  await page.getByRole('combobox', { name: 'Grouping' }).click();
  await page.getByRole('option', { name: 'Group by Month' }).click();
  await generate.click();
  await expect(headerCells.first()).toHaveText('Month');
  await expect(headerCells.nth(1)).toHaveText('CMO');
  await expect(headerCells.last()).toHaveText(/^Total \(\d+\)$/);

  // The chosen CMO's name fits its field: nothing of it is scrolled out of view.
  const cmoField = page.getByRole('combobox', { name: 'CMO' });
  await cmoField.click();
  await page.getByRole('option', { name: longest, exact: true }).click();
  await expect(cmoField).toHaveValue(longest);
  const fits = await cmoField.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth);
  expect(fits).toBe(true);
  await screenshot(page, 'orders-report-group-first-cmo-whole');
});
