import type { Locator, Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  expectNoSeriousA11yViolations,
  loginAs,
  screenshot,
  test,
} from '../fixtures.ts';

/**
 * Issue 33, accessibility and naming: keyboard focus is seen and told apart from the current page
 * and from a disabled button; "Skip to content" is the first Tab stop and moves into the page;
 * the account button's name is the name it shows; the product is named DoseChain in the tab and
 * beside the spec's title on screen.
 */

test.use({ viewport: { width: 1280, height: 800 } });

/** The focused element's outline, as drawn. */
const outlineOf = (element: Locator) =>
  element.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      color: style.outlineColor,
    };
  });

/** Presses Tab until `target` has the focus, at most `max` times. */
async function tabTo(page: Page, target: Locator, max: number): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`not reached in ${max} Tabs`);
}

test('Skip to content is the first Tab stop and moves the focus into the page', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/orders/status');
  await expect(page.getByRole('heading', { name: 'Order status', level: 1 })).toBeVisible();
  const skip = page.getByRole('link', { name: 'Skip to content' });
  // Out of sight until focused.
  await expect(skip).not.toBeInViewport();

  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await screenshot(page, 'a11y-skip-link-1280');

  await page.keyboard.press('Enter');
  const main = page.getByRole('main');
  await expect(main).toBeFocused();
  // The address is the page's, no hash added.
  await expect(page).toHaveURL(/\/orders\/status$/);
  // The next Tab lands inside the page, not on the account button or the admin's menu.
  await page.keyboard.press('Tab');
  expect(
    await main.evaluate((el) => el.contains(document.activeElement) && el !== document.activeElement),
  ).toBe(true);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).locator(':focus')).toHaveCount(0);
});

test('a focused menu entry has a ring, unlike the current page; the account button is named as shown', async ({
  page,
}) => {
  // axe at the end takes long on a loaded 2-core machine.
  test.setTimeout(180_000);
  await loginAs(page, 'admin');
  await expect(page).toHaveTitle('Dashboard — DoseChain');
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('DoseChain');
  await expect(banner).toContainText('Supply Chain Management System');

  // Named by the user's name it shows, first (what a voice user says).
  const account = page.getByRole('button', { name: /^Ada Admin/ });
  await expect(account).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(account).toBeFocused();
  const accountRing = await outlineOf(account);
  expect(accountRing.style).toBe('solid');
  // White on the blue bar.
  expect(accountRing.color).toBe('rgb(255, 255, 255)');

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const current = menu.getByRole('link', { name: 'Dashboard' });
  const placeOrder = menu.getByRole('link', { name: 'Place order' });
  await expect(current).toHaveAttribute('aria-current', 'page');
  await tabTo(page, placeOrder, 5);
  await expect(placeOrder).toBeFocused();
  const ring = await outlineOf(placeOrder);
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  // The focused entry has no tint; the current page has one (and its bar), and no ring.
  const background = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background(placeOrder)).toBe('rgba(0, 0, 0, 0)');
  expect(await background(current)).not.toBe('rgba(0, 0, 0, 0)');
  expect((await outlineOf(current)).style).toBe('none');
  await screenshot(page, 'a11y-focus-menu-1280');
  await expectNoSeriousA11yViolations(page);
});

test('the focused SIGN IN keeps its colour and has a ring; the login card names the product', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Log in — DoseChain');
  await expect(page.getByRole('heading', { name: 'DoseChain', level: 1 })).toBeVisible();
  await expect(page.getByText('Supply Chain Management System')).toBeVisible();
  await page.getByLabel('Username').fill('staff');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  const signIn = page.getByRole('button', { name: 'SIGN IN' });
  await expect(signIn).toBeEnabled();
  // Read once the enabled colour has settled: the button fades from its disabled look as the
  // password is typed (MUI's 250 ms transition), and a read mid-fade is neither colour (seen in CI).
  const colour = () => signIn.evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect
    .poll(async () => {
      const before = await colour();
      await page.waitForTimeout(300);
      return before === (await colour());
    })
    .toBe(true);
  const idle = await colour();
  expect(idle).not.toMatch(/^rgba\(.*, 0\.\d+\)$/);
  await page.keyboard.press('Tab');
  await expect(signIn).toBeFocused();
  // Wait for MUI's transitions: the colour must be the enabled button's, not a faded one.
  await page.waitForTimeout(400);
  expect(await colour()).toBe(idle);
  expect(await signIn.locator('.MuiTouchRipple-child').count()).toBe(0);
  expect((await outlineOf(signIn)).style).toBe('solid');
  await screenshot(page, 'a11y-focus-sign-in-1280');
});

test('a site user opening an order under CMO Acknowledgement gets it under Order status', async ({
  page,
}) => {
  await loginAs(page, 'site');
  // The first order of the site's orders.
  await page.goto('/orders/status');
  const open = page
    .getByRole('main')
    .getByRole('link', { name: /^Open Order #/ })
    .first();
  const href = await open.getAttribute('href');
  const id = href?.split('/').at(-1);
  expect(id).toMatch(/^\d+$/);

  await page.goto(`/cmo/orders/${id}`);
  await expect(page).toHaveURL(new RegExp(`/orders/${id}$`));
  await expect(page).not.toHaveURL(/\/cmo\//);
  await expect(page.getByRole('heading', { name: /^Order #\d+/, level: 1 })).toBeVisible();
  const back = page.getByRole('link', { name: '← Order status' });
  await expect(back).toBeVisible();
  await screenshot(page, 'a11y-site-cmo-order-1280');
  await back.click();
  await expect(page.getByRole('heading', { name: 'Order status', level: 1 })).toBeVisible();
  await expect(page.getByText('Page not found')).toHaveCount(0);
});

test('a CMO keeps its order under CMO Acknowledgement', async ({ page }) => {
  await loginAs(page, 'cmo');
  await page.goto('/cmo/orders');
  const open = page
    .getByRole('main')
    .getByRole('link', { name: /^Open Order #/ })
    .first();
  await open.click();
  await expect(page).toHaveURL(/\/cmo\/orders\/\d+$/);
  await expect(page.getByRole('link', { name: '← CMO Acknowledgement' })).toBeVisible();
});
