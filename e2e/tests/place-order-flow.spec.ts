import type { Locator, Page } from '@playwright/test';
import {
  availabilityCalendar,
  choose,
  DEMO_PASSWORD,
  expect,
  expectInView,
  firstOpenDay,
  loginAs,
  SIGNATURE,
  test,
} from '../fixtures.ts';

// Issue 18, Place order: a coordinator's day at 1280×800.
test.use({ viewport: { width: 1280, height: 800 } });
// Login, three lookups, a day and an hour, and the placement: near a minute on the loaded 2-core machine.
test.setTimeout(120_000);

/** `site` on Place order with ONCO-2026-01, FDG PET Whole Body and Windy City Imaging chosen. */
async function openForm(page: Page): Promise<Locator> {
  await loginAs(page, 'site');
  await page.getByRole('navigation').getByRole('link', { name: 'Place order' }).click();
  await choose(page, 'Study', 'ONCO-2026-01');
  await choose(page, 'Exam', 'FDG PET Whole Body');
  await choose(page, 'Imaging center', 'Windy City Imaging');
  // Late in a month its days may all be gone: the form then starts on the next month.
  await firstOpenDay(page);
  return availabilityCalendar(page);
}

/** Picks the first open day (in the next month when this one has none left) and its first hour. */
async function pickDayAndHour(page: Page) {
  await (await firstOpenDay(page)).click();
  await page.getByRole('combobox', { name: 'Calibration time' }).click();
  await page.getByRole('option').first().click();
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('after a day is picked, the month arrows still move to the next month and back', async ({ page }) => {
  const calendar = await openForm(page);
  const month = calendar.locator('.MuiPickersCalendarHeader-label');
  const shown = (await month.textContent()) ?? '';
  await calendar.locator('button[role="gridcell"]:not([disabled])').first().click();
  await expect(calendar.locator('button[role="gridcell"][aria-selected="true"]')).toHaveCount(1);

  await calendar.getByRole('button', { name: 'Next month' }).click();
  await expect(month).not.toHaveText(shown);
  const next = (await month.textContent()) ?? '';
  // The next month's days arrive (the calendar asks for them): the month stays.
  await expect(calendar.locator('.MuiDayCalendarSkeleton-root')).toHaveCount(0);
  await page.waitForTimeout(1000);
  await expect(month).toHaveText(next);
  await expectInView(month);
  await page.screenshot({ path: '/tmp/po-shots/calendar-next-month.png' });

  await calendar.getByRole('button', { name: 'Previous month' }).click();
  await expect(month).toHaveText(shown);
  // The picked day is still the one picked.
  await expect(calendar.locator('button[role="gridcell"][aria-selected="true"]')).toHaveCount(1);
});

test('[ORD-003] after an order is placed the form starts at the top, the calendar in view and no toast on it', async ({
  page,
}) => {
  const calendar = await openForm(page);
  await page.getByRole('textbox', { name: 'Subject' }).fill('ONC-E2E-TOP');
  await choose(page, 'Timepoint', 'Baseline');
  await pickDayAndHour(page);
  await page.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  const placeButton = page.getByRole('button', { name: 'Place order' });
  await placeButton.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await placeButton.click();

  const toast = page.locator('.Toastify__toast').filter({ hasText: /^Order #\d+ was placed!$/ });
  await expect(toast).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { name: 'Place order' })).toBeInViewport();
  // The calendar is in view, and no toast lies over it (once the toast has dropped in from above).
  const calendarBox = await expectInView(calendar);
  await expect(toast).toHaveCSS('transform', 'none');
  const toastBox = await expectInView(toast);
  expect(overlap(calendarBox, toastBox)).toBe(false);
  await page.screenshot({ path: '/tmp/po-shots/place-order-after-success.png' });
});

test('[ORD-005] a server error when placing shows one red toast, in the words of the spec', async ({
  page,
}) => {
  const calendar = await openForm(page);
  await page.getByRole('textbox', { name: 'Subject' }).fill('ONC-E2E-500');
  await choose(page, 'Timepoint', 'Baseline');
  await pickDayAndHour(page);
  await page.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await page.route('**/api/v1/orders', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  const errors = page.locator('.Toastify__toast--error');
  await expect(errors.first()).toHaveText('Error placing the order');
  // Both would have appeared at once; give a second one time to show.
  await page.waitForTimeout(800);
  await expect(errors).toHaveCount(1);
  await expect(errors).toHaveText('Error placing the order');
  // Once it has dropped in from above.
  await expect(errors).toHaveCSS('transform', 'none');
  const toastBox = await expectInView(errors);
  // The form stays where the user was: whatever of the calendar is in view (below the app bar,
  // which hides the rest), the toast is not on it.
  const calendarBox = await calendar.boundingBox();
  const barBottom = (await page.getByRole('banner').boundingBox())?.height ?? 0;
  const shown = calendarBox && {
    ...calendarBox,
    y: Math.max(calendarBox.y, barBottom),
    height: calendarBox.y + calendarBox.height - Math.max(calendarBox.y, barBottom),
  };
  expect(shown && shown.height > 0 && overlap(shown, toastBox)).toBe(false);
  await page.screenshot({ path: '/tmp/po-shots/place-order-500.png' });
});
