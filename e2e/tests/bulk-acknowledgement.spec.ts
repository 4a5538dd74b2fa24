import type { Locator } from '@playwright/test';
import {
  apiHeaders,
  DEMO_PASSWORD,
  expect,
  expectInView,
  expectNoSeriousA11yViolations,
  loginAs,
  orderStatusByApi,
  type PlacedOrder,
  placeOrderByApi,
  rowOf,
  SIGNATURE,
  test,
} from '../fixtures.ts';

const run = String(Date.now() % 100_000);

/** A picker's sections joined by `sep` (MM/DD/YYYY, HH:mm), without the direction marks. */
const pickerText = async (group: Locator, sep = '/') =>
  (await group.getByRole('spinbutton').allInnerTexts()).map((t) => t.replace(/\D/g, '')).join(sep);

/** The calibration day of an order on Chicago's clock (Windy City Imaging), as the picker shows it. */
function chicagoDay(iso: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('month')}/${part('day')}/${part('year')}`;
}

test.use({ viewport: { width: 1280, height: 800 } });

test('a CMO accepts and rejects several orders with one signature each time, and sees each result', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const subjects = Array.from({ length: 7 }, (_, i) => `BULK-${run}-${i}`);
  const placed: PlacedOrder[] = [];
  for (const subject of subjects) placed.push(await placeOrderByApi(request, subject));
  const cmo = await apiHeaders(request, 'cmo');
  const calibrationOf = async (o: PlacedOrder) =>
    (
      (await (await request.get(`/api/v1/orders/${o.id}`, { headers: cmo })).json()) as {
        calibrationDatetime: string;
      }
    ).calibrationDatetime;

  await loginAs(page, 'cmo');
  await page.goto('/cmo/orders');
  await expect(page.getByRole('heading', { name: 'CMO Acknowledgement' })).toBeVisible();

  // The single accept dialog starts at the order's calibration day, on the imaging center's clock.
  const single = subjects[6]!;
  await rowOf(page, single).getByRole('button', { name: 'Accept' }).click();
  const dialog = page.getByRole('dialog', { name: `Accept Order #${placed[6]!.number}` });
  const date = dialog.getByRole('group', { name: 'Projected delivery date' });
  await expect.poll(() => pickerText(date)).toBe(chicagoDay(await calibrationOf(placed[6]!)));
  expect(await pickerText(dialog.getByRole('group', { name: 'Projected delivery time' }), ':')).toMatch(
    /^\d\d:\d\d$/,
  );
  await expectInView(date);
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await expect(dialog.getByRole('button', { name: 'Accept order' })).toBeEnabled();
  await page.screenshot({ path: '/tmp/bulk-single-accept.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // Three pending rows picked with their checkboxes; accepted under one signature.
  for (const subject of subjects.slice(0, 3)) await rowOf(page, subject).getByRole('checkbox').check();
  const toolbar = page.getByRole('toolbar', { name: 'Selected orders' });
  await expect(toolbar).toContainText('3 selected');
  await expectInView(toolbar.getByRole('button', { name: 'Accept selected' }));
  await toolbar.getByRole('button', { name: 'Accept selected' }).click();
  const accept = page.getByRole('dialog', { name: 'Accept 3 orders' });
  // Each order starts at its own calibration day.
  for (const o of placed.slice(0, 3)) {
    const group = accept.getByRole('group', { name: `Order #${o.number} date` });
    await expect.poll(() => pickerText(group)).toBe(chicagoDay(await calibrationOf(o)));
  }
  await accept.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  const submit = accept.getByRole('button', { name: 'Accept 3 orders' });
  await expectInView(submit);
  await page.screenshot({ path: '/tmp/bulk-accept-dialog.png' });
  await submit.click();
  const results = page.getByRole('dialog', { name: 'Results' });
  await expect(results).toContainText('3 of 3 orders accepted.');
  for (const o of placed.slice(0, 3)) {
    const line = results.getByRole('listitem').filter({ hasText: `Order #${o.number} accepted` });
    await expect(line).toBeVisible();
    await expectInView(line);
  }
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: '/tmp/bulk-accept-results.png' });
  await results.getByRole('button', { name: 'Close' }).click();
  for (const subject of subjects.slice(0, 3)) await expect(rowOf(page, subject)).toContainText('Accepted');
  // The selection emptied; accepted orders stay pickable for the CMO, now to ship (issue 35).
  await expect(toolbar).toContainText('Select pending orders');
  await expect(rowOf(page, subjects[0]!).getByRole('checkbox')).not.toBeChecked();

  // Three more picked and rejected with one reason; one of them is accepted meanwhile by
  // someone else: that row is refused with the reason, the other two are rejected.
  for (const subject of subjects.slice(3, 6)) await rowOf(page, subject).getByRole('checkbox').check();
  await toolbar.getByRole('button', { name: 'Reject selected' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject 3 orders' });
  await reject.getByRole('textbox', { name: 'Rejection reason' }).fill('Cyclotron maintenance that day');
  await reject.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  const taken = placed[4]!;
  const when = new Date(await calibrationOf(taken));
  const local = new Date(when.getTime() - 6 * 3600_000).toISOString().slice(0, 16);
  await orderStatusByApi(request, cmo, taken.id, { status: 'accepted', relatedDatetime: local });
  await reject.getByRole('button', { name: 'Reject 3 orders' }).click();
  await expect(results).toContainText('2 of 3 orders rejected.');
  await expect(
    results.getByRole('listitem').filter({ hasText: `Order #${placed[3]!.number} rejected` }),
  ).toBeVisible();
  await expect(
    results.getByRole('listitem').filter({ hasText: `Order #${placed[5]!.number} rejected` }),
  ).toBeVisible();
  const refused = results.getByRole('listitem').filter({ hasText: `Order #${taken.number} refused` });
  await expect(refused).toContainText(/accepted/i);
  await expectInView(refused);
  await page.screenshot({ path: '/tmp/bulk-reject-results.png' });
  await results.getByRole('button', { name: 'Close' }).click();
  await expect(rowOf(page, subjects[3]!)).toContainText('Rejected');
  await expect(rowOf(page, subjects[5]!)).toContainText('Rejected');
  await expect(rowOf(page, subjects[4]!)).toContainText('Accepted');
  await expect(toolbar).toContainText('Select pending orders');
});
