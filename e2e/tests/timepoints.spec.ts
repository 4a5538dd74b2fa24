import { DEMO_PASSWORD, expect, loginAs, screenshot, test } from '../fixtures.ts';

test('[CFG-015] staff adds a timepoint, is stopped on a duplicate name, and renames it', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Timepoints' }).click();
  await expect(page.getByRole('heading', { name: 'Timepoints' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Baseline' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Timepoint' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('baseline');
  await expect(dialog.getByText('This value is already used')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Name').fill('Week 36');
  await expect(dialog.getByText('This value is already used')).toHaveCount(0);
  await dialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
  await screenshot(page, 'timepoint-add');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Timepoint created')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'Week 36' });
  await row.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Name').fill('Week 40');
  await dialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Timepoint updated')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Week 40' })).toBeVisible();
  await screenshot(page, 'timepoints-list');
});
