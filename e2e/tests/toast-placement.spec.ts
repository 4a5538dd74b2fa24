import type { Locator } from '@playwright/test';
import { type Box, DEMO_PASSWORD, expect, expectInView, loginAs, pickMenuItem, test } from '../fixtures.ts';

/**
 * Issue 18: a toast stays up for 5 s and must not lie over what the user works with — a grid's
 * pager and row actions, a dialog's action bar (Place order's calendar: place-order-flow.spec).
 * Toasts sit at the top centre, on the app bar's empty middle.
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The toast's box once it has dropped in (measured mid-animation it is elsewhere). It is fixed
 * to the window, so the box holds at any scroll, also once the toast has gone.
 */
async function settledToast(toast: Locator): Promise<Box> {
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCSS('transform', 'none');
  return expectInView(toast);
}

/** The element is in the window and the toast does not lie over it. */
async function expectClearOfToast(element: Locator, toast: Box, what: string): Promise<void> {
  await expect(element).toBeInViewport();
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(overlap(box!, toast), `the toast lies over ${what}`).toBe(false);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    // Login, a grid or a dialog and a provoked failure: slow on the shared 2-core machine.
    test.setTimeout(180_000);

    test("a toast on a grid page leaves the pager and the rows' actions uncovered", async ({ page }) => {
      await loginAs(page, 'staff');
      await page.goto('/orders/status');
      const grid = page
        .locator('.MuiPaper-root')
        .filter({ has: page.getByRole('table') })
        .first();
      await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
      // The list answers no more: the export reads it, fails, and says so in the generic toast.
      await page.route('**/api/v1/orders?**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }),
      );
      await pickMenuItem(page, 'Export and print', 'Export CSV');
      const toast = page.locator('.Toastify__toast').filter({ hasText: 'An unexpected error occurred.' });
      const toastBox = await settledToast(toast);

      await expectClearOfToast(page.getByRole('button', { name: 'Export and print' }), toastBox, 'Export');
      await expectClearOfToast(page.getByRole('heading', { level: 1 }), toastBox, 'the heading');
      await expectClearOfToast(page.getByRole('banner').getByRole('button'), toastBox, 'the user menu');
      await page.screenshot({ path: `test-results/screens/toast-grid-top-${viewport.width}.png` });

      // Scrolled to the end, where the pager sits lowest on the screen.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const pager = grid.locator('.MuiTablePagination-root');
      await expect(pager).toBeInViewport({ ratio: 0.9 });
      await expectClearOfToast(pager, toastBox, 'the pager');
      // The rows' actions in view at this scroll.
      const actions = grid.getByRole('row').locator('td:first-child button');
      for (const button of await actions.all()) {
        const box = await button.boundingBox();
        if (box && box.y >= 0 && box.y + box.height <= viewport.height)
          expect(overlap(box, toastBox), 'the toast lies over a row action').toBe(false);
      }
      await page.screenshot({ path: `test-results/screens/toast-grid-bottom-${viewport.width}.png` });
    });

    test('a toast over a dialog leaves its action bar and title uncovered', async ({ page }) => {
      await loginAs(page, 'staff');
      await page.getByRole('navigation').getByRole('link', { name: 'Drugs' }).click();
      await page.getByRole('button', { name: 'Add Drug' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Toast ${Date.now()}`);
      await dialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
      await page.route('**/api/v1/drugs', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' })
          : route.fallback(),
      );
      await dialog.getByRole('button', { name: 'Save' }).click();
      const toast = page.locator('.Toastify__toast--error');
      const toastBox = await settledToast(toast);
      await expectClearOfToast(dialog.locator('.MuiDialogActions-root'), toastBox, 'the action bar');
      await expectClearOfToast(dialog.getByRole('heading', { name: 'Add Drug' }), toastBox, 'the title');
      await page.screenshot({ path: `test-results/screens/toast-dialog-${viewport.width}.png` });
    });
  });
}
