import { DEMO_PASSWORD, expect, expectInView, loginAs, pickMenuItem, screenshot, test } from '../fixtures.ts';

// Issue 18, "Errors and sessions" and "First data, fast", at 1280×800.
test.use({ viewport: { width: 1280, height: 800 } });

const SESSION_ENDED = 'Your session has ended, please sign in again';

test('a screen whose code does not load reloads once, then offers a way back inside the app', async ({
  page,
}) => {
  await loginAs(page, 'site');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The Order status screen's code has not been loaded yet: make it fail, as after a redeploy.
  let blocked = 0;
  await page.route(/\/assets\/order-status-page-[^/]*\.js$/, (route) => {
    blocked++;
    return route.abort();
  });
  let documentLoads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads++;
  });
  await page.getByRole('link', { name: 'Order status' }).click();

  const back = page.getByRole('link', { name: 'Go to the dashboard' });
  await expectInView(back);
  await expectInView(page.getByRole('button', { name: 'Try again' }));
  await expect(page.getByText('This screen could not be opened.')).toBeVisible();
  await expect(page.getByText('An unexpected error occurred.').first()).toBeVisible();
  await expect(page.getByText(/Hey developer|Unexpected Application Error/)).toHaveCount(0);
  // In the layout: the app bar and the menu are still there.
  await expect(page.getByRole('link', { name: 'Place order' })).toBeVisible();
  // It reloaded once (a redeploy's new index would name the new chunk), not in a loop.
  expect(documentLoads).toBe(1);
  expect(blocked).toBeGreaterThanOrEqual(2);
  await screenshot(page, 'screen-failed');
  await page.waitForTimeout(1500);
  expect(documentLoads).toBe(1);

  await back.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('[AUT-012] an ended session says so on the login and returns to the page after signing in', async ({
  page,
}) => {
  await loginAs(page, 'site');
  await page.goto('/orders/status?from=e2e');
  await expect(page.getByRole('heading', { name: 'Order status', level: 1 })).toBeVisible();
  // The grid's rows too: its code and list come after the heading, and a list call sent after the
  // token is spoilt below would end the session before the click (seen once in five runs).
  await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
  // The live events' stream ends with the session and its reconnection would end it in the app
  // before the click below (a race the test lost at times): this test is about a call's 401.
  await page.route('**/api/v1/events', (route) => route.abort());
  // Revoke the session on the server and let the access token go stale.
  const stored = await page.evaluate(() => localStorage.getItem('AUTH_TOKEN'));
  const tokens = JSON.parse(stored ?? '{}') as { accessToken: string; refreshToken: string };
  const logout = await page.request.post('/api/v1/auth/logout', {
    headers: { authorization: `Bearer ${tokens.accessToken}` },
    data: { refreshToken: tokens.refreshToken },
  });
  expect(logout.ok()).toBe(true);
  await page.evaluate(
    (refreshToken) =>
      localStorage.setItem('AUTH_TOKEN', JSON.stringify({ accessToken: 'expired', refreshToken })),
    tokens.refreshToken,
  );
  let documentLoads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads++;
  });
  // The next call answers 401, the refresh is refused: the session is over.
  await page.getByRole('link', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expectInView(page.getByText(SESSION_ENDED));
  expect(documentLoads).toBe(0);
  await screenshot(page, 'session-ended-login');
  await page.getByLabel('Username').fill('site');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page).toHaveURL(/\/place-order$/);
});

test('a logout in one tab ends the session in the other, which returns to its page after signing in', async ({
  page,
}) => {
  await loginAs(page, 'cmo');
  // Tab B: a second page of the same browser (one storage), on a working screen.
  const tabB = await page.context().newPage();
  await tabB.setViewportSize({ width: 1280, height: 800 });
  await tabB.goto('/orders/status?from=tab-b');
  // A new tab loads the app afresh: slow on a loaded machine.
  await expect(tabB.getByRole('heading', { name: 'Order status', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  // Its grid (code and list) loaded: the screen is in use when the other tab logs out.
  await expect(tabB.getByRole('main').getByRole('row').first()).toBeVisible({ timeout: 30_000 });

  // Tab A logs out.
  await page.bringToFront();
  await pickMenuItem(page, 'Account', 'Log out');
  await expect(page).toHaveURL(/\/login$/);

  // Tab B ends its session at once, with the message, on the login.
  await expect(tabB).toHaveURL(/\/login$/);
  await expectInView(tabB.getByText(SESSION_ENDED));
  await tabB.bringToFront();
  await screenshot(tabB, 'two-tabs-session-ended');
  await tabB.getByLabel('Username').fill('cmo');
  await tabB.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await tabB.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(tabB).toHaveURL(/\/orders\/status\?from=tab-b$/);
  await expect(tabB.getByRole('heading', { name: 'Order status', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await tabB.close();
});

test('[AUT-012] an expired token found on reload ends the session with the message, and returns there', async ({
  page,
}) => {
  await loginAs(page, 'site');
  await page.goto('/orders/status?from=reload');
  await expect(page.getByRole('heading', { name: 'Order status', level: 1 })).toBeVisible();
  await page.evaluate(() =>
    localStorage.setItem('AUTH_TOKEN', JSON.stringify({ accessToken: 'x', refreshToken: 'y' })),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expectInView(page.getByText(SESSION_ENDED));
  await page.getByLabel('Username').fill('site');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page).toHaveURL(/\/orders\/status\?from=reload$/);
});

test('a /users/me slower than 5 s on reload does not log out', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'site');
  await page.route('**/api/v1/users/me', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await route.continue().catch(() => undefined);
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('AUTH_TOKEN'))).not.toBeNull();
});

test('no answer from /users/me on reload keeps the session and offers to try again', async ({ page }) => {
  await loginAs(page, 'site');
  await page.route('**/api/v1/users/me', (route) => route.abort('connectionrefused'));
  await page.reload();
  const retry = page.getByRole('button', { name: 'Try again' });
  await expectInView(retry);
  await expect(page).not.toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('AUTH_TOKEN'))).not.toBeNull();
  // The panel says what happened and offers a way out besides trying again.
  await expect(page.getByRole('alert').filter({ hasText: 'The server is not answering' })).toContainText(
    'Your session is kept: try again, or sign out.',
  );
  await expectInView(page.getByRole('button', { name: 'Sign out' }));
  // One message, not two: no generic error toast above the panel (issue 33).
  await expect(page.getByText(/An unexpected error occurred/)).toHaveCount(0);
  await screenshot(page, 'users-me-unreachable');
  await page.unroute('**/api/v1/users/me');
  await retry.click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('the dashboard asks for its orders while its code is still loading', async ({ page }) => {
  await loginAs(page, 'staff');
  // Hold the dashboard's code back; its data must not wait for it.
  let chunkFulfilledAt = 0;
  let chunkRequestedAt = 0;
  await page.route(/\/assets\/dashboard-page-[^/]*\.js$/, async (route) => {
    chunkRequestedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    chunkFulfilledAt = Date.now();
    await route.continue();
  });
  let meAnsweredAt = 0;
  page.on('response', (response) => {
    if (response.url().endsWith('/api/v1/users/me')) meAnsweredAt = Date.now();
  });
  const ordersRequested = page.waitForRequest((r) => /\/api\/v1\/orders\?/.test(r.url()));
  await page.reload();
  await ordersRequested;
  const ordersRequestedAt = Date.now();
  // The orders went out before the page's code arrived, and the code was asked for before the
  // session's user had loaded.
  expect(chunkFulfilledAt === 0 || ordersRequestedAt < chunkFulfilledAt).toBe(true);
  expect(chunkRequestedAt).toBeGreaterThan(0);
  expect(meAnsweredAt === 0 || chunkRequestedAt <= meAnsweredAt).toBe(true);
  const firstRow = page.getByRole('link', { name: /Open Order #/ }).first();
  await expectInView(firstRow);
});

test('navigation to the first order row of the dashboard (measured)', async ({ page }) => {
  await loginAs(page, 'staff');
  // When the first order row appears, on the page's own clock (ms since navigation start).
  await page.addInitScript(() => {
    const w = window as unknown as { firstRowAt?: number };
    new MutationObserver(() => {
      if (w.firstRowAt === undefined && document.querySelector('a[aria-label^="Open Order #"]'))
        w.firstRowAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  const timings: number[] = [];
  for (let i = 0; i < 3; i++) {
    await page.goto('/');
    await page
      .getByRole('link', { name: /Open Order #/ })
      .first()
      .waitFor();
    timings.push(await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt));
  }
  console.log(
    `navigation to first order row, staff dashboard: ${timings.map((t) => Math.round(t)).join(', ')} ms`,
  );
  expect(timings.every((t) => t > 0)).toBe(true);
});
