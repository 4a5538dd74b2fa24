import {
  DEMO_PASSWORD,
  expect,
  expectNoSeriousA11yViolations,
  loginAs,
  screenshot,
  test,
} from '../fixtures.ts';

test('admin creates a CMO, edits it, finds it in the list and opens its detail page', async ({ page }) => {
  const name = `E2E Isotopes ${Date.now()}`;
  await loginAs(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'CMOs' }).click();
  await expect(page).toHaveURL(/\/config\/cmos$/);
  await expect(page.getByRole('heading', { name: 'CMOs' })).toBeVisible();
  await expect(page.getByText('Isotope Labs Boston')).toBeVisible();
  await screenshot(page, 'cmos-list');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add CMO' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Add CMO')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  // The US calling code stands beside the field; a person types the national number.
  const phone = dialog.getByLabel('Phone');
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially('6175550123');
  await expect(phone).toHaveValue('617 555 0123');
  await dialog.getByLabel('Time zone').fill('America/Chicago');
  await page.getByRole('option', { name: /America\/Chicago/ }).click();
  await dialog.getByLabel('Address line 1').fill('10 Reactor Rd');
  await dialog.getByLabel('City').fill('Chicago');
  await dialog.getByLabel('Country').fill('United States');
  await page
    .getByRole('option', { name: /United States/ })
    .first()
    .click();
  await dialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
  await screenshot(page, 'cmo-add-form');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('CMO created')).toBeVisible();
  await expect(page.getByRole('cell', { name })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByText('Edit CMO')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await dialog.getByLabel('City').fill('Evanston');
  await dialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('CMO updated')).toBeVisible();
  await expect(row.getByText('Evanston')).toBeVisible();

  await row.getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/config\/cmos\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('10 Reactor Rd')).toBeVisible();
  await expect(page.getByText(/America\/Chicago/)).toBeVisible();
  await screenshot(page, 'cmo-detail');
  await expectNoSeriousA11yViolations(page);
});

test('[CFG-012] a missing CMO shows "CMO not found"', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/config/cmos/999999');
  await expect(page.getByText('CMO not found')).toBeVisible();
});

test('[AUT-013] multi switches between its CMO and clinical-site roles', async ({ page }) => {
  await loginAs(page, 'multi');
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitemradio', { name: /Pacific Radiopharma/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await screenshot(page, 'user-menu');
  await page.getByRole('menuitemradio', { name: /Rocky Mountain Trials/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Hello, Morgan Multi (Rocky Mountain Trials — Clinical Site)')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('ROLE_ID'))).not.toBeNull();
  // The remembered role survives a reload.
  await page.reload();
  await expect(page.getByText('Hello, Morgan Multi (Rocky Mountain Trials — Clinical Site)')).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitemradio', { name: /Rocky Mountain Trials/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('[AUT-016] a CMO user does not see the Config menu', async ({ page }) => {
  await loginAs(page, 'cmo');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation').getByText('Config')).toHaveCount(0);
  await page.goto('/config/cmos');
  await expect(page.getByRole('heading', { name: 'CMOs' })).toHaveCount(0);
});

test('[CFG-013] clinical sites and imaging centers have their own list and detail pages', async ({
  page,
}) => {
  await loginAs(page, 'staff');
  const nav = page.getByRole('navigation');
  await nav.getByRole('link', { name: 'Clinical Sites' }).click();
  await expect(page.getByRole('heading', { name: 'Clinical Sites' })).toBeVisible();
  await expect(page.getByText('Lakeside Clinical Research')).toBeVisible();
  await expect(page.getByText('Isotope Labs Boston')).toHaveCount(0);
  await page
    .getByRole('row')
    .filter({ hasText: 'Lakeside Clinical Research' })
    .getByRole('button', { name: 'View' })
    .click();
  await expect(page.getByRole('heading', { name: 'Lakeside Clinical Research' })).toBeVisible();
  await expect(page.getByText(/America\/Chicago/)).toBeVisible();
  const related = page.getByRole('region', { name: 'Related Imaging Centers' });
  await expect(related.getByRole('link', { name: 'Windy City Imaging' })).toBeVisible();
  await expect(related.getByRole('link', { name: 'Manhattan Molecular Imaging' })).toBeVisible();
  await screenshot(page, 'clinical-site-detail');
  await expectNoSeriousA11yViolations(page);
  await related.getByRole('link', { name: 'Windy City Imaging' }).click();
  await expect(page.getByRole('heading', { name: 'Windy City Imaging' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Related Clinical Sites' })
      .getByRole('link', { name: 'Lakeside Clinical Research' }),
  ).toBeVisible();

  await nav.getByRole('link', { name: 'Imaging Centers' }).click();
  await expect(page.getByRole('heading', { name: 'Imaging Centers' })).toBeVisible();
  await expect(page.getByText('Front Range PET')).toBeVisible();
  await page.getByRole('button', { name: 'Add Imaging Center' }).click();
  await expect(page.getByRole('dialog').getByText('Add Imaging Center')).toBeVisible();
  await screenshot(page, 'imaging-center-add');
});

test('[CFG-012] a clinical site id under the imaging-center path is "Imaging Center not found"', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/config/clinical-sites');
  await page
    .getByRole('row')
    .filter({ hasText: 'Lakeside Clinical Research' })
    .getByRole('button', { name: 'View' })
    .click();
  const id = page.url().split('/').pop();
  await page.goto(`/config/imaging-centers/${id}`);
  await expect(page.getByText('Imaging Center not found')).toBeVisible();
});

test('staff links an imaging center to a clinical site from the site form', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.goto('/config/clinical-sites');
  const row = page.getByRole('row').filter({ hasText: 'Rocky Mountain Trials' });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Front Range PET')).toBeVisible();
  await dialog.getByLabel('Imaging Centers').click();
  await page.getByRole('option', { name: 'Windy City Imaging' }).click();
  await dialog.getByText('Edit Clinical Site').click();
  await dialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
  await screenshot(page, 'clinical-site-edit-links');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Clinical Site updated')).toBeVisible();
  await row.getByRole('button', { name: 'View' }).click();
  const related = page.getByRole('region', { name: 'Related Imaging Centers' });
  await expect(related.getByRole('link', { name: 'Windy City Imaging' })).toBeVisible();
  await expect(related.getByRole('link', { name: 'Front Range PET' })).toBeVisible();
});
