import { test as base, expect, type Page } from '@playwright/test';

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

export const test = base;
export { expect };
