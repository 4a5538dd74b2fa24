import { DEMO_PASSWORD, expect, loginAs, SIGNATURE, screenshot, test } from '../fixtures.ts';

test('[CFG-005] staff adds an exam on a drug, edits it, inactivates it with a reason and activates it', async ({
  page,
}) => {
  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Exams' }).click();
  await expect(page.getByRole('heading', { name: 'Exams' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Amyloid PET' })).toContainText('Florbetapir F18');

  await page.getByRole('button', { name: 'Add Exam' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Tau PET');
  await dialog.getByRole('combobox', { name: 'Drug' }).click();
  // Only active drugs are offered.
  await expect(page.getByRole('option', { name: 'Technetium Tc99m Sestamibi' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Florbetapir F18' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await screenshot(page, 'exam-add');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Exam created')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Tau PET' });
  await expect(row).toContainText('Florbetapir F18');

  // The same name on the same drug is refused with the server's message.
  await page.getByRole('button', { name: 'Add Exam' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('tau pet');
  await dialog.getByRole('combobox', { name: 'Drug' }).click();
  await page.getByRole('option', { name: 'Florbetapir F18' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('An Exam with this name already exists for Drug Florbetapir F18'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Drug' })).toHaveValue('Florbetapir F18');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Tau PET Research');
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Exam updated')).toBeVisible();
  const renamed = page.getByRole('row').filter({ hasText: 'Tau PET Research' });

  await renamed.getByRole('button', { name: 'Inactivate' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await expect(dialog.getByRole('button', { name: 'Inactivate' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await dialog.getByRole('textbox', { name: 'Describe the reason' }).fill('Protocol dropped the tau arm');
  await expect(dialog.getByText('28/140')).toBeVisible();
  await dialog.getByRole('button', { name: 'Inactivate' }).click();
  await expect(page.getByText('Exam Tau PET Research inactivated')).toBeVisible();
  await expect(renamed.getByText('Inactive')).toBeVisible();

  await renamed.getByRole('button', { name: 'Activate' }).click();
  await expect(dialog.getByText('Activate Exam Tau PET Research?')).toBeVisible();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Exam Tau PET Research activated')).toBeVisible();
  await expect(renamed.getByText('Active', { exact: true })).toBeVisible();
  await screenshot(page, 'exams-list');
});

test('[CFG-002, CFG-004] an exam on an inactive drug cannot be activated, and a drug in use cannot be inactivated', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Exams' }).click();
  const spect = page.getByRole('row').filter({ hasText: 'Myocardial Perfusion SPECT' });
  await spect.getByRole('button', { name: 'Activate' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(
    page.getByText(
      "Drug Technetium Tc99m Sestamibi is inactive, an Exam can't be created or activated on it",
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(spect.getByText('Inactive')).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Drugs' }).click();
  await expect(page.getByRole('heading', { name: 'Drugs' })).toBeVisible();
  const fdg = page.getByRole('row').filter({ hasText: 'Fludeoxyglucose F18' });
  await fdg.getByRole('button', { name: 'Inactivate' }).click();
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'Correction requested' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Inactivate' }).click();
  await expect(
    page.getByText("You can't inactivate Drug Fludeoxyglucose F18 because it's in use"),
  ).toBeVisible();
  await screenshot(page, 'drug-in-use');
});
