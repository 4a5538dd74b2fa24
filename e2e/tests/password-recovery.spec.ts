import {
  DEMO_PASSWORD,
  expect,
  expectNoSeriousA11yViolations,
  pickMenuItem,
  screenshot,
  signIn,
  test,
} from '../fixtures.ts';
import { recoveryLinks } from '../mail.ts';

const BROKEN =
  'The recovery link you selected is broken. Re-submit your email address to receive a new recovery link.';

test('[AUT-004, AUT-005] a user recovers their password from the mailed link and logs in with it', async ({
  page,
}) => {
  const address = 'site@dosechain.example';
  const before = recoveryLinks(address).length;

  await page.goto('/login');
  await page.getByRole('link', { name: "Can't log in?" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('button', { name: 'Send recovery link' })).toBeDisabled();
  await screenshot(page, 'reset-password');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email').fill(address);
  await page.getByRole('button', { name: 'Send recovery link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${address} belongs to an account`);
  await screenshot(page, 'reset-password-sent');

  await expect.poll(() => recoveryLinks(address).length).toBe(before + 1);
  const link = recoveryLinks(address).at(-1) ?? '';
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await page.getByLabel('New password').fill('Recovered1');
  await page.getByLabel('Confirm password').fill('Recovered2');
  await expect(page.getByText('Password confirmation does not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill('Recovered1');
  await screenshot(page, 'password-reset');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, 'site', DEMO_PASSWORD);
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await signIn(page, 'site', 'Recovered1');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByText(/Hello, /)).toBeVisible();

  // Put the demo password back for the rest of the suite.
  await pickMenuItem(page, 'Account', 'Change Password');
  await page.getByLabel('Current password').fill('Recovered1');
  await page.getByLabel('New password').fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password updated').first()).toBeVisible();
  await pickMenuItem(page, 'Account', 'Log out');
  await expect(page).toHaveURL(/\/login$/);

  // The link was used: it is broken now.
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByText(BROKEN)).toBeVisible();
});

test('[AUT-007] a broken recovery link leads back to the request form with the message', async ({ page }) => {
  await page.goto('/password-reset?token=not-a-real-token');
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByText(BROKEN)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send recovery link' })).toBeVisible();
  await screenshot(page, 'reset-password-broken-link');
});
