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

test('[USR-011] a user changes their own password, stays logged in, and can log in with it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'imaging');
  await pickMenuItem(page, 'Account', 'Change Password');
  await page.getByLabel('Current password').fill('Wrong1234');
  await page.getByLabel('New password').fill('Fresh1234');
  await page.getByLabel('Confirm password').fill('Fresh9999');
  await expect(page.getByText('Password confirmation does not match')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeDisabled();
  await page.getByLabel('Confirm password').fill('Fresh1234');
  await page.getByRole('button', { name: 'Change Password' }).click();
  // The spec's failure toast, and on the field the words of the current password (issue 18).
  await expect(page.getByRole('alert').filter({ hasText: 'Error changing password' })).toBeVisible();
  const current = page.getByRole('textbox', { name: 'Current password' });
  await expect(current).toHaveAccessibleDescription('The current password is not correct');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Invalid username or password')).toHaveCount(0);
  const fieldText = page.locator(`#${await current.getAttribute('id')}-helper-text`);
  const box = (await fieldText.boundingBox())!;
  expect(box.y >= 0 && box.y + box.height <= 800 && box.x + box.width <= 1280).toBe(true);
  await page.screenshot({ path: '/tmp/po-shots/change-password-wrong-current.png' });
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

test('[USR-011] a server failure while changing the password shows one red toast, in the spec words', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'imaging');
  await pickMenuItem(page, 'Account', 'Change Password');
  await page.route('**/api/v1/users/me/password', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  );
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password').fill('Fresh1234');
  await page.getByLabel('Confirm password').fill('Fresh1234');
  await page.getByRole('button', { name: 'Change Password' }).click();
  const toast = page.locator('.Toastify__toast--error');
  await expect(toast).toHaveText('Error changing password');
  await page.waitForTimeout(500);
  await expect(toast).toHaveCount(1);
  const box = await toast.boundingBox();
  expect(box && box.y >= 0 && box.y + box.height <= 800 && box.x + box.width <= 1280).toBe(true);
});

test('[USR-012, FRM-009] a user edits their profile with a reason and signature', async ({ page }) => {
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
