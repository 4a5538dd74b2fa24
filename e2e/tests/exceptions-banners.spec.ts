import {
  apiHeaders,
  DEMO_PASSWORD,
  expect,
  fdgAvailability,
  loginAs,
  placeOrderByApi,
  removeExceptionsOn,
  screenshot,
  test,
} from '../fixtures.ts';

/**
 * Issue 33, manufacturing exceptions seen by the right people: the ordering site is told of its
 * order on a day that was blacked out, live and with the action it can take; the exceptions
 * calendar carries the day picked into "Add exception" and greys out the days without
 * manufacture.
 */

const viewport = { width: 1280, height: 800 };
const affectedFilter = JSON.stringify([
  { field: 'status', op: 'in', value: ['pending', 'accepted'] },
  { field: 'manufacture_closed', op: 'eq', value: true },
]);

test('the ordering site sees its order on a blacked-out day on its dashboard, live, with the action it can take', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const subject = `EXB-${Date.now() % 1_000_000}`;
  const site = await apiHeaders(request, 'site');
  const staff = await apiHeaders(request, 'staff');
  // The second-last open day: the manufacturing-exceptions spec blacks out the last one.
  const { day } = await placeOrderByApi(request, subject, { dayIndex: -2 });
  const { exceptionsUrl } = await fdgAvailability(request, staff);
  const affectedCount = async () =>
    (
      await (
        await request.get('/api/v1/orders', {
          headers: site,
          params: { filter: affectedFilter, fields: 'id' },
        })
      ).json()
    ).total as number;
  const before = await affectedCount();

  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  try {
    const streamOpened = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/events') && r.status() === 200,
    );
    await loginAs(page, 'site');
    await expect(page.getByRole('heading', { name: 'Accepted orders' })).toBeVisible();
    await streamOpened;
    const banner = page.getByRole('alert', { name: 'Manufacturing exceptions' });
    if (before === 0) await expect(banner).toHaveCount(0);
    // A reload would start a new document and lose this mark.
    await page.evaluate(() => {
      (window as unknown as { liveMark: string }).liveMark = 'same document';
    });

    // Staff blacks the day out (elsewhere): the site's dashboard tells it, without a reload.
    const closed = await request.post(exceptionsUrl, {
      headers: staff,
      data: {
        date: day,
        kind: 'closed',
        reason: 'Cyclotron maintenance',
        reasonForChange: 'Planned',
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(closed.status(), await closed.text()).toBe(201);
    const count = before + 1;
    await expect(banner).toContainText(
      count === 1
        ? '1 pending or accepted order is placed on a day with no manufacture'
        : `${count} pending or accepted orders are placed on a day with no manufacture`,
    );
    await expect(banner).toContainText(
      'They are not canceled: cancel each one and place it again on a manufacture day.',
    );
    await expect(banner).not.toContainText('with the CMO');
    expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe(
      'same document',
    );
    await expect(banner).toBeInViewport();
    await screenshot(page, 'dashboard-site-exception-banner-1280');

    // Show them: the site's own orders on such days, this one among them, where it cancels.
    await banner.getByRole('link', { name: 'Show them' }).click();
    await expect(page).toHaveURL(/\/orders\/status\?exception=affected/);
    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await screenshot(page, 'order-status-site-exception-filter-1280');

    // The day opens again: the banner goes, still without a reload.
    await page.goto('/');
    await expect(banner).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { liveMark: string }).liveMark = 'same document';
    });
    await removeExceptionsOn(request, staff, exceptionsUrl, day);
    if (before === 0) await expect(banner).toHaveCount(0);
    else await expect(banner).not.toContainText(`${count} pending`);
    expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe(
      'same document',
    );
  } finally {
    await removeExceptionsOn(request, staff, exceptionsUrl, day);
    await context.close();
  }
});

test('the exceptions calendar greys out a weekend of the Weekday rule and carries the picked day into Add exception', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = await apiHeaders(request, 'staff');
  const { fdg, exceptionsUrl } = await fdgAvailability(request, staff);
  const taken = new Set(
    ((await (await request.get(exceptionsUrl, { headers: staff })).json()) as { date: string }[]).map(
      (e) => e.date,
    ),
  );
  // Next month (the calendar opens on this one): its first Saturday, and a weekday without an exception.
  const now = new Date();
  const next = new Date(Date.UTC(now.getFullYear(), now.getMonth() + 1, 1));
  const dates = Array.from({ length: 28 }, (_, i) => new Date(next.getTime() + i * 86_400_000));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const saturday = dates.find((d) => d.getUTCDay() === 6)!;
  const weekday = dates.find(
    (d) =>
      ![0, 6].includes(d.getUTCDay()) &&
      !taken.has(iso(d)) &&
      iso(d) >= fdg.validFrom &&
      iso(d) <= fdg.validUntil,
  );
  expect(weekday, 'a weekday of next month within the validity').toBeTruthy();

  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  try {
    await loginAs(page, 'staff');
    await page.goto('/config/drug-availability');
    await page.getByRole('button', { name: `Manufacturing exceptions of Availability #${fdg.id}` }).click();
    const exceptions = page.getByRole('dialog', {
      name: `Manufacturing exceptions of Availability #${fdg.id}`,
    });
    const calendar = exceptions.getByRole('group', { name: 'Exceptions calendar' });
    await calendar.getByRole('button', { name: 'Next month' }).click();
    const monthName = next.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await expect(calendar.getByText(monthName)).toBeVisible();
    // While the month slides in, the old month's days are still in the grid: wait for one 15th.
    await expect(calendar.getByRole('gridcell', { name: '15', exact: true })).toHaveCount(1);
    const day = (d: Date) => calendar.getByRole('gridcell', { name: String(d.getUTCDate()), exact: true });
    // A Saturday and the Sunday after it: no manufacture, greyed out and not clickable.
    await expect(day(saturday)).toBeDisabled();
    await expect(day(new Date(saturday.getTime() + 86_400_000))).toBeDisabled();
    await expect(day(weekday!)).toBeEnabled();
    await screenshot(page, 'availability-exceptions-calendar-weekend-1280');

    // A manufacture day picked: Add exception opens with that Date.
    await day(weekday!).click();
    const form = page.getByRole('dialog', { name: 'Add exception' });
    await expect(form).toBeVisible();
    const [year, month, dayOfMonth] = iso(weekday!).split('-');
    const date = form.getByRole('group', { name: 'Date' });
    await expect(date).toContainText(`${month}/${dayOfMonth}/${year}`);
    await screenshot(page, 'availability-exception-form-picked-day-1280');
    // Nothing typed yet: it closes without asking, and nothing was added.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
    expect(
      ((await (await request.get(exceptionsUrl, { headers: staff })).json()) as { date: string }[]).some(
        (e) => e.date === iso(weekday!),
      ),
    ).toBe(false);
  } finally {
    await context.close();
  }
});
