import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEMO_PASSWORD,
  expect,
  loginAs,
  openStudy,
  placeOrderByApi,
  SIGNATURE,
  screenshot,
  test,
} from '../fixtures.ts';

test('a webhook created on the study page gets a signed delivery, shown in its log, and is disabled with a reason', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The receiver, on 127.0.0.1 (the e2e servers allow it: WEBHOOK_ALLOW_* in playwright.config.ts).
  const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const run = Date.now().toString(36);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${run}`;
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, 'staff');
    await openStudy(page, 'ONCO-2026-01');

    // Create it: the URL, the events (all but late), signed; its secret is shown once.
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByRole('button', { name: 'Create Webhook' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'URL' }).fill(url);
    await dialog.getByRole('checkbox', { name: 'Order late' }).uncheck();
    await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
    await screenshot(page, 'webhook-create');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const shown = page.getByRole('dialog', { name: 'Webhook Created' });
    await expect(shown).toContainText('it is shown only once');
    const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await screenshot(page, 'webhook-secret');
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = webhooks.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Order placed, Order accepted');
    await expect(webhooks).not.toContainText(secret);

    // An order placed: the receiver gets it, signed with that secret.
    const order = await placeOrderByApi(request, `HOOK-${run}`);
    await expect.poll(() => received.filter((r) => r.path === `/hooks/${run}`).length).toBe(1);
    const [got] = received;
    const id = got!.headers['webhook-id'] as string;
    const timestamp = got!.headers['webhook-timestamp'] as string;
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${got!.body}`).digest('base64');
    expect(got!.headers['webhook-signature']).toBe(`v1,${mac}`);
    expect(JSON.parse(got!.body)).toMatchObject({
      id,
      type: 'order.placed',
      data: { order: { id: order.id, number: order.number } },
    });

    // Its delivery log: sent, one attempt.
    await row.getByRole('button', { name: `Deliveries of ${url}` }).click();
    const log = page.getByRole('dialog', { name: 'Webhook Deliveries' });
    const delivery = log.getByRole('row').filter({ hasText: `#${order.number}` });
    await expect(delivery).toContainText('Order placed');
    await expect(delivery).toContainText('Sent');
    await screenshot(page, 'webhook-deliveries');
    await log.getByRole('button', { name: 'Close' }).click();

    // Disabled with a reason and the signature.
    await row.getByRole('button', { name: `Disable ${url}` }).click();
    await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
    await page.getByRole('option', { name: 'Other' }).click();
    await dialog.getByRole('textbox', { name: 'Describe the reason' }).fill('Receiver retired');
    await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
    await screenshot(page, 'webhook-disable');
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('Webhook disabled')).toBeVisible();
    await expect(row).toContainText('Disabled');
    await expect(row.getByRole('button', { name: `Disable ${url}` })).toHaveCount(0);
    await screenshot(page, 'webhooks-section');
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
