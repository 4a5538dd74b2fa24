import {
  DEMO_PASSWORD,
  expect,
  expectNoSeriousA11yViolations,
  loginAs,
  screenshot,
  test,
} from '../fixtures.ts';

test('[CFG-001, FRM-009] staff adds a drug, inactivates it with a reason and activates it again', async ({
  page,
}) => {
  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Drugs' }).click();
  await expect(page.getByRole('heading', { name: 'Drugs' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Fludeoxyglucose F18' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Drug' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Flortaucipir F18');
  await dialog.getByLabel('Other name').fill('Tauvid');
  // Issue 35: the receipt tolerance, a drug's own (10 % unset).
  await dialog.getByLabel('Receipt tolerance (%, default 10)').fill('15');
  await dialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
  await screenshot(page, 'drug-form-receipt-tolerance');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Drug created')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'Flortaucipir F18' });
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('button', { name: 'Inactivate' }).click();
  await expect(dialog.getByText('Inactivate Drug Flortaucipir F18?')).toBeVisible();
  await dialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
  await expect(dialog.getByRole('button', { name: 'Inactivate' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'Correction requested' }).click();
  await screenshot(page, 'drug-inactivate');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Inactivate' }).click();
  await expect(page.getByText('Drug Flortaucipir F18 inactivated')).toBeVisible();
  await expect(row.getByText('Inactive')).toBeVisible();

  await row.getByRole('button', { name: 'Activate' }).click();
  await dialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Drug Flortaucipir F18 activated')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await screenshot(page, 'drugs-list');
});
