import type { Page } from '@playwright/test';
import { expect, expectInView, loginAs, test } from '../fixtures.ts';

// Issue 18: the login and password screens, and the tab titles, at 1280×800.
test.use({ viewport: { width: 1280, height: 800 } });

test('[FRM-004, FRM-008] the login username takes 32 characters, and a refusal naming a field shows on that field', async ({
  page,
}) => {
  await page.goto('/login');
  const username = page.getByRole('textbox', { name: 'Username' });
  await username.fill('u'.repeat(33));
  await page.getByLabel('Password', { exact: true }).fill('Demo1234');
  await expect(username).toHaveAccessibleDescription('Longer than maximum length 32');
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeDisabled();

  // The server's 400 naming `username` lands under the field, not in a banner.
  await page.route('**/api/v1/auth/login**', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid',
        errors: [{ code: 'too_big', parameter: 'username', message: 'Longer than maximum length 32' }],
      }),
    }),
  );
  await username.fill('u'.repeat(32));
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(username).toHaveAccessibleDescription('Longer than maximum length 32');
  await expect(page.getByText('The request is not valid')).toHaveCount(0);
  await expectInView(page.locator(`#${await username.getAttribute('id')}-helper-text`));
  await page.screenshot({ path: '/tmp/po-shots/login-field-error.png' });
});

test('[AUT-011] with the server down, login says so once: one toast, no banner', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/api/v1/auth/login**', (route) => route.abort('connectionrefused'));
  await page.getByLabel('Username').fill('site');
  await page.getByLabel('Password', { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  const toast = page.locator('.Toastify__toast--error');
  await expect(toast).toHaveText('An unexpected error occurred.');
  await page.waitForTimeout(800);
  await expect(toast).toHaveCount(1);
  await expect(page.locator('.MuiAlert-root')).toHaveCount(0);
  await expectInView(toast);
  await page.screenshot({ path: '/tmp/po-shots/login-server-down.png' });
});

async function backToLogin(page: Page) {
  const link = page.getByRole('link', { name: 'Back to login' });
  await expect(link).toBeVisible();
  await expectInView(link);
  await link.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
}

test('the expired-password, recovery and reset screens lead back to login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('expired');
  await page.getByLabel('Password', { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page).toHaveURL(/\/change-expired-password$/);
  await page.screenshot({ path: '/tmp/po-shots/expired-back-to-login.png' });
  await backToLogin(page);

  await page.goto('/change-password');
  await backToLogin(page);

  await page.goto('/reset-password');
  await backToLogin(page);

  // The reset screen of a recovery link (a made-up token: the screen asks about it first).
  await page.route('**/api/v1/validate-token', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"valid":true}' }),
  );
  await page.goto('/password-reset?token=abc');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.screenshot({ path: '/tmp/po-shots/password-reset-back-to-login.png' });
  await backToLogin(page);
});

test('every tab names the screen it shows', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Log in — DoseChain');
  await page.goto('/reset-password');
  await expect(page).toHaveTitle('Recover your password — DoseChain');
  await loginAs(page, 'site');
  await expect(page).toHaveTitle('Dashboard — DoseChain');
  await page.getByRole('navigation').getByRole('link', { name: 'Place order' }).click();
  await expect(page).toHaveTitle('Place order — DoseChain');
  await page.getByRole('navigation').getByRole('link', { name: 'Order status' }).click();
  await expect(page).toHaveTitle('Order status — DoseChain');
  await page.goto('/profile/change-password');
  await expect(page).toHaveTitle('Change Password — DoseChain');
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Page not found — DoseChain');
});
