import { availableParallelism, loadavg } from 'node:os';
import { expect, fillPlaceOrderForm, loginAs, rowOf, screenshot, test } from '../fixtures.ts';

/**
 * Issue 22, live screens: what one user does shows on another's screen without a reload. The
 * CMO and the site work in two browsers (contexts: their own storage, their own sessions).
 */

const run = String(Date.now() % 100_000);

test('a CMO’s dashboard shows an order a site user places in another browser within 2 s, without a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const subject = `LIVE-${run}`;
  const viewport = { width: 1280, height: 800 };

  // The CMO's dashboard, narrowed to the subject to come (other specs order on the same days).
  const cmoContext = await browser.newContext({ viewport });
  const cmo = await cmoContext.newPage();
  const streamOpened = cmo.waitForResponse((r) => r.url().endsWith('/api/v1/events') && r.status() === 200);
  await loginAs(cmo, 'cmo');
  await expect(cmo.getByRole('heading', { name: 'Orders waiting for confirmation' })).toBeVisible();
  await streamOpened;
  // The dashboard's own grid (the late deliveries may have a grid of their own below it).
  const pending = cmo.getByRole('region', { name: 'Orders waiting for confirmation' });
  await pending.getByRole('button', { name: 'Show/Hide search' }).click();
  const searched = cmo.waitForResponse(
    (r) => r.url().includes('/api/v1/orders?') && r.url().includes(`search=${subject}`),
  );
  await pending.getByPlaceholder('Search').fill(subject);
  await searched;
  await expect(rowOf(cmo, subject)).toHaveCount(0);
  // A reload would start a new document and lose this mark.
  await cmo.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = 'same document';
  });

  // The site places the order in its own browser.
  const siteContext = await browser.newContext({ viewport });
  const site = await siteContext.newPage();
  await loginAs(site, 'site');
  await fillPlaceOrderForm(site, subject);
  const placement = site.waitForResponse(
    (r) => r.url().endsWith('/api/v1/orders') && r.request().method() === 'POST',
  );
  await site.getByRole('button', { name: 'Place order' }).click();
  expect((await placement).status()).toBe(201);
  // Timed from the placement's answer: the order is committed then.
  const placedAt = Date.now();

  // Within 2 s the row is on the CMO's screen, in view, in the same document. On a machine
  // running more than one and a half times its cores' worth of work (two spec files, their servers and
  // browsers beside other jobs) the refetch and render behind it stretch: 5 s there, the figure
  // logged either way.
  const overloaded = loadavg()[0]! / availableParallelism() > 1.5;
  const budgetMs = overloaded ? 5000 : 2000;
  const row = rowOf(cmo, subject);
  await expect(row).toBeInViewport({ timeout: budgetMs });
  const latencyMs = Date.now() - placedAt;
  expect(latencyMs).toBeLessThan(budgetMs);
  test.info().annotations.push({ type: 'latency', description: `${latencyMs} ms after the placement` });
  console.log(`live events: the row was in view ${latencyMs} ms after the placement was answered`);
  await expect(site.getByRole('link', { name: /^Order #\d+ was placed!$/ })).toBeVisible();
  await expect(row).toContainText('Pending');
  expect(await cmo.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe(
    'same document',
  );
  await screenshot(cmo, 'live-dashboard-cmo');

  await siteContext.close();
  await cmoContext.close();
});
