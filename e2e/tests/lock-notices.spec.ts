import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiHeaders,
  DEMO_PASSWORD,
  expect,
  expectInView,
  pickMenuItem,
  SIGNATURE,
  screenshot,
  signIn,
  test,
} from '../fixtures.ts';

// Issue 33, "Lock notices come late", at 1280×800: the lock is said at once, with its end on the
// user's clock (a Chicago site user: CST), at the login and after a wrong e-signature.
test.use({ viewport: { width: 1280, height: 800 } });
// Many argon2 checks on a loaded 2-core machine.
test.setTimeout(120_000);

const PASSWORD = 'Chicago-2026';
const LOCKED_UNTIL_CST =
  /^Your account is locked until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d CST after too many failed attempts\./;

/**
 * A new clinical-site user of Lakeside Clinical Research (Chicago), made by admin through the API,
 * with a password of their own (a first password counts as expired). Each test locks its own.
 */
async function newChicagoUser(request: APIRequestContext, name: string): Promise<string> {
  const headers = await apiHeaders(request, 'admin');
  const sites = await (
    await request.get('/api/v1/clinical-sites', { headers, params: { search: 'Lakeside', size: 10 } })
  ).json();
  const site = sites.items.find((c: { name: string }) => c.name === 'Lakeside Clinical Research');
  const groups = await (
    await request.get('/api/v1/groups', { headers, params: { search: 'Site Users' } })
  ).json();
  const group = groups.items.find((g: { name: string }) => g.name === 'Site Users');
  const username = `${name}${Date.now().toString(36)}`.slice(0, 32);
  const created = await request.post('/api/v1/users', {
    headers,
    data: {
      username,
      firstName: 'Lena',
      lastName: 'Lakeside',
      email: `${username}@dosechain.test`,
      password: DEMO_PASSWORD,
      groupIds: [group.id],
      roles: [{ type: 'clinical_site', companyId: site.id }],
      siteCoordinator: true,
      electronicSignature: DEMO_PASSWORD,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const chosen = await request.put('/api/v1/users/password-change', {
    data: { username, currentPassword: DEMO_PASSWORD, password: PASSWORD },
  });
  expect(chosen.status(), await chosen.text()).toBe(204);
  return username;
}

/** One login attempt in the form, waiting for its answer (the same alert may stand from the last). */
async function attempt(page: Page, password: string): Promise<void> {
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page.waitForResponse((r) => r.url().includes('/api/v1/auth/login'));
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await answered;
}

test('the login warns before the last attempt and names the lock at the attempt that locks, in the user zone', async ({
  page,
  request,
}) => {
  const username = await newChicagoUser(request, 'lockl');
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  const alert = page.getByRole('alert');
  for (let i = 0; i < 3; i++) {
    await attempt(page, `Wrong-guess-${i}`);
    await expect(alert).toHaveText('Invalid username or password');
  }
  await attempt(page, 'Wrong-guess-3');
  await expect(alert).toHaveText(
    'Invalid username or password. 1 attempt left: one more failed attempt locks the account for 30 minutes.',
  );
  await screenshot(page, 'login-last-attempt');
  await attempt(page, 'Wrong-guess-4');
  await expect(alert).toHaveText(LOCKED_UNTIL_CST);
  await expect(alert).toContainText(
    "reset your password with “Can't log in?”, or ask a user manager to unlock it.",
  );
  await expectInView(alert);
  await screenshot(page, 'login-locked-at-fifth');
  const lockText = await alert.textContent();
  // The right password during the lock: the same words.
  await attempt(page, PASSWORD);
  await expect(alert).toHaveText(lockText ?? '');
  await expect(page).toHaveURL(/\/login$/);
});

/**
 * Four wrong passwords in a form (each answered 400), the warning before the last, then the fifth:
 * `fill` types one into the form's password field, `send` submits and names the call it waits for.
 */
async function lockBy(
  page: Page,
  fill: (password: string) => Promise<void>,
  send: () => Promise<void>,
  url: string,
) {
  for (let i = 0; i < 4; i++) {
    await fill(`Wrong-password-${i}`);
    const answered = page.waitForResponse((r) => r.url().endsWith(url) && r.request().method() === 'PUT');
    await send();
    expect((await answered).status()).toBe(400);
  }
  await expect(page.getByText('One more wrong password will lock your account.')).toBeVisible();
  await fill('Wrong-password-4');
  await send();
}

/** The login the locked session lands on: the lock and its end, staying, never "session ended". */
async function expectLockedLogin(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  const alert = page.getByRole('alert').first();
  await expect(alert).toHaveText(LOCKED_UNTIL_CST);
  // It stays: no "session has ended" replaces it.
  await page.waitForTimeout(1500);
  await expect(alert).toHaveText(LOCKED_UNTIL_CST);
  await expect(page.getByText('Your session has ended, please sign in again')).toHaveCount(0);
}

test('a wrong e-signature that locks leads to the login with the lock and its end, in the user zone', async ({
  page,
  request,
}) => {
  const username = await newChicagoUser(request, 'locke');
  await signIn(page, username, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  // A second tab of the same session: it must say the same when the first tab's signature locks.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/orders/status');
  await expect(otherTab.getByRole('heading', { name: 'Order status', level: 1 })).toBeVisible();
  await pickMenuItem(page, 'Account', 'Profile');
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await page.getByLabel('Last name').fill('Lakeshore');
  await page.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await page.getByLabel('Describe the reason').fill('Typo in the name');
  const signature = page.getByLabel(SIGNATURE);
  await lockBy(
    page,
    (password) => signature.fill(password),
    () => page.getByRole('button', { name: 'Save' }).click(),
    '/api/v1/users/me',
  );
  await expectLockedLogin(page);
  await screenshot(page, 'esignature-locked-login');
  // The other tab followed at once, with the lock's text, not "your session has ended".
  await expect(otherTab).toHaveURL(/\/login/);
  await expect(otherTab.getByRole('alert')).toHaveText(LOCKED_UNTIL_CST);
  await expect(otherTab.getByText('Your session has ended, please sign in again')).toHaveCount(0);
  await otherTab.close();
  // And the login says the same.
  await page.getByLabel('Username').fill(username);
  await attempt(page, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(LOCKED_UNTIL_CST);
});

test('a wrong current password that locks, on Change Password, leads to the login with the lock and its end', async ({
  page,
  request,
}) => {
  const username = await newChicagoUser(request, 'lockp');
  await signIn(page, username, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile/change-password');
  await page.getByLabel('New password').fill('Fresh-2026-pw');
  await page.getByLabel('Confirm password').fill('Fresh-2026-pw');
  const current = page.getByLabel('Current password');
  await lockBy(
    page,
    (password) => current.fill(password),
    () => page.getByRole('button', { name: 'Change Password' }).click(),
    '/api/v1/users/me/password',
  );
  await expectLockedLogin(page);
  await expect(page.getByText('Error changing password')).toHaveCount(0);
  await screenshot(page, 'change-password-locked-login');
});
