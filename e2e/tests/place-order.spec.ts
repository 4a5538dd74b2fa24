import {
  apiHeaders,
  choose,
  DEMO_PASSWORD,
  expect,
  firstOpenDay,
  loginAs,
  SIGNATURE,
  screenshot,
  test,
} from '../fixtures.ts';

/** Back to the top, so that a full-page screenshot shows the app bar where it belongs. */
const toTop = (page: import('@playwright/test').Page) => page.evaluate(() => window.scrollTo(0, 0));

test('[ORD-001, ORD-003] a site user places an order on an available day and hour and follows the link of the toast', async ({
  page,
}) => {
  await loginAs(page, 'site');
  await page.getByRole('navigation').getByRole('link', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Place order' })).toBeVisible();

  await page.getByRole('button', { name: 'How to place an order' }).click();
  const help = page.getByRole('dialog', { name: 'How to place an order' });
  await expect(help.getByText('Pick a day in the calendar')).toBeVisible();
  await screenshot(page, 'place-order-help');
  await help.getByRole('button', { name: 'Close' }).click();

  // A site user orders for its own site only.
  await expect(page.getByRole('combobox', { name: 'Site' })).toHaveValue('Lakeside Clinical Research');
  await expect(page.getByRole('combobox', { name: 'Site' })).toBeDisabled();
  await screenshot(page, 'place-order-empty');

  await choose(page, 'Study', 'ONCO-2026-01');
  await choose(page, 'Exam', 'FDG PET Whole Body');
  await choose(page, 'Imaging center', 'Windy City Imaging');
  await expect(page.getByRole('textbox', { name: 'Imaging center time zone' })).toHaveValue(
    /^America\/Chicago \(UTC-0[56]:00\)$/,
  );
  const subject = page.getByRole('textbox', { name: 'Subject' });
  await subject.fill('S'.repeat(51));
  await expect(page.getByText('Subject can be max 50 characters long')).toBeVisible();
  await subject.fill('ONC-E2E-01');
  await choose(page, 'Timepoint', 'Baseline');
  await page.getByRole('textbox', { name: 'Additional notes' }).fill('Morning slot please');
  await expect(page.getByText('19/1000')).toBeVisible();

  // Days without doses are disabled; pick the first open one, then its first hour.
  await (await firstOpenDay(page)).click();
  await page.getByRole('combobox', { name: 'Calibration time' }).click();
  const hours = page.getByRole('option');
  await expect(hours.first()).toBeVisible();
  await hours.first().click();
  await expect(page.getByRole('textbox', { name: 'Calibration date-time' })).toHaveValue(
    /^\d{4}-\d{2}-\d{2} \d{2}:00 \(UTC-0[56]:00\)$/,
  );
  // A wrong password is refused on the password field, and nothing is placed.
  const password = page.getByLabel(SIGNATURE);
  await password.fill('NotMyPassword1');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('The password is incorrect, the action was not signed')).toBeVisible();
  await password.fill(DEMO_PASSWORD);
  await toTop(page);
  await screenshot(page, 'place-order-filled');

  await page.getByRole('button', { name: 'Place order' }).click();
  const link = page.getByRole('link', { name: /^Order #\d+ was placed!$/ });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', /^\/orders\/\d+$/);
  const href = await link.getAttribute('href');
  // The form starts again.
  await expect(subject).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Study' })).toHaveValue('');
  await toTop(page);
  // Not the shared screenshot helper: it fast-forwards animations, and the toast's progress bar
  // running out closes the toast.
  await page.screenshot({ path: 'test-results/screens/place-order-placed.png', fullPage: true });
  await link.click();
  await expect(page).toHaveURL(href ?? '/orders/');
});

test('[ORD-004] a day booked out while the form is open is refused, then cannot be picked', async ({
  page,
  request,
}) => {
  // The first PSMA day after tomorrow (ONCO-2026-01 at Lakeside, Tu/Th, 3 doses).
  const headers = await apiHeaders(request, 'site');
  const options = await (await request.get('/api/v1/orders/options', { headers })).json();
  const study = options.studies.find((s: { name: string }) => s.name === 'ONCO-2026-01');
  const pairing = options.pairings.find(
    (p: { studyId: number; exam: { name: string } }) => p.studyId === study.id && p.exam.name === 'PSMA PET',
  );
  const site = options.sites.find((s: { id: number }) => s.id === pairing.site.id);
  const center = site.imagingCenters.find((c: { name: string }) => c.name === 'Windy City Imaging');
  const ids = { studyId: study.id, siteId: site.id, examId: pairing.exam.id };
  const days = await (
    await request.get('/api/v1/drug-availabilities/search', { headers, params: ids })
  ).json();
  // After tomorrow, so that none of its hours passes while the test runs.
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const target = days.find((d: { date: string }) => d.date > tomorrow);
  expect(target).toBeTruthy();

  // The site user picks that day and an hour.
  await loginAs(page, 'site');
  await page.goto('/place-order');
  await choose(page, 'Study', 'ONCO-2026-01');
  await choose(page, 'Exam', 'PSMA PET');
  await choose(page, 'Imaging center', 'Windy City Imaging');
  await page.getByRole('textbox', { name: 'Subject' }).fill('ONC-E2E-02');
  await choose(page, 'Timepoint', 'Week 4');
  const calendar = page.getByRole('group', { name: 'Availability calendar' });
  const [year, month, dayOfMonth] = target.date.split('-').map(Number);
  const now = new Date();
  if (year * 12 + month > now.getFullYear() * 12 + now.getMonth() + 1) {
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  const targetDay = calendar.getByRole('gridcell', { name: String(dayOfMonth), exact: true });
  await targetDay.click();
  // Another open day of the month, if it has one: booking out the target must leave it open.
  const otherDay = await calendar
    .locator('button[role="gridcell"]:not([disabled])')
    .evaluateAll(
      (days, target) => days.map((d) => d.textContent).find((t) => t !== target) ?? null,
      String(dayOfMonth),
    );
  await choose(page, 'Calibration time', '07:00');
  await page.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);

  // Meanwhile the day's last doses go to other orders.
  for (let i = 0; i < target.remaining; i++) {
    const placed = await request.post('/api/v1/orders', {
      headers,
      data: {
        ...ids,
        imagingCenterId: center.id,
        timePointId: options.timepoints[0].id,
        subjectId: `FULL-${i}`,
        calibrationDatetime: target.intervals[0].start,
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(placed.status()).toBe(201);
  }

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(
    page.getByText('The day you picked is no longer available, please pick another day'),
  ).toBeVisible();
  // The calendar is asked again: the booked-out day is disabled, other days stay open.
  await expect(targetDay).toBeDisabled();
  if (otherDay) await expect(calendar.getByRole('gridcell', { name: otherDay, exact: true })).toBeEnabled();
  await expect(page.getByRole('combobox', { name: 'Calibration time' })).toHaveText(/^[\s\u200b]*$/);
  await toTop(page);
  await screenshot(page, 'place-order-booked-day');
});

test('[ORD-006] an imaging-center user orders as its own center, for the sites linked to it', async ({
  page,
}) => {
  await loginAs(page, 'imaging');
  await page.getByRole('navigation').getByRole('link', { name: 'Place order' }).click();
  const center = page.getByRole('combobox', { name: 'Imaging center' });
  await expect(center).toHaveValue('Windy City Imaging');
  await expect(center).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Imaging center time zone' })).toHaveValue(
    /^America\/Chicago/,
  );
  await choose(page, 'Study', 'ONCO-2026-01');
  await page.getByRole('combobox', { name: 'Site' }).click();
  // Only sites linked to the center: Hudson Oncology Center is in the study but not linked to it.
  // (Another spec may link Rocky Mountain Trials to the center first, so the list is not fixed.)
  await expect(page.getByRole('option', { name: 'Lakeside Clinical Research' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Hudson Oncology Center' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Lakeside Clinical Research' }).click();
  await choose(page, 'Exam', 'FDG PET Whole Body');
  // Study, site, exam and the fixed center are enough to show the days (this month's or, when
  // none is left, the next month's).
  await firstOpenDay(page);
  await toTop(page);
  await screenshot(page, 'place-order-imaging-center');
});
