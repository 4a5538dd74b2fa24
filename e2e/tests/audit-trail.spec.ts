import { readFile } from 'node:fs/promises';
import { DEMO_PASSWORD, expect, loginAs, screenshot, test } from '../fixtures.ts';

test('staff edits a drug with a reason and reads the change in its audit trail', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Drugs' }).click();
  await expect(page.getByRole('heading', { name: 'Drugs' })).toBeVisible();

  // A drug of its own, then an edit of its other name with a reason.
  await page.getByRole('button', { name: 'Add Drug' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Piflufolastat F18');
  await dialog.getByLabel('Other name').fill('Pylarify');
  await dialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Drug created')).toBeVisible();

  await page
    .getByRole('row')
    .filter({ hasText: 'Piflufolastat F18' })
    .getByRole('button', { name: 'Edit' })
    .click();
  await expect(dialog.getByLabel('Other name')).toHaveValue('Pylarify');
  await dialog.getByLabel('Other name').fill('Pylarify PSMA');
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'Correction requested' }).click();
  await dialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Drug updated')).toBeVisible();

  // Audit trail → Drugs → View Audit Trail of that drug.
  await page.getByRole('navigation').getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  // The whole trail's chain verifies intact (issue 17), its entries counted.
  await expect(page.getByText(/^Audit trail intact: [\d,]+ entries verified$/)).toBeVisible();
  await screenshot(page, 'audit-trail-chain');
  await page.getByRole('combobox', { name: 'Entity type' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Availabilities',
    'Clinical Site',
    'CMO',
    'Drugs',
    'Exams',
    'Groups',
    'Imaging Center',
    'Orders',
    'Studies',
    'Timepoints',
    'Users',
  ]);
  await page.getByRole('option', { name: 'Drugs' }).click();
  const drugRow = page.getByRole('row').filter({ hasText: 'Piflufolastat F18' });
  await drugRow.getByRole('button', { name: 'View Audit Trail' }).click();

  const history = page.getByRole('dialog', { name: 'Audit Trail - Drugs - Piflufolastat F18' });
  await expect(history).toBeVisible();
  const rows = history.getByRole('row');
  // Header, then oldest first: the creation, then the edit.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('New');
  await expect(rows.nth(1)).toContainText('Name: Piflufolastat F18');
  await expect(rows.nth(1)).toContainText('Sam Staff (staff)');
  const update = rows.nth(2);
  await expect(update.getByRole('cell').nth(0)).toHaveText('Update');
  await expect(update.getByRole('cell').nth(1)).toHaveText('Other name: Pylarify → Pylarify PSMA');
  await expect(update.getByRole('cell').nth(3)).toHaveText('Sam Staff (staff)');
  await expect(update.getByRole('cell').nth(4)).toHaveText('Correction requested');
  await expect(update.getByRole('cell').nth(2)).toHaveText(/\d{4}/);
  await screenshot(page, 'audit-trail-history');

  // The history exports like every table.
  await history.getByRole('button', { name: 'Export and print' }).click();
  const downloaded = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export CSV' }).click();
  const csv = await downloaded;
  expect(csv.suggestedFilename()).toBe('Audit Trail - Drugs - Piflufolastat F18.csv');
  const text = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  expect(lines[0]).toBe('Event,Changes,Issued at,Issued by,Reason');
  expect(text).toMatch(
    /Update,Other name: Pylarify → Pylarify PSMA,\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M,Sam Staff \(staff\),Correction requested/,
  );
});
