import { DEMO_PASSWORD, expect, loginAs, placeOrderByApi, SIGNATURE, screenshot, test } from '../fixtures.ts';

// Issue 33: a 500 on a status change showed two toasts (the generic one and the action's), the
// same failure twice stacked two, and the red toast stayed beside the green one of the retry that
// worked. One toast per event, in the action's words; the success replaces the error.
test("[ORD-010] a failing status change shows one toast in the action's words, and the retry's success replaces it", async ({
  page,
  request,
}) => {
  const order = await placeOrderByApi(request, `TOAST-${Date.now()}`);
  await loginAs(page, 'cmo');
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole('heading', { name: `Order #${order.number} · Pending` })).toBeVisible();

  const statusUrl = `**/api/v1/orders/${order.id}/status`;
  await page.route(statusUrl, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject Order #${order.number}` });
  await dialog.getByRole('textbox', { name: 'Rejection reason' }).fill('No cyclotron slot that morning');
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  // The toasts in view: a dismissed one is still in the page while it leaves (data-in false).
  const toasts = page.locator('.Toastify__toast[data-in="true"]');

  await dialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(toasts.filter({ hasText: 'Error updating the order' })).toBeVisible();
  await expect(toasts).toHaveCount(1, { timeout: 1000 });
  await screenshot(page, 'toast-status-change-500');

  // The same failure again: still one toast (it may be replaced by a fresh one, never doubled).
  await dialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(toasts.filter({ hasText: 'Error updating the order' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(toasts).toHaveCount(1, { timeout: 1000 });

  // The server answers again: the success takes the error's place.
  await page.unroute(statusUrl);
  await dialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(toasts.filter({ hasText: `Order #${order.number} rejected` })).toBeVisible();
  await expect(toasts.filter({ hasText: 'Error updating the order' })).toHaveCount(0);
  await expect(toasts).toHaveCount(1, { timeout: 1000 });
  await expect(page.getByRole('heading', { name: `Order #${order.number} · Rejected` })).toBeVisible();
});
