import { apiHeaders, choose, expect, loginAs, screenshot, test } from '../fixtures.ts';

// NEURO-AMY-301's Amyloid PET at Lakeside comes from Isotope Labs Boston, monthly on the 1st,
// 15th and 31st, 00:00–24:00 New York time: at Windy City Imaging (Chicago) each run starts at
// 23:00 the evening before. The run's doses are offered on one day only, the 15th, with that
// evening hour listed under it by its date; the 14th has no run and stays closed.
test("a run across midnight at a center in another zone shows its doses on one day, with the evening before's hour dated", async ({
  page,
  request,
}) => {
  const headers = await apiHeaders(request, 'site');
  const options = await (await request.get('/api/v1/orders/options', { headers })).json();
  const study = options.studies.find((s: { name: string }) => s.name === 'NEURO-AMY-301');
  const pairing = options.pairings.find(
    (p: { studyId: number; exam: { name: string } }) =>
      p.studyId === study.id && p.exam.name === 'Amyloid PET',
  );
  // The next 15th after tomorrow, so that no hour of it passes while the test runs.
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 50 * 86400_000).toISOString().slice(0, 10);
  const answer = await request.get('/api/v1/drug-availabilities/search', {
    headers,
    params: { studyId: study.id, siteId: pairing.site.id, examId: pairing.exam.id, from, to },
  });
  expect(answer.status()).toBe(200);
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const target = ((await answer.json()) as { date: string }[]).find(
    (d) => d.date > tomorrow && d.date.endsWith('-15'),
  );
  expect(target, 'a Boston Amyloid run on a 15th within 50 days').toBeTruthy();
  const [year, month] = (target?.date ?? '').split('-').map(Number) as [number, number];

  await loginAs(page, 'site');
  await page.goto('/place-order');
  await choose(page, 'Study', 'NEURO-AMY-301');
  await choose(page, 'Exam', 'Amyloid PET');
  await choose(page, 'Imaging center', 'Windy City Imaging');
  const calendar = page.getByRole('group', { name: 'Availability calendar' });
  const now = new Date();
  for (let ahead = year * 12 + month - (now.getFullYear() * 12 + now.getMonth() + 1); ahead > 0; ahead--) {
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  const fifteenth = calendar.getByRole('gridcell', { name: '15', exact: true });
  await expect(fifteenth).toBeEnabled();
  await expect(calendar.getByRole('gridcell', { name: '14', exact: true })).toBeDisabled();
  await expect(fifteenth).toHaveAttribute('title', /^\d+ doses? left$/);

  await fifteenth.click();
  await page.getByRole('combobox', { name: 'Calibration time' }).click();
  const hours = page.getByRole('option');
  const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    timeZone: 'UTC',
  });
  await expect(hours.first()).toHaveText(`${monthName} 14, 23:00`);
  await expect(hours.nth(1)).toHaveText('00:00');
  await expect(page.getByText('this run also covers the hours shown with their date')).toBeVisible();
  await screenshot(page, 'place-order-cross-midnight-hours');

  // The evening hour is the 14th at 23:00 on the center's clock, as the calibration says.
  await hours.first().click();
  await expect(page.getByRole('textbox', { name: 'Calibration date-time' })).toHaveValue(
    new RegExp(`^${year}-${String(month).padStart(2, '0')}-14 23:00 \\(UTC-0[56]:00\\)$`),
  );
  await screenshot(page, 'place-order-cross-midnight-chosen');
});
