import { apiHeaders, DEMO_PASSWORD, expect, loginAs, screenshot, test } from '../fixtures.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** Drugs named to sort after the demo's, so other specs' pickers still list theirs first. */
const TRACER = 'Zz Lookup Tracer';

test('a drug picker over 100 drugs says it shows the first 100 and narrows as the user types', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const headers = await apiHeaders(request, 'staff');
  // 101 more drugs (once per server: a retry finds them there); a recent signature needs no re-check.
  const existing = await (
    await request.get('/api/v1/drugs', { headers, params: { search: TRACER, size: 1 } })
  ).json();
  for (let i = existing.total + 1; i <= 101; i++) {
    const created = await request.post('/api/v1/drugs', {
      headers,
      data: { name: `${TRACER} ${String(i).padStart(3, '0')}`, electronicSignature: DEMO_PASSWORD },
    });
    expect(created.status()).toBe(201);
  }
  const all = await (
    await request.get('/api/v1/drugs', {
      headers,
      params: { size: 1, filter: JSON.stringify([{ field: 'active', op: 'eq', value: true }]) },
    })
  ).json();
  expect(all.total).toBeGreaterThan(100);

  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Exams' }).click();
  await page.getByRole('button', { name: 'Add Exam' }).click();
  const dialog = page.getByRole('dialog');
  const drug = dialog.getByRole('combobox', { name: 'Drug' });
  await drug.click();
  const note = page.getByText(`Showing the first 100 of ${all.total} — type to narrow`);
  await expect(note).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(100);
  // The note sits under the options, in the open list itself.
  await expect(page.locator('.MuiAutocomplete-paper')).toContainText('type to narrow');
  await screenshot(page, 'picker-over-100');

  // The last drug by name is past the first 100: typing asks the server for it.
  await expect(page.getByRole('option', { name: `${TRACER} 101` })).toHaveCount(0);
  await drug.fill('Tracer 101');
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: `${TRACER} 101` })).toBeVisible();
  await expect(note).toHaveCount(0);
  await screenshot(page, 'picker-narrowed');
  await page.getByRole('option', { name: `${TRACER} 101` }).click();
  await expect(drug).toHaveValue(`${TRACER} 101`);
});

test('the time-zone picker finds a zone by city and by country, with its offset', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Clinical Sites' }).click();
  await page.getByRole('button', { name: 'Add Clinical Site' }).click();
  const dialog = page.getByRole('dialog');
  const zone = dialog.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('Seattle');
  const la = page.getByRole('option', { name: /^America\/Los_Angeles \(UTC-0[78]:00\)/ });
  await expect(la).toContainText('United States · Seattle');
  await expect(page.getByRole('option')).toHaveCount(1);
  await screenshot(page, 'timezone-seattle');
  await la.click();
  await expect(zone).toHaveValue(/^America\/Los_Angeles \(UTC-0[78]:00\)$/);

  await zone.fill('Germany');
  await expect(page.getByRole('option', { name: /^Europe\/Berlin \(UTC\+0[12]:00\)/ })).toContainText(
    'Germany',
  );
  await screenshot(page, 'timezone-germany');
});

test("the API key's site picker offers only the sites the study is paired with", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, 'staff');
  const sites = await (await request.get('/api/v1/clinical-sites', { headers, params: { size: 1 } })).json();
  const studies = await (await request.get('/api/v1/studies', { headers, params: { size: 100 } })).json();
  // A demo study paired with some of the sites, not all: the picker must leave the others out.
  let chosen: { id: number; name: string; sites: string[] } | undefined;
  for (const study of studies.items as { id: number; name: string }[]) {
    const paired = await (
      await request.get(`/api/v1/studies/${study.id}/sites`, { headers, params: { size: 100, sort: 'name' } })
    ).json();
    if (paired.total > 0 && paired.total < sites.total) {
      chosen = { id: study.id, name: study.name, sites: paired.items.map((s: { name: string }) => s.name) };
      break;
    }
  }
  expect(chosen, 'a study paired with some sites only').toBeDefined();

  await loginAs(page, 'staff');
  await page.goto(`/config/studies/${chosen!.id}`);
  // The study page loads its pairings, keys and webhooks: slow on a busy machine.
  await expect(page.getByRole('heading', { name: chosen!.name })).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('region', { name: 'API Keys' })
    .getByRole('button', { name: 'Create API Key' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Clinical Site' }).click();
  await expect(page.getByRole('option')).toHaveText(chosen!.sites);
  await screenshot(page, 'api-key-paired-sites');
});
