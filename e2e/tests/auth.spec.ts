import {
  expect,
  expectNoSeriousA11yViolations,
  loginAs,
  pickMenuItem,
  screenshot,
  test,
} from '../fixtures.ts';

test('[AUT-001] a logged-out user is sent to /login from a protected route, then back to it', async ({
  page,
}) => {
  await page.goto('/config/cmos');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
  await expect(page.getByRole('link', { name: "Can't log in?" })).toBeVisible();
  await screenshot(page, 'login');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page).toHaveURL(/\/config\/cmos$/);
});

test('[AUT-008] wrong credentials show the server message and stay on login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('[AUT-006] an expired password leads to the expired-password screen', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('expired');
  await page.getByLabel('Password', { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page.getByText('Your password has expired, please choose a new one')).toBeVisible();
  await expect(page).toHaveURL(/\/change-expired-password$/);
  await screenshot(page, 'change-expired-password');
  await expectNoSeriousA11yViolations(page);
});

test('[AUT-008] a logged-out user changes a password at /change-password and signs in with the new one', async ({
  page,
}) => {
  await page.goto('/change-password');
  await page.getByLabel('Username').fill('expired');
  await page.getByLabel('Current password').fill('Demo1234');
  await page.getByLabel('New password').fill('Renewed1234');
  await page.getByLabel('Confirm password').fill('Renewed1234');
  await screenshot(page, 'change-password-public');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The address changes first; the form stays until the login screen's code is in. Filling
  // 'Username' before then typed into the old form's field of the same name.
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
  await page.getByLabel('Username').fill('expired');
  await page.getByLabel('Password', { exact: true }).fill('Renewed1234');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('[AUT-016] admin sees the menu and the welcome text, then logs out', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByText('Supply Chain Management System').first()).toBeVisible();
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByText('Config')).toBeVisible();
  await expect(page.getByText(/Browse the sidebar to get started/)).toBeVisible();
  await expect(page.getByText('Hello, Ada Admin (Admin)')).toBeVisible();
  await screenshot(page, 'dashboard-admin');
  await expectNoSeriousA11yViolations(page);
  await pickMenuItem(page, 'Account', 'Log out');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test("after a logout the next user lands on their own dashboard, not on the last user's page", async ({
  page,
}) => {
  // Staff open a page only staff have.
  await loginAs(page, 'staff');
  await page.goto('/audit-trail');
  await expect(page.getByRole('heading', { name: /audit trail/i })).toBeVisible();
  await pickMenuItem(page, 'Account', 'Log out');
  await expect(page).toHaveURL(/\/login$/);

  // The site user signs in on the same tab: the dashboard, with nothing of the staff session.
  await page.getByLabel('Username').fill('site');
  await page.getByLabel('Password', { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(/^Hello, .+ \(Lakeside Clinical Research/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Accepted orders' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /audit trail/i })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: /audit trail/i })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('[AUT-002] unmatched paths show the 404 screen', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await screenshot(page, 'not-found');
});
