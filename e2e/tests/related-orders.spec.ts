import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiHeaders,
  DEMO_PASSWORD,
  expect,
  expectNoSeriousA11yViolations,
  loginAs,
  placeOrderByApi,
  screenshot,
  test,
} from '../fixtures.ts';

const run = String(Date.now() % 100_000);
/** One order per status of FDG PET Whole Body, and a pending one of another exam (PSMA PET). */
const SUBJECTS = {
  pending: `RO-P-${run}`,
  accepted: `RO-A-${run}`,
  delivered: `RO-D-${run}`,
  canceled: `RO-C-${run}`,
  otherExam: `RO-X-${run}`,
};

/** Changes an order's status through the API as `username`. */
async function changeStatus(
  request: APIRequestContext,
  username: string,
  id: number,
  body: Record<string, string>,
) {
  const headers = await apiHeaders(request, username);
  const res = await request.put(`/api/v1/orders/${id}/status`, {
    headers,
    data: { ...body, electronicSignature: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const dayAt = (daysFromToday: number, time: string) =>
  `${new Date(Date.now() + daysFromToday * 24 * 3600_000).toISOString().slice(0, 10)}T${time}`;
/** A projected delivery is not in the past, a delivery not in the future. */
const tomorrowAt = (time: string) => dayAt(1, time);
const yesterdayAt = (time: string) => dayAt(-1, time);

/** Opens View Related Orders on a row and answers the dialog. */
async function openRelated(page: Page, row: Locator, title: string) {
  await row.getByRole('button', { name: 'View Related Orders' }).click();
  const dialog = page.getByRole('dialog', { name: `Related Orders of ${title}` });
  await expect(dialog).toBeVisible();
  // The grid has loaded once its first row or its empty text is there.
  await expect(dialog.getByRole('row').nth(1)).toBeVisible();
  return dialog;
}

const orderRow = (dialog: Locator, subject: string) => dialog.getByRole('row').filter({ hasText: subject });

/** Only pending and accepted orders: no row in any other status. */
async function expectOnlyActiveStatuses(dialog: Locator) {
  await expect(dialog.getByRole('cell', { name: 'Pending', exact: true }).first()).toBeVisible();
  for (const status of ['Delivered', 'Canceled', 'Rejected']) {
    await expect(dialog.getByRole('cell', { name: status, exact: true })).toHaveCount(0);
  }
}

test('[AVL-008] View Related Orders shows the pending and accepted orders of that exam and of that availability only', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const pending = await placeOrderByApi(request, SUBJECTS.pending);
  const accepted = await placeOrderByApi(request, SUBJECTS.accepted);
  const delivered = await placeOrderByApi(request, SUBJECTS.delivered);
  const canceled = await placeOrderByApi(request, SUBJECTS.canceled);
  await placeOrderByApi(request, SUBJECTS.otherExam, { exam: 'PSMA PET' });
  const acceptBody = {
    status: 'accepted',
    relatedDatetime: tomorrowAt('09:00'),
    timezone: 'America/Chicago',
  };
  await changeStatus(request, 'cmo', accepted.id, acceptBody);
  await changeStatus(request, 'cmo', delivered.id, acceptBody);
  await changeStatus(request, 'staff', delivered.id, {
    status: 'delivered',
    relatedDatetime: yesterdayAt('08:30'),
    timezone: 'America/Chicago',
  });
  await changeStatus(request, 'site', canceled.id, { status: 'canceled', comment: 'Subject rescheduled' });

  await loginAs(page, 'staff');

  // Exams: FDG PET Whole Body lists the pending and accepted ones, not the delivered or canceled
  // one, nor the PSMA PET order. The newest orders come first, so all five would be on page one.
  await page.getByRole('navigation').getByRole('link', { name: 'Exams' }).click();
  const fdgRow = page.getByRole('row').filter({ hasText: 'FDG PET Whole Body' });
  let dialog = await openRelated(page, fdgRow, 'FDG PET Whole Body');
  await expect(orderRow(dialog, SUBJECTS.pending)).toContainText('Pending');
  await expect(orderRow(dialog, SUBJECTS.pending)).toContainText(`${pending.number}`);
  await expect(orderRow(dialog, SUBJECTS.accepted)).toContainText('Accepted');
  await expect(orderRow(dialog, SUBJECTS.delivered)).toHaveCount(0);
  await expect(orderRow(dialog, SUBJECTS.canceled)).toHaveCount(0);
  await expect(orderRow(dialog, SUBJECTS.otherExam)).toHaveCount(0);
  await expectOnlyActiveStatuses(dialog);
  await expect(dialog.getByRole('row').filter({ hasText: 'PSMA PET' })).toHaveCount(0);
  await screenshot(page, 'related-orders-exam');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // PSMA PET lists its own order only.
  dialog = await openRelated(page, page.getByRole('row').filter({ hasText: 'PSMA PET' }), 'PSMA PET');
  await expect(orderRow(dialog, SUBJECTS.otherExam)).toContainText('Pending');
  await expect(orderRow(dialog, SUBJECTS.pending)).toHaveCount(0);
  await expect(orderRow(dialog, SUBJECTS.accepted)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Availability: the FDG availability the orders were booked on (the demo's, the oldest one).
  const headers = await apiHeaders(request, 'staff');
  const list = await (
    await request.get('/api/v1/drug-availabilities', { headers, params: { size: 100, sort: 'id' } })
  ).json();
  const fdg = list.items.find(
    (a: { drug: { name: string }; cmo: { name: string } }) =>
      a.drug.name === 'Fludeoxyglucose F18' && a.cmo.name === 'Isotope Labs Boston',
  ) as { id: number };
  await page.getByRole('navigation').getByRole('link', { name: 'Availability' }).click();
  await expect(page.getByRole('heading', { name: 'Availability' })).toBeVisible();
  await page.getByRole('combobox', { name: /rows per page/i }).click();
  await page.getByRole('option', { name: '50', exact: true }).click();
  const availabilityRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(fdg.id), exact: true }) });
  dialog = await openRelated(page, availabilityRow, `Availability #${fdg.id}`);
  await expect(orderRow(dialog, SUBJECTS.pending)).toContainText('Pending');
  await expect(orderRow(dialog, SUBJECTS.accepted)).toContainText('Accepted');
  await expect(orderRow(dialog, SUBJECTS.delivered)).toHaveCount(0);
  await expect(orderRow(dialog, SUBJECTS.canceled)).toHaveCount(0);
  await expect(orderRow(dialog, SUBJECTS.otherExam)).toHaveCount(0);
  await expectOnlyActiveStatuses(dialog);
  await screenshot(page, 'related-orders-availability');
  await expectNoSeriousA11yViolations(page);
});
