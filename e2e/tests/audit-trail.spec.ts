import { readFile } from 'node:fs/promises';
import { DEMO_PASSWORD, expect, loginAs, screenshot, test } from '../fixtures.ts';

test.use({ viewport: { width: 1280, height: 800 } });

test('[RPT-007] staff edits a drug with a reason and reads the change in its audit trail', async ({
  page,
}) => {
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
    'Mails',
    'Orders',
    'Radionuclides',
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
  await expect(rows.nth(0).getByRole('columnheader')).toHaveText([
    'Event',
    'Changes',
    'Issued at',
    'Issued by',
    'Reason',
    'Signature',
  ]);
  await expect(rows.nth(1)).toContainText('New');
  await expect(rows.nth(1)).toContainText('Name: Piflufolastat F18');
  await expect(rows.nth(1)).toContainText('Sam Staff (staff)');
  // The signature's manifestation: the signer's printed name, the meaning, when (zone named).
  const signedAt = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2} UTC$/;
  await expect(rows.nth(1).getByRole('cell').nth(5)).toHaveText(
    /^Signed by Sam Staff \(staff\) — Created Drug — [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2} UTC$/,
  );
  const update = rows.nth(2);
  await expect(update.getByRole('cell').nth(0)).toHaveText('Update');
  await expect(update.getByRole('cell').nth(1)).toHaveText('Other name: Pylarify → Pylarify PSMA');
  await expect(update.getByRole('cell').nth(3)).toHaveText('Sam Staff (staff)');
  await expect(update.getByRole('cell').nth(4)).toHaveText('Correction requested');
  await expect(update.getByRole('cell').nth(2)).toHaveText(signedAt);
  const issuedAt = await update.getByRole('cell').nth(2).textContent();
  await expect(update.getByRole('cell').nth(5)).toHaveText(
    `Signed by Sam Staff (staff) — Updated Drug — ${issuedAt}`,
  );
  // At 1280 × 800 every column is in view, the signature too, without scrolling sideways.
  await expect(update.getByRole('cell').nth(5)).toBeInViewport();
  await expect(history.getByRole('button', { name: 'Close' })).toBeInViewport();
  await screenshot(page, 'audit-trail-history');

  // The history exports like every table.
  await history.getByRole('button', { name: 'Export and print' }).click();
  const downloaded = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export CSV' }).click();
  const csv = await downloaded;
  expect(csv.suggestedFilename()).toBe('Audit Trail - Drugs - Piflufolastat F18.csv');
  const text = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  expect(lines[0]).toBe('Event,Changes,Issued at (UTC),Issued by,Reason,Signature');
  // Issued at in UTC in the export's format; the signature line as the table shows it (quoted:
  // it holds commas). Both name the same second as the table's Issued at.
  const line = lines.find((l) => l.startsWith('Update,'));
  const m =
    /^Update,Other name: Pylarify → Pylarify PSMA,(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2}) ([AP]M),Sam Staff \(staff\),Correction requested,"Signed by Sam Staff \(staff\) — Updated Drug — (.+)"$/.exec(
      line ?? '',
    );
  expect(m, line).not.toBeNull();
  const [, month, day, year, hour12, minute, second, half, signedText] = m!;
  const hour24 = (Number(hour12) % 12) + (half === 'PM' ? 12 : 0);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const shown = `${months[Number(month) - 1]} ${Number(day)}, ${year}, ${String(hour24).padStart(2, '0')}:${minute}:${second} UTC`;
  expect(shown).toBe(issuedAt);
  expect(signedText).toBe(issuedAt);

  // A seeded drug's history: its creation by the demo data, not signed by anyone.
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Show/Hide search' }).click();
  await page.getByPlaceholder('Search').fill('Fludeoxyglucose');
  await page
    .getByRole('row')
    .filter({ hasText: 'Fludeoxyglucose F18' })
    .getByRole('button', { name: 'View Audit Trail' })
    .click();
  const seeded = page.getByRole('dialog', { name: 'Audit Trail - Drugs - Fludeoxyglucose F18' });
  const seededRows = seeded.getByRole('row');
  await expect(seededRows).toHaveCount(2);
  await expect(seededRows.nth(1).getByRole('cell').nth(3)).toHaveText('System (demo data) (system)');
  await expect(seededRows.nth(1).getByRole('cell').nth(5)).toHaveText('');
  await screenshot(page, 'audit-trail-history-seeded');
});
