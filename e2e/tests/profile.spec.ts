import {
  DEMO_PASSWORD,
  expect,
  expectNoSeriousA11yViolations,
  loginAs,
  pickMenuItem,
  screenshot,
  test,
} from '../fixtures.ts';

async function changePassword(page: import('@playwright/test').Page, from: string, to: string) {
  await pickMenuItem(page, 'Account', 'Change Password');
  await expect(page).toHaveURL(/\/profile\/change-password$/);
  await page.getByLabel('Current password').fill(from);
  await page.getByLabel('New password').fill(to);
  await page.getByLabel('Confirm password').fill(to);
  await page.getByRole('button', { name: 'Change Password' }).click();
}

test('a user changes their own password, stays logged in, and can log in with it', async ({ page }) => {
  await loginAs(page, 'imaging');
  await pickMenuItem(page, 'Account', 'Change Password');
  await page.getByLabel('Current password').fill('Wrong1234');
  await page.getByLabel('New password').fill('Fresh1234');
  await page.getByLabel('Confirm password').fill('Fresh9999');
  await expect(page.getByText('Password confirmation does not match')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeDisabled();
  await page.getByLabel('Confirm password').fill('Fresh1234');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await screenshot(page, 'change-password');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/');
  await changePassword(page, DEMO_PASSWORD, 'Fresh1234');
  await expect(page.getByText('Password updated')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Hello, Iris Imaging/)).toBeVisible();

  // Put the demo password back, through the same screen, for the rest of the suite.
  await changePassword(page, 'Fresh1234', DEMO_PASSWORD);
  await expect(page.getByText('Password updated').first()).toBeVisible();
});

test('a user edits their profile with a reason and signature', async ({ page }) => {
  await loginAs(page, 'staff');
  await pickMenuItem(page, 'Account', 'Profile');
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await expect(page.getByLabel('First name')).toHaveValue('Sam');
  await page.getByLabel('Last name').fill('Staffer');
  await page.getByLabel('Email').fill('admin@dosechain.example');
  await expect(page.getByText('This value is already used')).toBeVisible();
  await page.getByLabel('Email').fill('sam.staffer@dosechain.example');
  await expect(page.getByText('This value is already used')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await page.getByLabel('Describe the reason').fill('Name changed after marriage');
  await expect(page.getByText('27/140')).toBeVisible();
  await page.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
  await screenshot(page, 'edit-profile');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Hello, Sam Staffer/)).toBeVisible();
});
