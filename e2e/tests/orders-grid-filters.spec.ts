import { expect, loginAs, screenshot, test } from '../fixtures.ts';

test('the order grid column filters open, and a calibration date range keeps its last day', async ({
  page,
}) => {
  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Order status' }).click();
  await expect(page.getByRole('heading', { name: 'Order status', level: 1 })).toBeVisible();
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();

  // The date-range filter is a pair of date pickers: opening the filters must not break the page.
  await page.getByRole('button', { name: 'Show/Hide filters' }).click();
  const calibration = page.getByRole('columnheader', { name: /^Calibration/ });
  const dateFilters = calibration.getByRole('group');
  await expect(dateFilters).toHaveCount(2);
  await expect(dateFilters.first().getByRole('spinbutton', { name: 'Month' })).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await screenshot(page, 'grid-filters-open');

  // A range whose last day is today still lists the orders calibrated later today and before.
  const filtered = page.waitForResponse(
    (r) => r.url().includes('/api/v1/orders?') && decodeURIComponent(r.url()).includes('"op":"le"'),
  );
  const today = new Date();
  const digits = [today.getMonth() + 1, today.getDate()].map((n) => String(n).padStart(2, '0')).join('');
  const last = dateFilters.nth(1);
  await last.getByRole('spinbutton', { name: 'Month' }).click();
  await page.keyboard.type(`${digits}${today.getFullYear()}`);
  const request = (await filtered).request();
  const filter = JSON.parse(new URL(request.url()).searchParams.get('filter') ?? '[]') as {
    op: string;
    value: string;
  }[];
  const upper = filter.find((c) => c.op === 'le');
  expect(upper?.value).toMatch(/T23:59:59\.999/);
});
