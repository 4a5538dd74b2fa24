import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234';

/** Logs a demo user in through the login screen and waits for the dashboard. */
export async function loginAs(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Saves a screenshot for review under e2e/test-results/screens (not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  // Let MUI's enter transitions finish so the picture shows the settled screen.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** Logs a demo user in through the API and answers the headers of its authenticated calls. */
export async function apiHeaders(
  request: APIRequestContext,
  username: string,
): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/auth/login?includeUser=true', {
    data: { username, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { accessToken: string; user: { currentRole: { id: number | null } } };
  const roleId = body.user.currentRole.id;
  return { Authorization: `Bearer ${body.accessToken}`, ...(roleId ? { 'Role-Id': String(roleId) } : {}) };
}

export const test = base;
export { expect };
