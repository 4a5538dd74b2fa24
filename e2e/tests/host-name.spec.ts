import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../chromium.ts';
import { DEMO_PASSWORD, expect, test } from '../fixtures.ts';
import { serverPort, workerServerIndex } from '../servers.ts';

// A customer opens DoseChain by a host name over plain http (an evaluation VM, a proxy without
// TLS), not by localhost: Chromium treats loopback names as secure, so every other spec would
// pass even if the page stayed blank elsewhere (it did, while the CSP upgraded requests to https).
test('the UI opens and signs in by a host name over plain http', async () => {
  const hostName = 'dosechain-eval.test';
  const browser = await chromium.launch({
    executablePath: chromiumExecutable,
    args: [...chromiumArgs, `--host-resolver-rules=MAP ${hostName} 127.0.0.1`],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
    const origin = `http://${hostName}:${serverPort(workerServerIndex())}`;
    await page.goto(`${origin}/login`);
    await page.getByLabel('Username').fill('staff');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page).toHaveURL(`${origin}/`);
    await expect(page.getByRole('button', { name: 'Account' })).toContainText('Sam Staff');
    await expect(page.getByRole('link', { name: 'Order status' })).toBeVisible();
    expect(failed).toEqual([]);
  } finally {
    await browser.close();
  }
});
