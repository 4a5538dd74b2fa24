import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, loginAs, pickMenuItem, SIGNATURE, screenshot, test } from '../fixtures.ts';

async function openUserManagement(page: Page, item: 'Groups' | 'Users') {
  await page.getByRole('navigation').getByRole('link', { name: item }).click();
  await expect(page.getByRole('heading', { name: item })).toBeVisible();
}

async function pickReason(page: Page, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: reason }).click();
}

test('[USR-001, USR-003] admin creates a group with a permission matrix and a user with two roles, who logs in and switches role', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, 'admin');
  await openUserManagement(page, 'Groups');
  await screenshot(page, 'groups-list');

  await page.getByRole('button', { name: 'Add Group' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('site users');
  await expect(dialog.getByText('This value is already used')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Trial Coordinators');
  await expect(dialog.getByText('This value is already used')).toHaveCount(0);
  for (const box of [
    'Orders Submitter',
    'Orders Viewer',
    'Order cancel Submitter',
    'Order status Viewer',
    'CMO acknowledgement Submitter',
    'CMO acknowledgement Viewer',
  ]) {
    await dialog.getByRole('checkbox', { name: box }).check();
  }
  // Areas without an action have no checkbox for it.
  await expect(dialog.getByRole('checkbox', { name: 'Reports Submitter' })).toHaveCount(0);
  await pickReason(page, 'Initial entry');
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await screenshot(page, 'group-add');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Group created')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Trial Coordinators' })).toContainText(
    'Orders: Submitter, Viewer',
  );

  await openUserManagement(page, 'Users');
  await page.getByRole('button', { name: 'Add User' }).click();
  await dialog.getByRole('textbox', { name: 'Username' }).fill('jdoe');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('jane.doe@dosechain.example');
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Jane');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Doe');
  // The US calling code stands beside the field; a person types the national number.
  const phone = dialog.getByLabel('Phone');
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially('6175550142');
  await expect(phone).toHaveValue('617 555 0142');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Welcome123');
  await dialog.getByRole('textbox', { name: 'Confirm password' }).fill('Welcome124');
  await expect(dialog.getByText('Password confirmation does not match')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Confirm password' }).fill('Welcome123');
  await dialog.getByRole('combobox', { name: 'Groups' }).click();
  await page.getByRole('option', { name: 'Trial Coordinators' }).click();
  // Close the list without Escape, which would close the dialog.
  await dialog.getByRole('combobox', { name: 'Groups' }).press('Tab');

  await dialog.getByRole('button', { name: 'Add role' }).click();
  await dialog.getByRole('combobox', { name: 'Role 1 CMO' }).click();
  await page.getByRole('option', { name: 'Isotope Labs Boston' }).click();
  await dialog.getByRole('button', { name: 'Add role' }).click();
  await dialog.getByRole('combobox', { name: 'Role 2 type' }).click();
  await page.getByRole('option', { name: 'Clinical Site' }).click();
  await dialog.getByRole('combobox', { name: 'Role 2 Clinical Site' }).click();
  await page.getByRole('option', { name: 'Lakeside Clinical Research' }).click();
  await dialog.getByRole('checkbox', { name: 'Site coordinator' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Imaging center contact' })).toHaveCount(0);
  await pickReason(page, 'Initial entry');
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await screenshot(page, 'user-add');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User created')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'jdoe' });
  await expect(row).toContainText('CMO — Isotope Labs Boston, Clinical Site — Lakeside Clinical Research');
  await expect(row).toContainText('Trial Coordinators');
  await screenshot(page, 'users-list');

  await pickMenuItem(page, 'Account', 'Log out');
  await expect(page).toHaveURL(/\/login$/);

  // The first password was the administrator's: Jane chooses her own before she can work.
  await page.getByLabel('Username').fill('jdoe');
  await page.getByLabel('Password', { exact: true }).fill('Welcome123');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page.getByText('Your password has expired, please choose a new one')).toBeVisible();
  await page.getByLabel('Current password').fill('Welcome123');
  await page.getByLabel('New password').fill('JaneChose42');
  await page.getByLabel('Confirm password').fill('JaneChose42');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await page.getByLabel('Username').fill('jdoe');
  await page.getByLabel('Password', { exact: true }).fill('JaneChose42');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page.getByText('Hello, Jane Doe (Isotope Labs Boston — CMO)')).toBeVisible();
  // A company role sees no user management.
  await expect(page.getByRole('navigation').getByText('User Management')).toHaveCount(0);

  await pickMenuItem(page, 'Account', 'Lakeside Clinical Research — Clinical Site', 'menuitemradio');
  await expect(page.getByText('Hello, Jane Doe (Lakeside Clinical Research — Clinical Site)')).toBeVisible();
  await screenshot(page, 'new-user-switched-role');
});

test('[USR-008] admin inactivates a user and activates them again, and unlocks the locked user', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await openUserManagement(page, 'Users');
  const dialog = page.getByRole('dialog');
  const imaging = page.getByRole('row').filter({ hasText: 'imaging@dosechain.example' });

  await imaging.getByRole('button', { name: 'Inactivate' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await expect(dialog.getByRole('button', { name: 'Inactivate' })).toBeDisabled();
  await pickReason(page, 'Other');
  await dialog.getByRole('textbox', { name: 'Describe the reason' }).fill('On leave until March');
  await dialog.getByRole('button', { name: 'Inactivate' }).click();
  await expect(page.getByText('User imaging inactivated')).toBeVisible();
  await expect(imaging.getByText('Inactive')).toBeVisible();

  await imaging.getByRole('button', { name: 'Activate' }).click();
  await expect(dialog.getByText('Activate User imaging?')).toBeVisible();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('User imaging activated')).toBeVisible();
  await expect(imaging.getByText('Active', { exact: true })).toBeVisible();

  // Only a locked user has Unlock.
  await expect(imaging.getByRole('button', { name: 'Unlock' })).toHaveCount(0);
  const locked = page.getByRole('row').filter({ hasText: 'locked@dosechain.example' });
  await locked.getByRole('button', { name: 'Unlock' }).click();
  await expect(dialog.getByText('Unlock User locked?')).toBeVisible();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await expect(dialog.getByRole('button', { name: 'Unlock' })).toBeDisabled();
  await pickReason(page, 'Other');
  await dialog.getByRole('textbox', { name: 'Describe the reason' }).fill('Identity confirmed by phone');
  await screenshot(page, 'user-unlock');
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('User successfully unlocked')).toBeVisible();
  await expect(locked.getByRole('button', { name: 'Unlock' })).toHaveCount(0);

  // The last administrator cannot be inactivated: the server's message is shown.
  const admin = page.getByRole('row').filter({ hasText: 'admin@dosechain.example' });
  await admin.getByRole('button', { name: 'Inactivate' }).click();
  await pickReason(page, 'Other');
  await dialog.getByRole('textbox', { name: 'Describe the reason' }).fill('Testing');
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Inactivate' }).click();
  await expect(
    page.getByText(
      "Can't inactivate this group/user because it's the last one with user management permissions",
    ),
  ).toBeVisible();
  await screenshot(page, 'user-last-admin');
});

test('[USR-010] a company detail page lists the users of that company', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/config/cmos');
  await page
    .getByRole('row')
    .filter({ hasText: 'Isotope Labs Boston' })
    .getByRole('button', { name: 'View' })
    .click();
  await expect(page.getByRole('heading', { name: 'Isotope Labs Boston' })).toBeVisible();
  const users = page.getByRole('region', { name: 'Users' });
  await expect(users.getByRole('row').filter({ hasText: 'cmo@dosechain.example' })).toBeVisible();
  // Users of another CMO are not listed, and there is no add button.
  await expect(users.getByText('multi@dosechain.example')).toHaveCount(0);
  await expect(users.getByRole('button', { name: /Add/ })).toHaveCount(0);
  await screenshot(page, 'cmo-detail-users');
});
