import {
  apiHeaders,
  choose,
  DEMO_PASSWORD,
  expect,
  loginAs,
  SIGNATURE,
  screenshot,
  test,
} from '../fixtures.ts';

test('[AVL-004] adds a weekly availability with its window on the day bar, edits its end date, inactivates and activates it', async ({
  page,
}) => {
  await loginAs(page, 'staff');
  const menu = page.getByRole('navigation');
  // Availability is the first entry of the Config section.
  await expect(
    menu
      .getByRole('link')
      .filter({ hasText: /Availability|Timepoints/ })
      .first(),
  ).toHaveText('Availability');
  await menu.getByRole('link', { name: 'Availability' }).click();
  await expect(page.getByRole('heading', { name: 'Availability' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Isotope Labs Boston' }).first()).toBeVisible();
  await screenshot(page, 'availability-list');

  await page.getByRole('button', { name: 'Add Availability' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Drug' }).click();
  // Only active drugs are offered.
  await expect(page.getByRole('option', { name: 'Technetium Tc99m Sestamibi' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Fludeoxyglucose F18' }).click();
  await dialog.getByRole('combobox', { name: 'CMO' }).click();
  await page.getByRole('option', { name: 'Pacific Radiopharma' }).click();
  await expect(
    dialog.getByText(/In the CMO's time zone: America\/Los_Angeles \(UTC-0[78]:00\)/),
  ).toBeVisible();

  const doses = dialog.getByRole('textbox', { name: 'Doses per manufacture day' });
  // The adornment beside the doses: doses (not millicuries) in their unit, pluralised above 1.
  const adornmentOf = (field: typeof doses) => field.locator('xpath=..').locator('.MuiInputAdornment-root');
  const adornment = adornmentOf(doses);
  await doses.fill('1');
  await expect(adornment).toHaveText('dose (mCi)');
  await doses.fill('100000001');
  await expect(dialog.getByText('Max value is 100000000')).toBeVisible();
  // A retry adds another availability beside the first attempt's: its own count finds its row.
  const doseCount = String(12 + test.info().retry);
  await doses.fill(doseCount);
  await expect(adornment).toHaveText('doses (mCi)');

  // Valid until: a date field typed section by section (MM/DD/YYYY).
  const until = dialog.getByRole('group', { name: 'Valid until' });
  await until.getByRole('spinbutton').first().click();
  await page.keyboard.type('03012099');

  await dialog.getByRole('combobox', { name: 'Frequency' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  const every = dialog.getByRole('textbox', { name: 'Repeat every' });
  await every.fill('2');
  await expect(adornmentOf(every)).toHaveText('weeks');
  await dialog.getByRole('button', { name: 'Monday' }).click();
  await dialog.getByRole('button', { name: 'Wednesday' }).click();
  await expect(dialog.getByRole('button', { name: 'Wednesday' })).toHaveAttribute('aria-pressed', 'true');

  await choose(page, 'Start', '06:00');
  await choose(page, 'End', '15:00');
  await expect(dialog.getByRole('img', { name: /Manufacture window 06:00 to 15:00/ })).toBeVisible();
  // 06:00–15:00 fills 9/24 of the bar, starting at a quarter.
  const bar = await dialog.getByTestId('day-bar').boundingBox();
  const window = await dialog.getByTestId('day-bar-window').boundingBox();
  expect(bar && window).toBeTruthy();
  if (bar && window) {
    expect(Math.abs((window.x - bar.x) / bar.width - 0.25)).toBeLessThan(0.02);
    expect(Math.abs(window.width / bar.width - 9 / 24)).toBeLessThan(0.02);
  }

  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await screenshot(page, 'availability-add-weekly');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Availability was created!')).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ hasText: 'Pacific Radiopharma' })
    .filter({ hasText: `${doseCount} doses (mCi)` });
  await expect(row).toContainText('Fludeoxyglucose F18');
  await expect(row).toContainText('Weekly every 2 weeks on Mo, We');
  await expect(row).toContainText('Mar 1, 2099');
  await expect(row).toContainText('06:00–15:00');
  await screenshot(page, 'availability-created');

  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByRole('heading', { name: /Edit Availability #\d+/ })).toBeVisible();
  const editUntil = dialog.getByRole('group', { name: 'Valid until' });
  await editUntil.getByRole('spinbutton').first().click();
  await page.keyboard.type('04012099');
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await screenshot(page, 'availability-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Availability was updated!')).toBeVisible();
  await expect(row).toContainText('Apr 1, 2099');

  await row.getByRole('button', { name: 'Inactivate' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await expect(dialog.getByRole('button', { name: 'Inactivate' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await dialog.getByRole('textbox', { name: 'Describe the reason' }).fill('CMO line under maintenance');
  await dialog.getByRole('button', { name: 'Inactivate' }).click();
  await expect(row.getByText('Inactive')).toBeVisible();

  await row.getByRole('button', { name: 'Activate' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
});

test('[AVL-001] the add form checks the monthly days and the window', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.goto('/config/drug-availability');
  await page.getByRole('button', { name: 'Add Availability' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Frequency' }).click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  const days = dialog.getByRole('textbox', { name: 'Days of the month' });
  await days.fill('1, 32');
  await expect(dialog.getByText('Must be a comma separated list of integers between 1 and 31')).toBeVisible();
  await days.fill('1, 15, 31');
  await expect(dialog.getByText('Must be a comma separated list of integers between 1 and 31')).toHaveCount(
    0,
  );
  await dialog.getByRole('radio', { name: 'On the' }).check();
  await dialog.getByRole('combobox', { name: 'Ordinal' }).click();
  await page.getByRole('option', { name: '5th' }).click();
  await dialog.getByRole('button', { name: 'Friday' }).click();
  await choose(page, 'Start', '10:00');
  await choose(page, 'End', '09:00');
  await expect(dialog.getByText('Must be after the start time')).toBeVisible();
  await screenshot(page, 'availability-add-monthly');
});

test("[AVL-005, FRM-016] an availability whose drug is inactive cannot be activated, and says why; another failure says it in the spec's words", async ({
  page,
  request,
}) => {
  // Through the API: a drug with an availability, the availability inactivated, then the drug.
  const headers = await apiHeaders(request, 'staff');
  const sign = { electronicSignature: DEMO_PASSWORD };
  const drug = await (
    await request.post('/api/v1/drugs', { headers, data: { name: 'Fluciclovine F18', ...sign } })
  ).json();
  const cmos = await (await request.get('/api/v1/cmos', { headers, params: { search: 'Isotope' } })).json();
  const today = new Date().toISOString().slice(0, 10);
  const created = await request.post('/api/v1/drug-availabilities', {
    headers,
    data: {
      drugId: drug.id,
      cmoId: cmos.items[0].id,
      doses: 2,
      activityUnit: 'mBq',
      // Tomorrow: "today" in the CMO's zone may still be yesterday in UTC.
      validFrom: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      validUntil: `${Number(today.slice(0, 4)) + 1}-12-31`,
      frequency: 'Daily',
      repeat: { every: 1 },
      startTime: '08:00',
      endTime: '12:00',
      ...sign,
    },
  });
  expect(created.status()).toBe(201);
  const availability = await created.json();
  const off = { active: false, reasonForChange: 'Supplier stopped', ...sign };
  expect(
    (await request.put(`/api/v1/drug-availabilities/${availability.id}`, { headers, data: off })).ok(),
  ).toBe(true);
  expect((await request.put(`/api/v1/drugs/${drug.id}`, { headers, data: off })).ok()).toBe(true);

  await loginAs(page, 'staff');
  await page.goto('/config/drug-availability');
  const row = page.getByRole('row').filter({ hasText: 'Fluciclovine F18' });
  await row.getByRole('button', { name: 'Activate' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Activate Availability #${availability.id}?`)).toBeVisible();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(
    page.getByText(
      `Can not activate Availability #${availability.id} because Drug Fluciclovine F18 is inactive`,
    ),
  ).toBeVisible();
  await screenshot(page, 'availability-drug-inactive');
  // Any other failure of the activation (here the server answering 500) says the spec's text.
  await page.route(`**/api/v1/drug-availabilities/${availability.id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Internal Server Error', errors: [] }),
        })
      : route.fallback(),
  );
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Error updating the availability')).toBeVisible();
  await page.unroute(`**/api/v1/drug-availabilities/${availability.id}`);
  // The dialog stays for another try; the availability stays inactive.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByText('Inactive')).toBeVisible();
});
