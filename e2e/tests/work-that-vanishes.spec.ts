import {
  expect as baseExpect,
  choose,
  DEMO_PASSWORD,
  expectInView,
  fillApiKeyForm,
  firstOpenDay,
  loginAs,
  pickMenuItem,
  SIGNATURE,
  screenshot,
  searchGrid,
  test,
} from '../fixtures.ts';

// Issue 33, "Work that vanishes": a half-filled form survives a reload, and leaving unsaved input
// (a page or a dialog, by a menu click, Back or Esc) asks first. At the coordinators' 1280×800.
test.use({ viewport: { width: 1280, height: 800 } });
// Screens that load their code and data after a reload: slow on a shared, loaded machine.
test.beforeEach(() => test.setTimeout(180_000));
const expect = baseExpect.configure({ timeout: 30_000 });

test('a reload of a half-filled Place order restores it as a draft; placing it clears the draft', async ({
  page,
}) => {
  const subjectId = `DRAFT-${Date.now().toString(36)}`;
  await loginAs(page, 'site');
  await page.getByRole('navigation').getByRole('link', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Place order' })).toBeVisible();
  await choose(page, 'Study', 'ONCO-2026-01');
  await choose(page, 'Exam', 'FDG PET Whole Body');
  await choose(page, 'Imaging center', 'Windy City Imaging');
  await page.getByRole('textbox', { name: 'Subject' }).fill(subjectId);
  await choose(page, 'Timepoint', 'Baseline');
  await page.getByRole('textbox', { name: 'Additional notes' }).fill('Morning slot please');
  await (await firstOpenDay(page)).click();
  await page.getByRole('combobox', { name: 'Calibration time' }).click();
  await page.getByRole('option').first().click();
  const calibration = page.getByRole('textbox', { name: 'Calibration date-time' });
  await expect(calibration).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:00 \(UTC-0[56]:00\)$/);
  const picked = await calibration.inputValue();
  await page.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);

  await page.reload();
  const note = page.getByRole('alert').filter({ hasText: 'Draft restored' });
  await expect(note).toBeVisible({ timeout: 30_000 });
  await expect(note.getByRole('button', { name: 'Discard draft' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Study' })).toHaveValue('ONCO-2026-01');
  await expect(page.getByRole('combobox', { name: 'Exam' })).toHaveValue('FDG PET Whole Body');
  await expect(page.getByRole('combobox', { name: 'Imaging center' })).toHaveValue('Windy City Imaging');
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(subjectId);
  await expect(page.getByRole('combobox', { name: 'Timepoint' })).toHaveValue('Baseline');
  await expect(page.getByRole('textbox', { name: 'Additional notes' })).toHaveValue('Morning slot please');
  // The hour, checked again against the calendar, is still open; the password was never kept.
  await expect(calibration).toHaveValue(picked);
  await expect(page.getByLabel(SIGNATURE)).toHaveValue('');
  await expectInView(note);
  await screenshot(page, 'place-order-draft-restored');

  // A menu click and coming back keeps it too.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Place order' }).click();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(subjectId);

  await page.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('link', { name: /^Order #\d+ was placed!$/ })).toBeVisible();
  await expect(note).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Place order' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Study' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  await expect(page.getByText('Draft restored')).toHaveCount(0);
});

test('Discard draft empties the restored form and keeps it empty after a reload', async ({ page }) => {
  await loginAs(page, 'site');
  await page.goto('/place-order');
  await choose(page, 'Study', 'ONCO-2026-01');
  await page.getByRole('textbox', { name: 'Subject' }).fill('DRAFT-DISCARD');
  await page.reload();
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.getByText('Draft restored')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Study' })).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Place order' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  await expect(page.getByText('Draft restored')).toHaveCount(0);
});

test('Back from a changed profile asks first; Stay keeps the change, Cancel goes back where the user came from', async ({
  page,
}) => {
  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Timepoints' }).click();
  await expect(page.getByRole('heading', { name: 'Timepoints' })).toBeVisible({ timeout: 30_000 });
  await pickMenuItem(page, 'Account', 'Profile');
  await expect(page).toHaveURL(/\/profile\/edit$/);
  const firstName = page.getByLabel('First name');
  await expect(firstName).toHaveValue('Sam');
  await firstName.fill('Samuel');

  await page.goBack();
  const ask = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Your changes to your profile are not saved and will be lost.');
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await screenshot(page, 'profile-leave-asks');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  await expect(firstName).toHaveValue('Samuel');

  // A menu click asks too.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);

  // Cancel is the explicit choice: no question, back to the page before.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/timepoints$/);
  await expect(ask).toHaveCount(0);
});

test('Back inside a filled Add Timepoint dialog asks as Esc does', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Timepoints' }).click();
  await expect(page.getByRole('heading', { name: 'Timepoints' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add Timepoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Timepoint' });
  await dialog.getByLabel('Name').fill('Week 52');

  await page.goBack();
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(ask).toBeVisible();
  await expect(page).toHaveURL(/\/timepoints$/);
  await screenshot(page, 'dialog-back-asks');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByLabel('Name')).toHaveValue('Week 52');

  // Discard: the move the user asked for goes on.
  await page.goBack();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(page).not.toHaveURL(/\/timepoints$/);
  await expect(dialog).toHaveCount(0);
});

test('Esc on API Key Created asks whether the key was copied before the secret is gone', async ({ page }) => {
  const keyName = `Draft ${Date.now().toString(36)}`;
  await loginAs(page, 'staff');
  // As openStudy does, with this spec's longer waits (the list and the study load slowly here).
  await page.getByRole('navigation').getByRole('link', { name: 'Studies' }).click();
  await expect(page.getByRole('heading', { name: 'Studies', level: 1 })).toBeVisible();
  await searchGrid(page, 'ONCO-2026-01');
  await page
    .getByRole('row')
    .filter({ hasText: 'ONCO-2026-01' })
    .getByRole('button', { name: 'View' })
    .click();
  await expect(page.getByRole('heading', { name: 'ONCO-2026-01' })).toBeVisible();
  const { keys, dialog } = await fillApiKeyForm(page, keyName, 'Read orders', '1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const shown = page.getByRole('dialog', { name: 'API Key Created' });
  const secret = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(secret).toMatch(/^dck_/);

  const ask = page.getByRole('dialog', { name: 'Did you copy the API key?' });
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('It will not be shown again.');
  await screenshot(page, 'api-key-secret-esc-asks');
  await ask.getByRole('button', { name: 'No, keep it open' }).click();
  await expect(ask).toBeHidden();
  await expect(shown.getByRole('textbox', { name: 'API key' })).toHaveValue(secret);

  // A click beside it asks as well; Back too.
  await page.mouse.click(10, 790);
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'No, keep it open' }).click();
  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'No, keep it open' }).click();
  await expect(shown).toBeVisible();

  await page.keyboard.press('Escape');
  await ask.getByRole('button', { name: 'Yes, close' }).click();
  await expect(shown).toHaveCount(0);
  await expect(keys.getByRole('row').filter({ hasText: keyName })).toContainText('Active');
});
