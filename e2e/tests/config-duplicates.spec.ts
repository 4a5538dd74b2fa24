import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiHeaders, DEMO_PASSWORD, expect, loginAs, SIGNATURE, screenshot, test } from '../fixtures.ts';

// Issue 33, "Configuration and integrations": duplicates refused at their row, the reason a
// webhook was disabled in its row's detail. At 1280×800.
test.use({ viewport: { width: 1280, height: 800 } });
test.describe.configure({ timeout: 240_000 });

/** A study of the test's own, created through the API; its id. */
async function newStudy(page: Page, name: string): Promise<{ id: number; headers: Record<string, string> }> {
  const headers = await apiHeaders(page.request, 'staff');
  const created = await page.request.post('/api/v1/studies', {
    headers,
    data: { name, sponsor: 'E2E Sponsor', electronicSignature: DEMO_PASSWORD },
  });
  expect(created.ok()).toBe(true);
  return { id: ((await created.json()) as { id: number }).id, headers };
}

async function openStudyPage(page: Page, id: number, name: string) {
  await loginAs(page, 'staff');
  await page.goto(`/config/studies/${id}`);
  // A shared machine can take long to load the page's chunks.
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 90_000 });
}

test('the e-mail list refuses an address twice in any case, at the row, from rows and from a CSV', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const name = `E2E-DUP-${run}`;
  const { id } = await newStudy(page, name);
  await openStudyPage(page, id, name);
  const emails = page.getByRole('region', { name: /Emails/ });
  await emails.getByRole('button', { name: 'Edit' }).click();

  // Rows typed in: the second ANNA names row 1, and Submit says why it is disabled.
  for (const [n, person, address] of [
    [1, 'Anna', 'anna@example.org'],
    [2, 'Anna again', 'ANNA@example.org'],
  ] as const) {
    await emails.getByRole('button', { name: 'Add row' }).click();
    const row = emails.getByRole('group', { name: `Row ${n}`, exact: true });
    await row.getByLabel('Name').fill(person);
    await row.getByLabel('Email').fill(address);
  }
  const row2 = emails.getByRole('group', { name: 'Row 2', exact: true });
  await expect(row2).toContainText('This address is already on row 1');
  await expect(emails.getByRole('group', { name: 'Row 1', exact: true })).not.toContainText('already on row');
  await expect(emails.getByRole('button', { name: 'Submit changes' })).toBeDisabled();
  await expect(
    emails.getByText('1 row needs fixing before you can submit; the first is row 2.'),
  ).toBeVisible();
  await expect(row2.getByText('This address is already on row 1')).toBeInViewport();
  await screenshot(page, 'config-duplicate-email-rows');

  // A CSV with the same address on lines 2 and 4 (a blank line between): named by line and address.
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dosechain-csv-')), 'recipients.csv');
  writeFileSync(
    file,
    ['Name,Email,Company type,Companies', 'Anna,anna@example.org,,', '', 'Anna B,Anna@Example.org,,'].join(
      '\n',
    ),
  );
  await emails.getByLabel('CSV file to import').setInputFiles(file);
  await expect(emails.getByText('Line 4: Anna@Example.org is already on line 2')).toBeVisible({
    timeout: 30_000,
  });
  await expect(emails.getByRole('group', { name: 'Row 2', exact: true })).toContainText(
    'This address is already on row 1',
  );
  await expect(emails.getByRole('button', { name: 'Submit changes' })).toBeDisabled();
  await screenshot(page, 'config-duplicate-email-csv');
});

test('a second webhook to the same URL is refused at the URL; a disabled one shows its reason in the row', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const name = `E2E-HOOKDUP-${run}`;
  const { id, headers } = await newStudy(page, name);
  const url = `http://127.0.0.1:9/hooks/${run}`;
  const create = (target: string) =>
    page.request.post(`/api/v1/studies/${id}/webhooks`, {
      headers,
      data: { url: target, events: ['order.placed'], electronicSignature: DEMO_PASSWORD },
    });
  const retired = (await (await create(`${url}-old`)).json()) as { id: number };
  const disabled = await page.request.put(`/api/v1/studies/${id}/webhooks/${retired.id}/disable`, {
    headers,
    data: { reasonForChange: 'Receiver retired by the sponsor', electronicSignature: DEMO_PASSWORD },
  });
  expect(disabled.ok()).toBe(true);
  const active = (await (await create(url)).json()) as { id: number };

  await openStudyPage(page, id, name);
  const webhooks = page.getByRole('region', { name: 'Webhooks' });
  // The disabled one's row opens on why, when and by whom it was created.
  const retiredRow = webhooks.getByRole('row').filter({ hasText: `${url}-old` });
  await expect(retiredRow).toContainText('Disabled', { timeout: 60_000 });
  await retiredRow.getByRole('button', { name: 'Expand' }).click();
  const reason = webhooks.getByText('Receiver retired by the sponsor');
  await expect(reason).toBeVisible();
  await reason.scrollIntoViewIfNeeded();
  await expect(reason).toBeInViewport();
  await screenshot(page, 'config-webhook-disabled-reason');

  // The same endpoint written another way: refused at the URL, naming the webhook that calls it.
  await webhooks.getByRole('button', { name: 'Create Webhook' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'URL' }).fill(`HTTP://127.0.0.1:9/hooks/${run}/`);
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const refusal = dialog.getByText(
    `Webhook #${active.id} of this study already calls this URL; disable it first or use another URL`,
  );
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await expect(refusal).toBeInViewport();
  await expect(page.getByRole('dialog', { name: 'Webhook Created' })).toHaveCount(0);
  await screenshot(page, 'config-webhook-duplicate-url');
});
