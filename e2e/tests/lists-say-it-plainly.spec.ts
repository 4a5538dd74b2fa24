import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, loginAs, SIGNATURE, test } from '../fixtures.ts';

// Issue 33, "Wording": lists show phones as people write them, not raw E.164, and a drug that
// cannot be inactivated says where it is used. Each test searches for its row: other tests of the
// same worker add sites and drugs, and a list opens at its newest (the row may be on page 2).

/** Narrows the open list to the rows holding `text`, with the list's own search. */
async function search(page: Page, text: string) {
  await page.getByRole('button', { name: 'Show/Hide search' }).click();
  await page.getByPlaceholder('Search').fill(text);
}

test('the clinical sites list shows phone numbers formatted, not as stored', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Clinical Sites' }).click();
  await search(page, 'Lakeside');
  const lakeside = page.getByRole('row').filter({ hasText: 'Lakeside Clinical Research' });
  await expect(lakeside).toContainText('+1 312 555 0122');
  await expect(lakeside).not.toContainText('+13125550122');
});

test('inactivating a drug in use names the exams, studies and CMOs that use it', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Drugs' }).click();
  await search(page, 'Fludeoxyglucose');
  const fdg = page.getByRole('row').filter({ hasText: 'Fludeoxyglucose F18' });
  await fdg.getByRole('button', { name: 'Inactivate' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'Correction requested' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Inactivate' }).click();
  const refusal = page.getByText("You can't inactivate Drug Fludeoxyglucose F18 because it's in use");
  await expect(refusal).toBeVisible();
  // Other specs of the worker pair FDG into studies of their own, listed with ONCO-2026-01.
  await expect(refusal).toContainText(/exam FDG PET Whole Body in study [^;]*ONCO-2026-01/);
  // Nothing changed: the dialog stays for another try, and the drug is still active.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(fdg.getByText('Active', { exact: true })).toBeVisible();
});
