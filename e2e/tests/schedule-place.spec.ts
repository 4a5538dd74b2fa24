import type { Page } from '@playwright/test';
import {
  apiHeaders,
  DEMO_PASSWORD,
  expect,
  expectInView,
  expectNoSeriousA11yViolations,
  firstOpenDay,
  loginAs,
  newPairedStudy,
  placeOrderByApi,
  SIGNATURE,
  screenshot,
  test,
} from '../fixtures.ts';

// Placing against the schedule and "Order again" (issue 36, decision 059), at 1280×800.
test.use({ viewport: { width: 1280, height: 800 } });
test.setTimeout(150_000);

/** The first open day's first hour on Place order, signed, then "Place order". */
async function pickAndPlace(page: Page) {
  await (await firstOpenDay(page)).click();
  await page.getByRole('combobox', { name: 'Calibration time' }).click();
  await page.getByRole('option').first().click();
  await page.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Place order' }).click();
}

/** Opens the order a "was placed" toast links to. */
async function openPlacedOrder(page: Page): Promise<number> {
  const toast = page.locator('.Toastify__toast').filter({ hasText: /^Order #\d+ was placed!$/ });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  const number = Number(((await toast.textContent()) ?? '').match(/#(\d+)/)![1]);
  await toast.getByRole('link').click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Order #${number}`) })).toBeVisible({
    timeout: 30_000,
  });
  return number;
}

test('[ORD-027] a coordinator sees the window, is asked for a reason out of it, places with it and sees the marker', async ({
  page,
}) => {
  const ids = await newPairedStudy(page.request, 'E2E-SCHEDULE-OVERRIDE');
  const staff = await apiHeaders(page.request, 'staff');
  // Week 4 is a one-day window, three days after the Baseline dose.
  const set = await page.request.put(`/api/v1/studies/${ids.studyId}/schedule`, {
    headers: staff,
    data: {
      anchorTimePointId: ids.timepoint('Baseline'),
      entries: [
        { timePointId: ids.timepoint('Baseline'), dayOffset: 0, windowBeforeDays: 0, windowAfterDays: 0 },
        { timePointId: ids.timepoint('Week 4'), dayOffset: 3, windowBeforeDays: 0, windowAfterDays: 0 },
      ],
      reasonForChange: 'Protocol v1',
      electronicSignature: DEMO_PASSWORD,
    },
  });
  expect(set.status(), await set.text()).toBe(200);
  // The anchor on the first open day after tomorrow: the calendar's first open day is before Week 4's window.
  const site = await apiHeaders(page.request, 'site');
  const days = await (
    await page.request.get('/api/v1/drug-availabilities/search', {
      headers: site,
      params: { studyId: ids.studyId, siteId: ids.siteId, examId: ids.examId },
    })
  ).json();
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const day = days.find((d: { date: string; remaining: number }) => d.date > tomorrow && d.remaining > 0);
  const anchor = await page.request.post('/api/v1/orders', {
    headers: site,
    data: {
      studyId: ids.studyId,
      siteId: ids.siteId,
      examId: ids.examId,
      imagingCenterId: ids.imagingCenterId,
      timePointId: ids.timepoint('Baseline'),
      subjectId: 'E2E-OOW-1',
      calibrationDatetime: day.intervals[0].start,
      electronicSignature: DEMO_PASSWORD,
    },
  });
  expect(anchor.status(), await anchor.text()).toBe(201);

  await loginAs(page, 'site');
  await page.goto(
    `/place-order?${new URLSearchParams({
      studyId: String(ids.studyId),
      siteId: String(ids.siteId),
      examId: String(ids.examId),
      imagingCenterId: String(ids.imagingCenterId),
      subjectId: 'E2E-OOW-1',
      timePointId: String(ids.timepoint('Week 4')),
    })}`,
  );
  await expect(page.getByRole('alert', { name: 'Order window' })).toHaveText(/^Window: /, {
    timeout: 30_000,
  });
  await pickAndPlace(page);

  const dialog = page.getByRole('dialog', { name: 'Place anyway?' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText(
    "The calibration date is outside the subject's window for this timepoint (",
  );
  await expect(dialog.getByRole('button', { name: 'Place anyway' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Reason for placing anyway' }).fill('Subject travels that week');
  await expectInView(dialog.getByRole('button', { name: 'Place anyway' }), 'the confirmation');
  await screenshot(page, 'place-order-override');
  await dialog.getByRole('button', { name: 'Place anyway' }).click();

  await openPlacedOrder(page);
  await expect(page.getByText('Out of window: Subject travels that week')).toBeVisible();
  await screenshot(page, 'order-out-of-window');

  // The grid marks it in its status, and the page's switch finds it.
  await page.getByRole('navigation').getByRole('link', { name: 'Order status' }).click();
  await page.getByRole('switch', { name: 'Placed against the schedule' }).check();
  const rows = page.getByRole('row').filter({ hasText: 'E2E-OOW-1' });
  await expect(rows.filter({ hasText: 'Pending · Out of window' })).toHaveCount(1, { timeout: 30_000 });
  // Only that order of the subject: its Baseline was placed as scheduled.
  await expect(rows).toHaveCount(1);
  await screenshot(page, 'orders-grid-out-of-window');
});

test('[ORD-029] a coordinator orders again after a rejection, the new order naming the one it replaces', async ({
  page,
}) => {
  const lost = await placeOrderByApi(page.request, 'E2E-AGAIN-1');
  const cmo = await apiHeaders(page.request, 'cmo');
  const rejected = await page.request.put(`/api/v1/orders/${lost.id}/status`, {
    headers: cmo,
    data: { status: 'rejected', comment: 'Cyclotron down', electronicSignature: DEMO_PASSWORD },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);

  await loginAs(page, 'site');
  await page.goto(`/orders/${lost.id}`);
  const again = page.getByRole('link', { name: 'Order again' });
  await expect(again).toBeVisible({ timeout: 30_000 });
  await again.click();
  await expect(page.getByRole('heading', { name: 'Place order' })).toBeVisible();
  await expect(page.getByText(`Replaces order #${lost.number}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('E2E-AGAIN-1');
  await expect(page.getByRole('combobox', { name: 'Exam' })).toHaveValue('FDG PET Whole Body');
  await expect(page.getByRole('combobox', { name: 'Imaging center' })).toHaveValue('Windy City Imaging');
  await screenshot(page, 'place-order-again');
  await pickAndPlace(page);

  const number = await openPlacedOrder(page);
  const replaces = page.getByRole('link', { name: `#${lost.number}`, exact: true });
  await expect(replaces).toBeVisible();
  await screenshot(page, 'order-replacing');
  await replaces.click();
  await expect(page.getByRole('link', { name: `#${number}`, exact: true })).toBeVisible({ timeout: 30_000 });
  // Already ordered again: no second "Order again".
  await expect(page.getByRole('link', { name: 'Order again' })).toHaveCount(0);
});

test('[ORD-029] after a rejection and the exam re-paired to another CMO, Order again places with the CMO now paired', async ({
  page,
}) => {
  const request = page.request;
  const staff = await apiHeaders(request, 'staff');
  const site = await apiHeaders(request, 'site');
  const options = await (await request.get('/api/v1/orders/options', { headers: site })).json();
  const psma = options.pairings.find(
    (p: { exam: { name: string }; site: { name: string } }) =>
      p.exam.name === 'PSMA PET' && p.site.name === 'Lakeside Clinical Research',
  );
  const center = options.sites
    .find((s: { id: number }) => s.id === psma.site.id)
    .imagingCenters.find((c: { name: string }) => c.name === 'Windy City Imaging');
  const cmoId = async (name: string) =>
    (await (await request.get('/api/v1/cmos', { headers: staff, params: { search: name } })).json()).items[0]
      .id as number;
  const study = await request.post('/api/v1/studies', {
    headers: staff,
    data: {
      name: `E2E Re-pair ${Date.now() % 100_000}`,
      sponsor: 'E2E Sponsor',
      electronicSignature: DEMO_PASSWORD,
    },
  });
  expect(study.ok(), await study.text()).toBe(true);
  const studyId = ((await study.json()) as { id: number }).id;
  const pair = async (cmo: string) => {
    const res = await request.post(`/api/v1/studies/${studyId}/pairings`, {
      headers: staff,
      data: {
        examId: psma.exam.id,
        siteId: psma.site.id,
        cmoId: await cmoId(cmo),
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const boston = await pair('Isotope Labs Boston');

  // The site orders from Boston's first open PSMA day; Boston rejects it.
  const ids = { studyId, siteId: psma.site.id, examId: psma.exam.id };
  const days = await (
    await request.get('/api/v1/drug-availabilities/search', { headers: site, params: ids })
  ).json();
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const day = days.find((d: { date: string; remaining: number }) => d.date > tomorrow && d.remaining > 0);
  const placed = await request.post('/api/v1/orders', {
    headers: site,
    data: {
      ...ids,
      imagingCenterId: center.id,
      timePointId: options.timepoints[0].id,
      subjectId: 'E2E-REPAIR-1',
      calibrationDatetime: day.intervals[0].start,
      electronicSignature: DEMO_PASSWORD,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const lost = (await placed.json()) as { id: number; number: number };
  const rejected = await request.put(`/api/v1/orders/${lost.id}/status`, {
    headers: await apiHeaders(request, 'cmo'),
    data: { status: 'rejected', comment: 'Cyclotron down', electronicSignature: DEMO_PASSWORD },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);

  // Staff move the exam at Lakeside to Pacific Radiopharma, which also makes PSMA.
  const removed = await request.delete(`/api/v1/studies/${studyId}/pairings/${boston}`, {
    headers: staff,
    data: { reasonForChange: 'Supplier changed', electronicSignature: DEMO_PASSWORD },
  });
  expect(removed.status(), await removed.text()).toBe(204);
  await pair('Pacific Radiopharma');

  await loginAs(page, 'site');
  await page.goto(`/orders/${lost.id}`);
  await page.getByRole('link', { name: 'Order again' }).click();
  await expect(page.getByText(`Replaces order #${lost.number}`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Exam' })).toHaveValue('PSMA PET');
  await pickAndPlace(page);
  await openPlacedOrder(page);
  await expect(page.getByText('Pacific Radiopharma', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `#${lost.number}`, exact: true })).toBeVisible();
  await screenshot(page, 'order-again-other-cmo');
  // The order page with its journey still to come passes axe.
  await expectNoSeriousA11yViolations(page);
});
