import type { Page } from '@playwright/test';
import {
  expect,
  expectInView,
  expectNoSeriousA11yViolations,
  loginAs,
  screenshot,
  test,
} from '../fixtures.ts';

/**
 * Issue 33 (outputs): with the column filters open, a grid stays inside its box at 1280×800 and
 * 1440×900. It grew to 1771 px on Order status (the Notification log likewise): every filter
 * field had a least width and a date range's two dates stood side by side. The page never
 * scrolls sideways, and Availability's Status column is in view.
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];

const SCREENS = [
  { user: 'staff', path: '/orders/status', heading: 'Order status', last: 'Imaging center' },
  { user: 'staff', path: '/notification-log', heading: 'Notification log', last: 'Last error' },
  { user: 'staff', path: '/config/drug-availability', heading: 'Availability', last: 'Status' },
  { user: 'admin', path: '/', heading: 'Dashboard', last: 'Imaging center' },
  { user: 'cmo', path: '/cmo/orders', heading: 'CMO Acknowledgement', last: 'Imaging center' },
] as const;

/** How far the page and each grid's box reach past what shows, in pixels. */
async function overflows(page: Page): Promise<{ page: number; grids: number[] }> {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    grids: [...document.querySelectorAll('main .MuiTableContainer-root')].map(
      (el) => el.scrollWidth - el.clientWidth,
    ),
  }));
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    for (const screen of SCREENS) {
      test(`${screen.user} ${screen.path}: the grid fits with its filters open`, async ({ page }) => {
        test.setTimeout(90_000);
        await loginAs(page, screen.user);
        await page.goto(screen.path);
        const main = page.getByRole('main');
        // A shared, loaded machine: the session's user may take a while.
        await expect(main.getByRole('heading', { name: screen.heading, level: 1 })).toBeVisible({
          timeout: 30_000,
        });
        // The grid's first row, or its empty line (a fresh notification log has no mail).
        await expect(main.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
        const before = await overflows(page);
        expect(before.page, 'the page scrolls sideways').toBeLessThanOrEqual(0);

        // The first grid's filters (a CMO's dashboard has a second grid).
        await main.getByRole('button', { name: 'Show/Hide filters' }).first().click();
        const filter = main.getByRole('textbox', { name: /^Filter by / }).first();
        await expect(filter).toBeVisible();
        // The Collapse that shows the filter row has finished growing.
        await page.waitForTimeout(500);
        const after = await overflows(page);
        expect(after.page, 'the page scrolls sideways with the filters open').toBeLessThanOrEqual(0);
        expect(after.grids[0], 'the grid scrolls sideways with the filters open').toBeLessThanOrEqual(1);
        const last = main.getByRole('columnheader', { name: new RegExp(`^${screen.last}`) }).first();
        await expectInView(last, screen.last);

        // A date range shows whole dates, one above the other.
        const dates = main.locator('thead [role="group"]');
        if ((await dates.count()) >= 2) {
          const [from, to] = [await dates.nth(0).boundingBox(), await dates.nth(1).boundingBox()];
          expect(to && from && to.y).toBeGreaterThan((from?.y ?? 0) + (from?.height ?? 0) - 1);
          const cut = await dates
            .first()
            .evaluate((el) => el.scrollWidth - el.clientWidth > 1 || el.getBoundingClientRect().width < 80);
          expect(cut, 'a date filter shows the whole date').toBe(false);
        }
        await screenshot(
          page,
          `filters-open-${screen.user}${screen.path.replaceAll('/', '_')}-${viewport.width}`,
        );
      });
    }
  });
}

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the filter row names each field by its column and passes axe', async ({ page }) => {
    // axe on a whole grid takes long on a loaded 2-core machine.
    test.setTimeout(180_000);
    await loginAs(page, 'staff');
    await page.goto('/orders/status');
    const main = page.getByRole('main');
    await expect(main.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    await main.getByRole('button', { name: 'Show/Hide filters' }).click();
    const subject = main.getByRole('textbox', { name: 'Filter by Subject' });
    await expect(subject).toBeVisible();
    await expect(subject).toHaveAttribute('placeholder', 'Filter');
    // The clear button takes room only once there is something to clear.
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/v1/orders?') && r.url().includes('filter'),
    );
    await subject.fill('ONC-00');
    await filtered;
    await expect(main.getByRole('button', { name: 'Clear filter' }).first()).toBeVisible();
    const overflow = await subject.evaluate((el) => {
      const input = el as HTMLInputElement;
      return input.scrollWidth - input.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'filters-open-typed-1280');
    await expectNoSeriousA11yViolations(page);
  });
});
