import {
  DEMO_PASSWORD,
  expect,
  expectNoSeriousA11yViolations,
  loginAs,
  screenshot,
  test,
} from '../fixtures.ts';

test.use({ viewport: { width: 1280, height: 800 } });

test('staff sees the radionuclides with their half-lives, adds one, and gives it to a new drug', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'staff');
  const menu = page.getByRole('navigation');
  // In the Config menu, after Drugs.
  await expect(menu.getByRole('link', { name: 'Radionuclides' })).toBeVisible();
  const labels = await menu.getByRole('link').allTextContents();
  expect(labels.indexOf('Radionuclides')).toBe(labels.indexOf('Drugs') + 1);
  await menu.getByRole('link', { name: 'Radionuclides' }).click();
  await expect(page).toHaveURL(/\/config\/radionuclides$/);
  await expect(page).toHaveTitle('Radionuclides — DoseChain');
  const heading = page.getByRole('heading', { name: 'Radionuclides' });
  await expect(heading).toBeInViewport();

  // The reference radionuclides, each half-life with the unit it was given in.
  const f18 = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'F-18', exact: true }) });
  await expect(f18.getByRole('cell', { name: '109.77 min' })).toBeInViewport();
  await expect(f18.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Half-life/ })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Add Radionuclide' })).toBeInViewport();
  await screenshot(page, 'radionuclides-list');
  // The window as it is, 1280×800, unstretched: what a person sees first.
  await page.screenshot({ path: 'test-results/screens/radionuclides-1280x800.png', animations: 'disabled' });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add Radionuclide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Radionuclide' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Rb-82');
  await dialog.getByRole('textbox', { name: 'Half-life' }).fill('1.2575');
  await dialog.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: 'min (minutes)' }).click();
  await dialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await screenshot(page, 'radionuclide-add');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Radionuclide created')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Newest first: the new one heads the list.
  const rb82 = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Rb-82', exact: true }) });
  await expect(rb82.getByRole('cell', { name: '1.2575 min' })).toBeInViewport();
  await screenshot(page, 'radionuclides-added');

  // A drug names its radionuclide: active ones are offered, by name.
  await menu.getByRole('link', { name: 'Drugs' }).click();
  await expect(page.getByRole('heading', { name: 'Drugs' })).toBeVisible();
  // Other specs on this worker's server add drugs (newest first): find the demo's FDG by search.
  await page.getByRole('button', { name: 'Show/Hide search' }).click();
  await page.getByPlaceholder('Search').fill('Fludeoxyglucose');
  const fdg = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Fludeoxyglucose F18' }) });
  await expect(fdg.getByRole('cell', { name: 'F-18', exact: true })).toBeVisible();
  await page.getByPlaceholder('Search').fill('');
  await page.getByRole('button', { name: 'Add Drug' }).click();
  const drugDialog = page.getByRole('dialog', { name: 'Add Drug' });
  await drugDialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Rubidium Rb82 Chloride');
  await drugDialog.getByRole('combobox', { name: 'Radionuclide' }).click();
  const options = page.getByRole('option');
  await expect(options.first()).toHaveText('Ac-225');
  await page.getByRole('option', { name: 'Rb-82', exact: true }).click();
  await expect(drugDialog.getByRole('combobox', { name: 'Radionuclide' })).toHaveValue('Rb-82');
  await drugDialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
  await screenshot(page, 'drug-radionuclide');
  await drugDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Drug created')).toBeVisible();
  const rubidium = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Rubidium Rb82 Chloride' }) });
  await expect(rubidium.getByRole('cell', { name: 'Rb-82', exact: true })).toBeInViewport();
  await screenshot(page, 'drugs-with-radionuclides');

  // Its history, as every configuration entity's: in the audit trail, signed by its creator.
  await menu.getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByText(/^Audit trail intact: [\d,]+ entries verified$/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Entity type' }).click();
  // The choices once the list has appeared (a click while it grows can be lost).
  await expect(page.getByRole('option')).toHaveCount(13);
  await page.getByRole('option', { name: 'Radionuclides' }).click();
  await expect(page.getByRole('combobox', { name: 'Entity type' })).toHaveText('Radionuclides');
  const added = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Rb-82', exact: true }) });
  await added.getByRole('button', { name: 'View Audit Trail' }).click();
  const history = page.getByRole('dialog', { name: 'Audit Trail - Radionuclides - Rb-82' });
  await expect(history.getByText('Half life: 1.2575 min')).toBeVisible();
  await expect(history.getByText(/Signed by Sam Staff \(staff\) — Created Radionuclide/)).toBeVisible();
  await screenshot(page, 'radionuclide-history');
});
