import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { missingExportReaders, readXlsx } from '../export-readers.ts';
import {
  apiHeaders,
  clockParts,
  DEMO_PASSWORD,
  expect,
  loginAs,
  newPairedStudy,
  pickMenuItem,
  searchGrid,
  test,
  utcWallClock,
} from '../fixtures.ts';

// Issue 35: Reports → Dose Accountability. A study of the test's own, with six doses driven to
// six outcomes through the API; the report counts them, lists them for the core lab and exports
// them; a CMO sees only its company's doses.

// The browser's clock is the report's: New York, the CMO's (the doses' days are its days).
const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });

/** Windy City Imaging's clock: the injection's local time is on it. */
const CENTER_ZONE = 'America/Chicago';
const CMO = 'Isotope Labs Boston';
const run = String(Date.now() % 1_000_000);
const sign = { electronicSignature: DEMO_PASSWORD };

/** A calendar day (yyyy-MM-dd) of an instant on a zone's clock. */
const dayIn = (zone: string, at: Date | string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(at));

/** An instant as `2026-11-28 14:05` on a zone's clock (the dose record's `injectedAtLocal`). */
function localTime(iso: string, zone: string): string {
  const p = clockParts(new Date(iso), zone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

async function call(
  request: APIRequestContext,
  method: 'put' | 'post',
  user: string,
  url: string,
  data: Record<string, unknown>,
  expected = 200,
) {
  const res = await request[method](url, {
    headers: await apiHeaders(request, user),
    data: { ...data, ...sign },
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(expected);
  return res.json();
}

/** The open FDG days after tomorrow with doses left, as the site would place on them. */
async function openDay(request: APIRequestContext, ids: { studyId: number; siteId: number; examId: number }) {
  const days = await (
    await request.get('/api/v1/drug-availabilities/search', {
      headers: await apiHeaders(request, 'site'),
      params: { studyId: ids.studyId, siteId: ids.siteId, examId: ids.examId },
    })
  ).json();
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const day = days.find((d: { date: string; remaining: number }) => d.date > tomorrow && d.remaining > 0);
  expect(day, 'an open day with doses left').toBeTruthy();
  return day as { date: string; intervals: { start: string }[] };
}

async function typeDate(page: Page, label: string, day: string) {
  const [y, m, d] = day.split('-');
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().focus();
  await page.keyboard.type(`${m}${d}${y}`);
}

/** Opens a region's export menu and picks an entry once the menu stands still. */
async function exportFrom(page: Page, region: Locator, item: string) {
  const downloaded = page.waitForEvent('download');
  await region.getByRole('button', { name: 'Export and print' }).click();
  const paper = page.getByRole('menu').locator('xpath=..');
  await expect(paper).toHaveCSS('opacity', '1');
  await expect(paper).toHaveCSS('transform', 'none');
  await page.getByRole('menuitem', { name: item }).click();
  return downloaded;
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/dose-acc-shots/${name}.png`, fullPage: true });
}

test('[ORD-030, ORD-031] staff reads the dose accountability of a study, its doses for the core lab and their XLSX; a CMO sees its own only', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const study = `E2E-DOSE-ACC-${run}`;
  const ids = await newPairedStudy(request, study);
  const placed: { id: number; number: number; calibration: string }[] = [];
  const place = async (subject: string) => {
    const day = await openDay(request, ids);
    const order = await call(
      request,
      'post',
      'site',
      '/api/v1/orders',
      {
        studyId: ids.studyId,
        siteId: ids.siteId,
        examId: ids.examId,
        imagingCenterId: ids.imagingCenterId,
        timePointId: ids.timepoint('Baseline'),
        subjectId: subject,
        calibrationDatetime: day.intervals[0]!.start,
        requestedActivity: 10,
      },
      201,
    );
    placed.push({ id: order.id, number: order.number, calibration: day.intervals[0]!.start });
    return order as { id: number; number: number };
  };
  const status = (o: { id: number }) => `/api/v1/orders/${o.id}/status`;
  const accept = (o: { id: number }) =>
    call(request, 'put', 'cmo', status(o), {
      status: 'accepted',
      // The projected delivery: tomorrow morning.
      relatedDatetime: `${new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10)}T10:00`,
      timezone: CENTER_ZONE,
    });
  const ship = (o: { id: number }, lot: string, expiresAt: string) =>
    call(request, 'put', 'cmo', status(o), {
      status: 'shipped',
      relatedDatetime: utcWallClock(-30),
      timezone: 'UTC',
      lotNumber: lot,
      assayedActivity: 12,
      assayedAt: utcWallClock(-40),
      expiresAt,
      courier: 'FastRad',
    });

  // Expired unused first: shipped with an expiry a minute or two away, never delivered.
  const expired = await place(`DA-EXP-${run}`);
  await accept(expired);
  await ship(expired, `L-EXP-${run}`, utcWallClock(2));
  // Administered, with a residual.
  const given = await place(`DA-ADM-${run}`);
  const lot = `L-ADM-${run}`;
  await accept(given);
  await ship(given, lot, utcWallClock(600));
  await call(request, 'put', 'staff', status(given), {
    status: 'delivered',
    relatedDatetime: utcWallClock(-20),
    timezone: 'UTC',
  });
  const administered = await call(request, 'put', 'staff', `/api/v1/orders/${given.id}/administration`, {
    administered: true,
    relatedDatetime: utcWallClock(-10),
    timezone: 'UTC',
    measuredActivity: 10,
    measuredAt: utcWallClock(-12),
    residualActivity: 0.4,
    residualAt: utcWallClock(-8),
  });
  // Not administered (scanner down), after a receipt far below the assay: a receipt deviation.
  const missed = await place(`DA-NOT-${run}`);
  await accept(missed);
  await ship(missed, `L-NOT-${run}`, utcWallClock(600));
  await call(request, 'put', 'staff', status(missed), {
    status: 'delivered',
    relatedDatetime: utcWallClock(-20),
    timezone: 'UTC',
    receivedActivity: 5,
    receivedAt: utcWallClock(-20),
    packageCondition: 'intact',
    comment: 'Low assay at receipt',
  });
  await call(request, 'put', 'staff', `/api/v1/orders/${missed.id}/administration`, {
    administered: false,
    reason: 'scanner_down',
  });
  // Rejected, canceled, and one still pending.
  const rejected = await place(`DA-REJ-${run}`);
  await call(request, 'put', 'cmo', status(rejected), { status: 'rejected', comment: 'Cyclotron down' });
  const canceled = await place(`DA-CAN-${run}`);
  await call(request, 'put', 'site', status(canceled), {
    status: 'canceled',
    comment: 'Subject rescheduled',
  });
  await place(`DA-PEN-${run}`);

  const from = dayIn(ZONE, new Date());
  const to = placed
    .map((p) => dayIn(ZONE, p.calibration))
    .sort()
    .at(-1)!;
  const staff = await apiHeaders(request, 'staff');
  const query = {
    from: new Date(`${from}T00:00:00Z`).toISOString(),
    to: new Date(Date.parse(`${to}T00:00:00Z`) + 3 * 86_400_000).toISOString(),
  };
  // The expiry passes: the report judges outcomes as of its own time.
  await expect
    .poll(
      async () =>
        (
          await (
            await request.get('/api/v1/reports/dose-accountability', {
              headers: staff,
              params: { ...query, studyId: ids.studyId },
            })
          ).json()
        ).expired,
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBe(1);

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Dose Accountability' }).click();
  await expect(page).toHaveURL(/\/reports\/dose-accountability$/);
  await expect(page.getByRole('heading', { name: 'Dose Accountability', level: 1 })).toBeVisible();
  await expect(
    page.getByText(/calibration time, from the start of From to the end of To \(America\/New_York/),
  ).toBeVisible();
  const generate = page.getByRole('button', { name: 'Generate Report' });
  await expect(generate).toBeDisabled();
  await typeDate(page, 'From', from);
  await typeDate(page, 'To', to);
  await page.getByRole('combobox', { name: 'Study' }).click();
  await page.getByRole('option', { name: study, exact: true }).click();
  await generate.click();

  // The counts: one dose at each outcome, three shipped, two delivered, one receipt deviation.
  const summary = page.getByRole('region', { name: 'Dose Accountability' });
  const counts = ['6', '1', '1', '3', '2', '1', '1', '1', '1', '1', '1'];
  await expect(summary.getByRole('columnheader')).toHaveText([
    'Study',
    'Clinical Site',
    'Ordered',
    'Rejected',
    'Canceled',
    'Shipped',
    'Delivered',
    'Administered',
    'Not administered',
    'Scanner unavailable',
    'Receipt deviations',
    'Expired unused',
    'Awaiting outcome',
  ]);
  const rows = summary.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('cell')).toHaveText([study, 'Lakeside Clinical Research', ...counts]);
  await expect(rows.nth(1).getByRole('cell')).toHaveText(['Total', '', ...counts]);
  await expect(summary.getByTestId('as-of')).toContainText(/As of \w{3} \d+, \d{4}, \d\d:\d\d E[SD]T/);
  // Figures right-aligned.
  await expect(rows.nth(0).getByRole('cell').nth(2)).toHaveCSS('text-align', 'right');

  // The Doses table: the administered dose with its lot, activity and local time with the zone.
  const doses = page.getByRole('region', { name: 'Doses' });
  const adm = administered.administration;
  const doseRow = doses.getByRole('row').filter({ hasText: lot });
  const local = `${localTime(adm.injectedAt, CENTER_ZONE)} ${CENTER_ZONE}`;
  await expect(doseRow).toContainText(String(given.number));
  await expect(doseRow).toContainText(`DA-ADM-${run}`);
  await expect(doseRow).toContainText('Administered');
  await expect(doseRow).toContainText(local);
  await expect(doseRow).toContainText(
    adm.administeredActivityMci.toLocaleString('en-US', { maximumFractionDigits: 2 }),
  );
  await expect(doseRow).toContainText('0.4 mCi');
  await expect(doses.getByRole('row').filter({ hasText: `L-NOT-${run}` })).toContainText(
    'Scanner unavailable',
  );
  await expect(doses.getByRole('row').filter({ hasText: `L-EXP-${run}` })).toContainText('Expired unused');
  await expect(doses.getByRole('alert')).toHaveCount(0);

  await shot(page, 'report-1280');
  // Nothing wider than the window at 1280 px, and neither table wider than its box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  for (const region of [summary, doses]) {
    const box = region.locator('.MuiTableContainer-root');
    const [scroll, client] = await box.evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(scroll, 'the table fits its box at 1280 px').toBeLessThanOrEqual(client!);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'report-1440');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The Doses table's XLSX, read back by openpyxl: typed cells, the injection a UTC date.
  const missing = missingExportReaders();
  if (missing) test.info().annotations.push({ type: 'skipped part', description: `XLSX: ${missing}` });
  else {
    const download = await exportFrom(page, doses, 'Export XLSX');
    expect(download.suggestedFilename()).toBe('core_lab_doses.xlsx');
    const sheet = readXlsx(await download.path());
    const headers = sheet.rows[0]!.map((c) => c.value);
    expect(headers).toEqual([
      'Order #',
      'Study',
      'Clinical Site',
      'Imaging Center',
      'Subject',
      'Timepoint',
      'Lot',
      'Outcome',
      'Injected (UTC)',
      'Injected (local)',
      'Time zone',
      'Administered MBq',
      'Administered mCi',
      'Residual',
      'Residual unit',
      'Not administered reason',
      'Comment',
    ]);
    expect(sheet.rows).toHaveLength(7);
    const row = sheet.rows.find((r) => r[0]?.value === given.number)!;
    const cell = (h: string) => row[headers.indexOf(h)]!;
    expect(cell('Lot').value).toBe(lot);
    expect(cell('Injected (UTC)').type).toBe('datetime');
    expect(`${cell('Injected (UTC)').value}`.slice(0, 16)).toBe(adm.injectedAt.slice(0, 16));
    expect(cell('Injected (local)').value).toBe(localTime(adm.injectedAt, CENTER_ZONE));
    expect(cell('Time zone').value).toBe(CENTER_ZONE);
    expect(cell('Administered mCi').value).toBeCloseTo(adm.administeredActivityMci, 6);
    expect(cell('Administered MBq').value).toBeCloseTo(adm.administeredActivityMbq, 6);
    expect([cell('Residual').value, cell('Residual unit').value]).toEqual([0.4, 'mCi']);
    const notGiven = sheet.rows.find((r) => r[0]?.value === missed.number)!;
    expect(notGiven[headers.indexOf('Not administered reason')]?.value).toBe('Scanner unavailable');

    // Order status exports what its grid shows the same way (Core lab export).
    await page.goto('/orders/status');
    await page.getByRole('button', { name: 'Show/Hide search' }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill(`DA-ADM-${run}`);
    await expect(page.getByRole('row').filter({ hasText: `DA-ADM-${run}` })).toHaveCount(1);
    // The export reads the grid's list as searched: wait until the search has narrowed it.
    await expect(page.locator('main').getByText(/^1-1 of 1$/)).toBeVisible();
    const grid = await exportFrom(page, page.locator('main'), 'Core lab export (XLSX)');
    expect(grid.suggestedFilename()).toBe('core_lab_doses.xlsx');
    const gridSheet = readXlsx(await grid.path());
    expect(gridSheet.rows[0]!.map((c) => c.value)).toEqual(headers);
    expect(gridSheet.rows).toHaveLength(2);
    expect(gridSheet.rows[1]![headers.indexOf('Lot')]?.value).toBe(lot);
    expect(gridSheet.rows[1]![headers.indexOf('Injected (local)')]?.value).toBe(
      localTime(adm.injectedAt, CENTER_ZONE),
    );
  }

  // A CMO sees its company's doses only: every dose it is sent is its own, as many as staff count.
  const wide = {
    from: new Date(Date.now() - 90 * 86_400_000).toISOString(),
    to: new Date(Date.now() + 120 * 86_400_000).toISOString(),
  };
  const all = (
    await (
      await request.get('/api/v1/reports/dose-accountability/doses', { headers: staff, params: wide })
    ).json()
  ).items as { cmo: { name: string } }[];
  const cmoHeaders = await apiHeaders(request, 'cmo');
  const own = (
    await (
      await request.get('/api/v1/reports/dose-accountability/doses', { headers: cmoHeaders, params: wide })
    ).json()
  ).items as { cmo: { name: string } }[];
  expect(own.length).toBeGreaterThan(0);
  expect(own.every((d) => d.cmo.name === CMO)).toBe(true);
  expect(own.length).toBe(all.filter((d) => d.cmo.name === CMO).length);

  await pickMenuItem(page, 'Account', 'Log out');
  await expect(page).toHaveURL(/\/login/);
  await loginAs(page, 'cmo');
  await page.getByRole('navigation').getByRole('link', { name: 'Dose Accountability' }).click();
  await typeDate(page, 'From', from);
  await typeDate(page, 'To', to);
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const cmoSummary = page.getByRole('region', { name: 'Dose Accountability' });
  const total = cmoSummary.locator('tbody tr').filter({ hasText: 'Total' });
  const cmoQuery = {
    from: new Date(`${from}T05:00:00Z`).toISOString(),
    to: new Date(Date.parse(`${to}T05:00:00Z`) + 86_400_000).toISOString(),
  };
  const expectedCmo = (
    await (
      await request.get('/api/v1/reports/dose-accountability', { headers: cmoHeaders, params: cmoQuery })
    ).json()
  ).ordered as number;
  await expect(total.getByRole('cell').nth(2)).toHaveText(String(expectedCmo));
  await expect(cmoSummary.locator('tbody tr').filter({ hasText: study })).toHaveCount(1);
  const cmoDoses = page.getByRole('region', { name: 'Doses' });
  // The CMO's doses of other specs in the range fill the table's first page.
  await searchGrid(cmoDoses, lot);
  await expect(cmoDoses.getByRole('row').filter({ hasText: lot })).toHaveCount(1);
  await shot(page, 'report-cmo-1280');
});
