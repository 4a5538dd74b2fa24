import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, loginAs, openStudy, SIGNATURE, screenshot, test } from '../fixtures.ts';

const PAIRING_EXISTS = 'A pairing already exists for this Study with this Exam and Site';

/** Picks `option` in a lookup after typing `search` into it. */
async function pick(page: Page, dialog: Locator, label: string, search: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

/** Writes a file for the import into a fresh temporary folder. */
function tempFile(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dosechain-csv-')), name);
  writeFileSync(file, text);
  return file;
}

test('[CFG-008] staff opens a study, adds and deletes a pairing, edits, imports and saves the e-mail list', async ({
  page,
}) => {
  // One long walk through the page on a shared, slow machine.
  test.setTimeout(150_000);
  await loginAs(page, 'staff');
  await openStudy(page, 'NEURO-AMY-301');
  await expect(page).toHaveURL(/\/config\/studies\/\d+$/);
  const info = page.getByRole('table', { name: 'Study information' });
  await expect(info).toContainText('Cortex Bio');
  await expect(info).toContainText('Active');

  // Pairings: the demo's two, then one added, refused again, and deleted with a reason.
  const pairings = page.getByRole('region', { name: 'Pairings' });
  await expect(pairings.getByRole('row').filter({ hasText: 'Rocky Mountain Trials' })).toContainText(
    'Pacific Radiopharma',
  );
  await expect(page.getByRole('region', { name: 'Emails' }).getByRole('row')).toHaveCount(3);
  await screenshot(page, 'study-detail');

  const dialog = page.getByRole('dialog');
  const addPairing = async () => {
    await pairings.getByRole('button', { name: 'Add Pairing' }).click();
    await pick(page, dialog, 'Exam', 'FDG PET B', 'FDG PET Brain (Fludeoxyglucose F18)');
    await pick(page, dialog, 'Clinical Site', 'Hudson', 'Hudson Oncology Center');
    await pick(page, dialog, 'CMO', 'Isotope', 'Isotope Labs Boston');
    await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  };
  await addPairing();
  await screenshot(page, 'study-pairing-add');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Pairing created')).toBeVisible();
  await expect(dialog).toBeHidden();
  const added = pairings.getByRole('row').filter({ hasText: 'Hudson Oncology Center' });
  await expect(added).toContainText('FDG PET Brain');
  await expect(added).toContainText('Fludeoxyglucose F18');

  await addPairing();
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The toast, and the same words on the exam field (the modal hides the toast from the accessibility tree).
  await expect(page.locator('.Toastify').getByText(PAIRING_EXISTS)).toBeVisible();
  await expect(dialog.getByText(PAIRING_EXISTS)).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await added.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await dialog.getByRole('textbox', { name: 'Describe the reason' }).fill('Site left the study');
  await screenshot(page, 'study-pairing-delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Pairing deleted')).toBeVisible();
  await expect(added).toHaveCount(0);

  // The e-mail list: a row added and discarded.
  const emails = page.getByRole('region', { name: /Emails/ });
  await emails.getByRole('button', { name: 'Edit' }).click();
  await expect(emails.getByRole('status')).toHaveText('No changes');
  await emails.getByRole('button', { name: 'Add row' }).click();
  await expect(emails.getByRole('status')).toHaveText('Unsaved changes');
  await expect(emails.getByRole('button', { name: 'Submit changes' })).toBeDisabled();
  await emails.getByRole('group', { name: 'Row 3' }).getByLabel('Name').fill('Temp Person');
  // Leaving with unsaved changes asks first; Stay keeps them.
  await page.getByRole('navigation').getByRole('link', { name: 'Studies' }).click();
  await expect(dialog.getByRole('heading', { name: 'Leave with unsaved changes?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/config\/studies\/\d+$/);
  await expect(emails.getByRole('group', { name: 'Row 3' }).getByLabel('Name')).toHaveValue('Temp Person');
  await screenshot(page, 'study-emails-edit');
  await emails.getByRole('button', { name: 'Discard changes' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(emails.getByRole('table')).toBeVisible();
  await expect(emails).not.toContainText('Temp Person');
  await expect(emails.getByRole('row')).toHaveCount(3);

  // A text file is refused; a CSV replaces the rows, the unknown company is reported on its row.
  await emails.getByRole('button', { name: 'Edit' }).click();
  const fileInput = emails.getByLabel('CSV file to import');
  await fileInput.setInputFiles(tempFile('list.txt', 'name,email\nA,a@x.org\n'));
  await expect(page.getByText('Invalid file type, please make sure to upload a CSV file.')).toBeVisible();
  await fileInput.setInputFiles(
    tempFile(
      'recipients.csv',
      [
        'Name,Email,Company type,Companies',
        'Cortex Safety Desk,safety@cortexbio.example,,',
        'Denver Trials Desk,desk@rockymountain.example,Clinical Site,rocky mountain trials',
        'Dispatch Team,dispatch@pacific.example,CMO,"Pacific Radiopharma, Isotope Labs Boston"',
        'Ghost Site,ghost@nowhere.example,Clinical Site,Nowhere Trials',
      ].join('\n'),
    ),
  );
  await expect(emails.getByRole('progressbar', { name: 'Importing the file' })).toBeVisible();
  await expect(emails.getByText('Row 4: no Clinical Site named "Nowhere Trials"')).toBeVisible();
  await expect(emails.getByRole('group')).toHaveCount(4);
  const ghost = emails.getByRole('group', { name: 'Row 4' });
  await expect(ghost.getByLabel('Name')).toHaveValue('Ghost Site');
  await expect(ghost.getByText('no Clinical Site named "Nowhere Trials"')).toBeVisible();
  await expect(emails.getByRole('group', { name: 'Row 3' })).toContainText('Isotope Labs Boston');
  await expect(emails.getByRole('button', { name: 'Submit changes' })).toBeDisabled();
  await screenshot(page, 'study-emails-import');

  // The user fixes the reported row by removing it, then submits.
  await ghost.getByRole('button', { name: 'Remove row 4' }).click();
  await expect(emails.getByRole('group')).toHaveCount(3);
  await emails.getByRole('button', { name: 'Submit changes' }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm changes' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'New information' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await screenshot(page, 'study-emails-confirm');
  await dialog.getByRole('button', { name: 'Confirm changes' }).click();
  await expect(page.getByText('Updated email list')).toBeVisible();
  await expect(emails.getByRole('table')).toBeVisible();

  await page.reload();
  const saved = page.getByRole('region', { name: 'Emails' });
  await expect(saved.getByRole('row')).toHaveCount(4);
  await expect(saved.getByRole('row').filter({ hasText: 'Denver Trials Desk' })).toContainText(
    'Rocky Mountain Trials',
  );
  await expect(saved.getByRole('row').filter({ hasText: 'Dispatch Team' })).toContainText(
    'Isotope Labs Boston, Pacific Radiopharma',
  );
  await expect(saved).not.toContainText('Pacific Orders');
  await screenshot(page, 'study-emails-saved');
});

test('[CFG-006] an unknown study shows Study not found with a way back', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/config/studies/999999');
  await expect(page.getByText('Study not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Studies' }).click();
  await expect(page.getByRole('heading', { name: 'Studies' })).toBeVisible();
});
