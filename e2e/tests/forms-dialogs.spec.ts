import type { Page } from '@playwright/test';
import { expect, expectInView, loginAs, screenshot, test } from '../fixtures.ts';

// Issue 18, "Forms and dialogs that don't lose work": the shared dialog and form fields, seen in
// Chromium at the two window sizes coordinators use.
const viewports = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

async function openConfig(page: Page, link: string, heading = link): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 30_000 });
}

async function openUserManagement(page: Page, item: 'Users' | 'Groups'): Promise<void> {
  await page.goto(`/user-management/${item.toLowerCase()}`);
  await expect(page.getByRole('heading', { name: item })).toBeVisible({ timeout: 30_000 });
}

for (const viewport of viewports) {
  const size = `${viewport.width}x${viewport.height}`;

  test.describe(`at ${size}`, () => {
    test.use({ viewport });

    test('Esc or a click beside a filled dialog asks before discarding; an untouched one closes at once', async ({
      page,
    }) => {
      await loginAs(page, 'admin');
      await openConfig(page, 'Drugs');
      const addDrug = page.getByRole('dialog', { name: 'Add Drug' });
      const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });

      await page.getByRole('button', { name: 'Add Drug' }).click();
      await expect(addDrug).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(addDrug).toBeHidden();
      await expect(ask).toHaveCount(0);

      await page.getByRole('button', { name: 'Add Drug' }).click();
      await addDrug.getByRole('textbox', { name: 'Name', exact: true }).fill('Gallium Ga68 Dotatate');
      await page.keyboard.press('Escape');
      await expect(ask).toBeVisible();
      await expectInView(ask.getByRole('button', { name: 'Keep editing' }));
      await screenshot(page, `forms-discard-${size}`);
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await expect(ask).toBeHidden();
      await expect(addDrug.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
        'Gallium Ga68 Dotatate',
      );

      // A click on the backdrop, beside the dialog.
      await page.mouse.click(10, viewport.height - 10);
      await expect(ask).toBeVisible();
      await ask.getByRole('button', { name: 'Discard' }).click();
      await expect(addDrug).toBeHidden();
    });

    test('[FRM-005] the name already used shows in red', async ({ page }) => {
      await loginAs(page, 'admin');
      await openConfig(page, 'Drugs');
      await page.getByRole('button', { name: 'Add Drug' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Drug' });
      const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
      await name.fill('fludeoxyglucose f18');
      const helper = dialog.getByText('This value is already used');
      await expect(helper).toBeVisible();
      await expect(helper).toHaveClass(/Mui-error/);
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expectInView(helper);
    });

    test('[FRM-002] the company form marks Time zone and Country required and says what is missing; a US phone stays +1', async ({
      page,
    }) => {
      await loginAs(page, 'admin');
      await openConfig(page, 'CMOs');
      await page.getByRole('button', { name: 'Add CMO' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add CMO' });
      for (const label of ['Name', 'Time zone', 'Country', 'Address line 1', 'City']) {
        await expect(dialog.locator('label', { hasText: new RegExp(`^${label}`) }).first()).toContainText(
          '*',
        );
      }
      const missing = dialog.getByTestId('form-missing');
      await expect(missing).toContainText('Time zone');
      await expect(missing).toContainText('Country');
      await expectInView(missing);
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();

      await dialog.getByRole('combobox', { name: 'Time zone' }).fill('America/Chicago');
      await page.getByRole('option', { name: /^America\/Chicago/ }).click();
      await expect(missing).not.toContainText('Time zone');
      await expect(missing).toContainText('Country');

      // A US number typed as a person writes it, with the US badge: not taken as +31 (NL).
      const phone = dialog.getByLabel('Phone');
      await phone.fill('3125550123');
      await expect(phone).toHaveValue('312 555 0123');
      await expect(dialog.getByText('+1', { exact: true })).toBeVisible();
      await expect(dialog.getByText('US', { exact: true })).toBeVisible();
      await expect(dialog.getByText('Invalid phone number')).toHaveCount(0);
      await screenshot(page, `forms-company-${size}`);

      // A few digits are a number being typed: checked, never silently dropped.
      await phone.fill('312');
      await expect(phone).toHaveValue('312');
      await expect(dialog.getByText('Invalid phone number')).toBeVisible();
      await expect(missing).toContainText('Phone');
    });

    test('Save and Cancel stay in view on Add Availability, Add User and Add Group; the fields scroll', async ({
      page,
    }) => {
      await loginAs(page, 'admin');
      const dialogs: [() => Promise<void>, string][] = [
        [() => openConfig(page, 'Availability'), 'Add Availability'],
        [() => openUserManagement(page, 'Users'), 'Add User'],
        [() => openUserManagement(page, 'Groups'), 'Add Group'],
      ];
      for (const [open, title] of dialogs) {
        await open();
        await page.getByRole('button', { name: title }).click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        await page.waitForTimeout(300);
        await expectInView(dialog.getByRole('button', { name: 'Save' }));
        await expectInView(dialog.getByRole('button', { name: 'Cancel' }));
        await expectInView(dialog.getByRole('heading', { name: title }));
        // The content, not the page, scrolls: its last field can be reached with the bar in view.
        const content = dialog.locator('.MuiDialogContent-root');
        await content.evaluate((el) => {
          el.scrollTop = el.scrollHeight;
        });
        await expectInView(dialog.getByRole('button', { name: 'Save' }));
        await screenshot(page, `forms-${title.toLowerCase().replace(/ /g, '-')}-${size}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
      }
    });

    test('Add Availability: decimal doses are refused, doses read as doses, an invalid date and weekly without a day say so', async ({
      page,
    }) => {
      await loginAs(page, 'admin');
      await openConfig(page, 'Availability');
      await page.getByRole('button', { name: 'Add Availability' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Availability' });

      // Weekly is the default frequency; with no day picked the form says why it can't save.
      await expect(dialog.getByRole('combobox', { name: 'Frequency' })).toHaveText('Weekly');
      const pick = dialog.getByText('Pick at least one day');
      await expect(pick).toBeVisible();
      await pick.scrollIntoViewIfNeeded();
      await expectInView(pick);
      await expect(dialog.getByTestId('form-missing')).toContainText('Weekdays');

      const doses = dialog.getByRole('textbox', { name: 'Doses per manufacture day' });
      const adornment = doses.locator('xpath=..').locator('.MuiInputAdornment-root');
      await doses.fill('1.5');
      await expect(doses).toHaveValue('1.5');
      const refused = dialog.getByText('Enter a whole number, digits only (no decimals)');
      await expect(refused).toBeVisible();
      await expectInView(refused);
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
      await doses.fill('5');
      await expect(refused).toHaveCount(0);
      await expect(adornment).toHaveText('doses (mCi)');
      await doses.fill('1');
      await expect(adornment).toHaveText('dose (mCi)');

      // A date that does not exist (February 30th) gets a message, not the code 'invalidValue'.
      const until = dialog.getByRole('group', { name: 'Valid until' });
      await until.getByRole('spinbutton').first().click();
      await page.keyboard.type('02302099');
      const invalid = dialog.getByText('Enter a valid date (MM/DD/YYYY)');
      await expect(invalid).toBeVisible();
      await expectInView(invalid);
      await expect(dialog.getByText('invalidValue')).toHaveCount(0);

      await dialog.getByRole('button', { name: 'Monday' }).click();
      await expect(pick).toHaveCount(0);
      await expect(dialog.getByTestId('form-missing')).not.toContainText('Weekdays');
      await screenshot(page, `forms-availability-${size}`);
    });

    test('multi-selects stay open while several items are picked; lookups list by name', async ({ page }) => {
      await loginAs(page, 'admin');
      await openUserManagement(page, 'Users');
      await page.getByRole('button', { name: 'Add User' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add User' });
      const groups = dialog.getByRole('combobox', { name: 'Groups' });
      await groups.click();
      const listbox = page.getByRole('listbox');
      await expect(listbox).toBeVisible();
      const options = listbox.getByRole('option');
      expect(await options.count()).toBeGreaterThan(1);
      await options.nth(0).click();
      await expect(listbox).toBeVisible();
      await options.nth(1).click();
      await expect(listbox).toBeVisible();
      await expectInView(listbox);
      await expect(dialog.locator('.MuiChip-root')).toHaveCount(2);
      await screenshot(page, `forms-multiselect-${size}`);
      await groups.press('Tab');

      // A lookup lists its records by name.
      await dialog.getByRole('button', { name: 'Add role' }).click();
      await dialog.getByRole('combobox', { name: 'Role 1 CMO' }).click();
      const names = await page.getByRole('listbox').getByRole('option').allTextContents();
      expect(names.length).toBeGreaterThan(1);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    });
  });
}
