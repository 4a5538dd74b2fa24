import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  acceptOrderByApi,
  apiHeaders,
  DEMO_PASSWORD,
  expect,
  expectInView,
  expectNoSeriousA11yViolations,
  loginAs,
  newPairedStudy,
  rowOf,
  SIGNATURE,
  searchGrid,
  test,
  typeWallClock,
} from '../fixtures.ts';

/** `count` orders of a study of this run's own, placed by the site; the first `accepted` accepted by the CMO. */
async function ordersOfOwnStudy(request: APIRequestContext, run: string, count: number, accepted: number) {
  const ids = await newPairedStudy(request, `E2E-BULK-SHIP-${run}`);
  const site = await apiHeaders(request, 'site');
  const cmo = await apiHeaders(request, 'cmo');
  const days = await (
    await request.get('/api/v1/drug-availabilities/search', {
      headers: site,
      params: { studyId: ids.studyId, siteId: ids.siteId, examId: ids.examId },
    })
  ).json();
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const open = (days as { date: string; remaining: number; intervals: { start: string }[] }[]).filter(
    (d) => d.date > tomorrow && d.remaining > 0,
  );
  const placed: { id: number; number: number; subject: string }[] = [];
  for (let i = 0; placed.length < count; i++) {
    // The days' doses in turn: each day's remaining ones, then the next day's.
    const day = open.find((d) => d.remaining > 0);
    expect(day, 'an open day with doses left').toBeTruthy();
    day!.remaining--;
    const subject = `BSHIP-${run}-${i + 1}`;
    const res = await request.post('/api/v1/orders', {
      headers: site,
      data: {
        studyId: ids.studyId,
        siteId: ids.siteId,
        examId: ids.examId,
        imagingCenterId: ids.imagingCenterId,
        timePointId: ids.timepoint('Baseline'),
        subjectId: subject,
        calibrationDatetime: day!.intervals[0]!.start,
        requestedActivity: 10,
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    placed.push({ ...(await res.json()), subject });
  }
  for (const order of placed.slice(0, accepted)) await acceptOrderByApi(request, order.id, -3, cmo);
  return placed;
}

/** Fills the shared fields: lot, courier, tracking, dispatch 20 min ago, expiry tonight, assay 30 min ago. */
async function fillShared(page: Page, dialog: Locator, lot: string) {
  await dialog.getByLabel('Lot number').fill(lot);
  await dialog.getByLabel('Courier').fill('QuickMed');
  await dialog.getByLabel('Tracking number').fill(`TRK-${lot}`);
  await typeWallClock(page, dialog, 'Dispatch', -20);
  await typeWallClock(page, dialog, 'Expiry', 8 * 60);
  await typeWallClock(page, dialog, 'Assay', -30);
}

test('[ORD-032] a CMO ships two accepted orders of its own study with one signature', async ({
  page,
  request,
}) => {
  // Six orders placed and accepted, two dialogs, two pages: on a loaded machine near three minutes.
  test.setTimeout(300_000);
  const run = String(Date.now() % 1_000_000);
  const lot = `BLOT-${run}`;
  // Five accepted and one pending: the pending one is picked too and left out of Ship.
  const orders = await ordersOfOwnStudy(request, run, 6, 5);
  const pending = orders[5]!;

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'cmo');
  await page.goto('/cmo/orders');
  // Other specs fill the first page: only this run's orders, found by their subjects.
  await searchGrid(page, `BSHIP-${run}`);
  for (const o of orders) await expect(rowOf(page, o.subject)).toBeVisible();
  for (const o of orders) await rowOf(page, o.subject).getByRole('checkbox').check();
  const toolbar = page.getByRole('toolbar', { name: 'Selected orders' });
  await expect(toolbar).toContainText('6 selected');
  await expect(toolbar.getByTestId('bulk-ship-note')).toHaveText(
    '1 selected order not accepted, left out of Ship',
  );
  await expect(toolbar).toContainText('5 selected orders not pending, left out of Accept and Reject');
  await expectInView(toolbar.getByRole('button', { name: 'Ship selected (5)' }), 'Ship selected');
  await page.screenshot({ path: '/tmp/bulk-ship-shots/cmo-toolbar-1280x800.png' });
  await toolbar.getByRole('button', { name: 'Ship selected (5)' }).click();
  const five = page.getByRole('dialog', { name: 'Ship 5 orders' });
  await expect(five.getByRole('table', { name: 'Orders to ship' })).toBeVisible();
  await expect(five.getByTestId(`bulk-ship-row-${pending.number}`)).toHaveCount(0);
  await fillShared(page, five, lot);
  for (const [i, o] of orders.slice(0, 5).entries())
    await five.getByLabel(`Order #${o.number} assayed activity`).fill(String(12 + i));
  await five.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  const submitFive = five.getByRole('button', { name: 'Ship 5 orders' });
  await expect(submitFive).toBeEnabled();
  // Usable at 1280×800: the submit in view, nothing wider than the window.
  await expectInView(submitFive, 'the submit button');
  expect(
    await five.evaluate((d) => d.scrollWidth <= d.clientWidth + 1),
    'the dialog does not scroll sideways',
  ).toBe(true);
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/bulk-ship-shots/dialog-5-1280x800.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForTimeout(300);
  await expectInView(submitFive, 'the submit button at 1440×900');
  await page.screenshot({ path: '/tmp/bulk-ship-shots/dialog-5-1440x900.png' });
  await expectNoSeriousA11yViolations(page);
  await five.getByRole('button', { name: 'Cancel' }).click();
  await expect(five).toHaveCount(0);

  // On the Order status page: two of them picked and shipped under one signature.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/orders/status');
  await searchGrid(page, `BSHIP-${run}`);
  const [a, b] = orders;
  for (const o of [a!, b!]) await rowOf(page, o.subject).getByRole('checkbox').check();
  const statusToolbar = page.getByRole('toolbar', { name: 'Selected orders' });
  await expect(statusToolbar).toContainText('2 selected');
  await expect(rowOf(page, pending.subject).getByRole('checkbox')).toBeDisabled();
  await statusToolbar.getByRole('button', { name: 'Ship selected' }).click();
  const two = page.getByRole('dialog', { name: 'Ship 2 orders' });
  await fillShared(page, two, lot);
  await two.getByLabel(`Order #${a!.number} assayed activity`).fill('12');
  await two.getByLabel(`Order #${b!.number} assayed activity`).fill('11.5');
  await two.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await page.screenshot({ path: '/tmp/bulk-ship-shots/dialog-2-1280x800.png' });
  await two.getByRole('button', { name: 'Ship 2 orders' }).click();
  const results = page.getByRole('dialog', { name: 'Results' });
  await expect(results).toContainText('2 of 2 orders shipped.');
  for (const o of [a!, b!])
    await expect(
      results.getByRole('listitem').filter({ hasText: `Order #${o.number} shipped` }),
    ).toBeVisible();
  await page.screenshot({ path: '/tmp/bulk-ship-shots/results-1280x800.png' });
  await results.getByRole('button', { name: 'Close' }).click();
  for (const o of [a!, b!]) await expect(rowOf(page, o.subject)).toContainText('Shipped');
  await expect(rowOf(page, orders[2]!.subject)).toContainText('Accepted');
  await expect(statusToolbar).toContainText('Select accepted orders');

  // The order's journey shows the lot; the server kept each dose's own assay.
  await page.goto(`/orders/${b!.id}`);
  await expect(page.getByRole('heading', { name: `Order #${b!.number} · Shipped` })).toBeVisible();
  await expect(page.getByText(`Lot ${lot}`).first()).toBeVisible();
  const saved = await (
    await request.get(`/api/v1/orders/${b!.id}`, { headers: await apiHeaders(request, 'cmo') })
  ).json();
  expect(saved.shipment).toMatchObject({ lotNumber: lot, assayedActivity: 11.5, courier: 'QuickMed' });
});
