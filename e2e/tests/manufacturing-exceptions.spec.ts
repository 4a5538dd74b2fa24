import {
  apiHeaders,
  calendarMonthLoaded,
  choose,
  DEMO_PASSWORD,
  expect,
  fdgAvailability,
  loginAs,
  pickMenuItem,
  placeOrderByApi,
  removeExceptionsOn,
  SIGNATURE,
  screenshot,
  test,
} from '../fixtures.ts';

// Issue 21: a staff user blacks out a manufacture day of the demo's FDG availability (Isotope
// Labs Boston) on the Availability screen; Place order's calendar no longer offers the day, and
// the order already placed on it is flagged to staff and the CMO (dashboard banner, Order
// status filter). Nothing is canceled.

test('a blacked-out day is skipped by the calendar and its orders are flagged on the dashboard and the grid', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const subject = `EXC-${Date.now() % 1_000_000}`;
  const staff = await apiHeaders(request, 'staff');
  // The last day the calendar offers this month or next: the other specs take the first ones.
  const order = await placeOrderByApi(request, subject, { dayIndex: -1 });
  const { fdg, exceptionsUrl } = await fdgAvailability(request, staff);
  // A retry starts from no exception that day.
  await removeExceptionsOn(request, staff, exceptionsUrl, order.day, 'e2e retry');

  try {
    // Staff blacks the day out on the Availability screen.
    await loginAs(page, 'staff');
    await page.goto('/config/drug-availability');
    await page.getByRole('button', { name: `Manufacturing exceptions of Availability #${fdg.id}` }).click();
    const exceptions = page.getByRole('dialog', {
      name: `Manufacturing exceptions of Availability #${fdg.id}`,
    });
    await expect(exceptions).toBeVisible();
    await exceptions.getByRole('button', { name: 'Add exception' }).click();
    const form = page.getByRole('dialog', { name: 'Add exception' });
    await expect(form.getByText('The date must be one of its manufacture days')).toBeVisible();
    // Typed input is not dropped without asking.
    await form.getByRole('textbox', { name: 'Reason (maintenance, holiday…)' }).fill('Cyclotron maintenance');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Discard unsaved changes?' })).toBeVisible();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    const [year, month, day] = order.day.split('-');
    await form.getByRole('group', { name: 'Date' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(`${month}${day}${year}`);
    await choose(page, 'Exception', 'No manufacture');
    await form.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'availability-exception-form-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'availability-exception-form-1440');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Exception was added!')).toBeVisible();
    await expect(form).toHaveCount(0);
    const row = exceptions.getByRole('row').filter({ hasText: order.day });
    await expect(row).toContainText('No manufacture');
    await expect(row).toContainText('Cyclotron maintenance');
    await expect(row).toContainText(`#${order.number}`);
    // The small calendar marks the day.
    const marks = exceptions.getByRole('group', { name: 'Exceptions calendar' });
    const today = new Date();
    if (Number(year) * 12 + Number(month) > today.getFullYear() * 12 + today.getMonth() + 1) {
      await marks.getByRole('button', { name: 'Next month' }).click();
    }
    await expect(
      marks.getByRole('gridcell', { name: /No manufacture: Cyclotron maintenance/ }),
    ).toBeVisible();
    await screenshot(page, 'availability-exceptions-1440');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'availability-exceptions-1280');
    await exceptions.getByRole('button', { name: 'Close' }).click();

    // The dashboard banner tells staff, and leads to the flagged orders.
    await page.goto('/');
    const banner = page.getByRole('alert', { name: 'Manufacturing exceptions' });
    await expect(banner).toContainText('placed on a day with no manufacture');
    await screenshot(page, 'dashboard-exception-banner-1280');
    await banner.getByRole('link', { name: 'Show them' }).click();
    await expect(page).toHaveURL(/\/orders\/status\?exception=affected/);
    await expect(page.getByRole('switch', { name: 'Affected by a manufacturing exception' })).toBeChecked();
    await expect(page.getByRole('row').filter({ hasText: subject })).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'order-status-exception-filter-1440');
    await pickMenuItem(page, 'Account', 'Log out');
    await expect(page).toHaveURL(/\/login/);

    // The CMO sees the banner too, and filters its acknowledgement grid the same way.
    await loginAs(page, 'cmo');
    await expect(page.getByRole('alert', { name: 'Manufacturing exceptions' })).toContainText(
      'placed on a day with no manufacture',
    );
    await page.goto('/cmo/orders');
    await page.getByRole('switch', { name: 'Affected by a manufacturing exception' }).check();
    await expect(page.getByRole('row').filter({ hasText: subject })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'cmo-acknowledgement-exception-filter-1280');
    await pickMenuItem(page, 'Account', 'Log out');
    await expect(page).toHaveURL(/\/login/);

    // The site's Place order calendar no longer offers the day.
    await loginAs(page, 'site');
    await page.goto('/place-order');
    await choose(page, 'Study', 'ONCO-2026-01');
    await choose(page, 'Exam', 'FDG PET Whole Body');
    await choose(page, 'Imaging center', 'Windy City Imaging');
    await page.getByRole('textbox', { name: 'Subject' }).fill(`${subject}-2`);
    await choose(page, 'Timepoint', 'Baseline');
    const calendar = page.getByRole('group', { name: 'Availability calendar' });
    const now = new Date();
    if (Number(year) * 12 + Number(month) > now.getFullYear() * 12 + now.getMonth() + 1) {
      await calendar.getByRole('button', { name: 'Next month' }).click();
    }
    // Once the month's days have loaded (other days open, or none left this late in the month).
    await calendarMonthLoaded(page);
    await expect(calendar.getByRole('gridcell', { name: String(Number(day)), exact: true })).toBeDisabled();
    await screenshot(page, 'place-order-blacked-out-day-1440');
  } finally {
    // The day opens again for the specs after this one; the order stays as it was.
    await removeExceptionsOn(request, staff, exceptionsUrl, order.day);
  }
});
