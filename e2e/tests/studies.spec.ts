import { DEMO_PASSWORD, expect, loginAs, SIGNATURE, screenshot, test } from '../fixtures.ts';

test('[CFG-016] staff adds a study, is stopped on a used name, edits it, inactivates and activates it', async ({
  page,
}) => {
  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Studies' }).click();
  await expect(page.getByRole('heading', { name: 'Studies' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'ONCO-2026-01' })).toContainText(
    'Helios Therapeutics',
  );

  await page.getByRole('button', { name: 'Add Study' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('neuro-amy-301');
  await expect(dialog.getByText('This value is already used')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Name').fill('PEDS-FDG-12');
  await dialog.getByLabel('Sponsor').fill('Little Lights Foundation');
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await screenshot(page, 'study-add');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Study created')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'PEDS-FDG-12' });
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByLabel('Sponsor')).toHaveValue('Little Lights Foundation');
  await dialog.getByLabel('Sponsor').fill('Little Lights Fdn.');
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Study updated')).toBeVisible();
  await expect(row).toContainText('Little Lights Fdn.');

  await row.getByRole('button', { name: 'Inactivate' }).click();
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'New information' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Inactivate' }).click();
  await expect(page.getByText('Study PEDS-FDG-12 inactivated')).toBeVisible();
  await expect(row.getByText('Inactive')).toBeVisible();
  await row.getByRole('button', { name: 'Activate' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Study PEDS-FDG-12 activated')).toBeVisible();
  await screenshot(page, 'studies-list');
});
