import {
  apiHeaders,
  DEMO_PASSWORD,
  expect,
  fillApiKeyForm,
  loginAs,
  openStudy,
  SIGNATURE,
  screenshot,
  test,
} from '../fixtures.ts';

test('a key created in the UI places an order through the API, and the audit trail names the key', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const keyName = `EDC ${run}`;
  const subject = `KEY-${run}`;
  await loginAs(page, 'staff');
  await openStudy(page, 'ONCO-2026-01');

  // Create the key: Lakeside, both scopes, 30 days, signed; its secret is shown once.
  const { keys, dialog } = await fillApiKeyForm(page, keyName, 'Place orders', '30');
  await screenshot(page, 'api-key-create');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const shown = page.getByRole('dialog', { name: 'API Key Created' });
  await expect(shown).toContainText('it is shown only once');
  const secret = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(secret).toMatch(/^dck_[0-9a-f]{16}_/);
  await screenshot(page, 'api-key-secret');
  await shown.getByRole('button', { name: 'Done' }).click();
  const row = keys.getByRole('row').filter({ hasText: keyName });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Read orders, Place orders');
  await expect(row).toContainText(secret.split('_').slice(0, 2).join('_'));
  await expect(keys).not.toContainText(secret);
  await screenshot(page, 'api-keys-section');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'api-keys-section-1440');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The ids and an open slot, read as the site user; the placement is the key's alone.
  const site = await apiHeaders(request, 'site');
  const options = await (await request.get('/api/v1/orders/options', { headers: site })).json();
  const study = options.studies.find((s: { name: string }) => s.name === 'ONCO-2026-01');
  const pairing = options.pairings.find(
    (p: { studyId: number; exam: { name: string }; site: { name: string } }) =>
      p.studyId === study.id &&
      p.exam.name === 'FDG PET Whole Body' &&
      p.site.name === 'Lakeside Clinical Research',
  );
  const siteOption = options.sites.find((s: { id: number }) => s.id === pairing.site.id);
  const center = siteOption.imagingCenters.find((c: { name: string }) => c.name === 'Windy City Imaging');
  const ids = { studyId: study.id, siteId: pairing.site.id, examId: pairing.exam.id };
  const days = await (
    await request.get('/api/v1/drug-availabilities/search', { headers: site, params: ids })
  ).json();
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const day = days.find((d: { date: string; remaining: number }) => d.date > tomorrow && d.remaining > 0);
  const placed = await request.post('/api/v1/orders', {
    headers: { Authorization: `Bearer ${secret}` },
    data: {
      ...ids,
      imagingCenterId: center.id,
      timePointId: options.timepoints[0].id,
      subjectId: subject,
      calibrationDatetime: day.intervals[0].start,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  // The key may not call what it was not made for.
  expect(
    (await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${secret}` } })).status(),
  ).toBe(403);

  // Audit trail → Orders → that order: its creation issued by the key.
  await page.getByRole('navigation').getByRole('link', { name: 'Audit trail' }).click();
  await page.getByRole('combobox', { name: 'Entity type' }).click();
  await page.getByRole('option', { name: 'Orders' }).click();
  await page.getByRole('button', { name: 'Show/Hide search' }).click();
  await page.getByPlaceholder('Search').fill(subject);
  await page
    .getByRole('row')
    .filter({ hasText: subject })
    .getByRole('button', { name: 'View Audit Trail' })
    .click();
  const history = page.getByRole('dialog', { name: /^Audit Trail - Orders/ });
  const created = history.getByRole('row').nth(1);
  await expect(created.getByRole('cell').nth(3)).toHaveText(
    `API key ${keyName} (${secret.split('_').slice(0, 2).join('_')})`,
  );
  await screenshot(page, 'api-key-audit');
  await history.getByRole('button', { name: 'Close' }).click();

  // Revoked with a reason: the key is refused from then on.
  await openStudy(page, 'ONCO-2026-01');
  await keys.getByRole('row').filter({ hasText: keyName }).getByRole('button', { name: 'Revoke' }).click();
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await dialog.getByRole('textbox', { name: 'Describe the reason' }).fill('Integration retired');
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await screenshot(page, 'api-key-revoke');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  await expect(keys.getByRole('row').filter({ hasText: keyName })).toContainText('Revoked');
  // The row's detail says why it was revoked (issue 33), not only the audit trail.
  await keys.getByRole('row').filter({ hasText: keyName }).getByRole('button', { name: 'Expand' }).click();
  await expect(keys.getByText('Integration retired')).toBeVisible();
  expect(
    (await request.get('/api/v1/orders', { headers: { Authorization: `Bearer ${secret}` } })).status(),
  ).toBe(401);
});
