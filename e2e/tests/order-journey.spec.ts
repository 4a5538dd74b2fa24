import type { APIRequestContext } from '@playwright/test';
import {
  apiHeaders,
  DEMO_PASSWORD,
  expect,
  expectNoSeriousA11yViolations,
  loginAs,
  placeOrderByApi,
  screenshot,
  test,
  utcWallClock,
} from '../fixtures.ts';

// Issue 35: the journey of a dose on its order page — placed, accepted, shipped with its assay,
// received against the expected activity, administered — beside the decay curve.

const run = String(Date.now() % 100_000);
const sign = { electronicSignature: DEMO_PASSWORD };

async function put(request: APIRequestContext, user: string, url: string, data: Record<string, unknown>) {
  const res = await request.put(url, {
    headers: await apiHeaders(request, user),
    data: { ...data, ...sign },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

test('[ORD-015] the order page draws the dose journey: each step with its time on the zone named and its activity', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const order = await placeOrderByApi(request, `JRN-${run}`, { requestedActivity: 10 });
  const status = `/api/v1/orders/${order.id}/status`;
  const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
  await put(request, 'cmo', status, {
    status: 'accepted',
    relatedDatetime: `${tomorrow}T10:00`,
    timezone: 'America/Chicago',
  });
  await put(request, 'cmo', status, {
    status: 'shipped',
    relatedDatetime: utcWallClock(-30),
    timezone: 'UTC',
    lotNumber: `L-${run}`,
    assayedActivity: 12,
    assayedAt: utcWallClock(-40),
    expiresAt: utcWallClock(600),
    courier: 'FastRad',
  });
  // Received well short of the assay decayed (a deviation: its reason required), by the imaging
  // center; the injection recorded by staff.
  await put(request, 'imaging', status, {
    status: 'delivered',
    relatedDatetime: utcWallClock(-20),
    timezone: 'UTC',
    receivedActivity: 5,
    receivedAt: utcWallClock(-20),
    packageCondition: 'damaged',
    comment: 'Vial cracked in transit',
  });
  const administered = await put(request, 'staff', `/api/v1/orders/${order.id}/administration`, {
    administered: true,
    relatedDatetime: utcWallClock(-10),
    timezone: 'UTC',
    measuredActivity: 4.8,
    measuredAt: utcWallClock(-12),
  });
  expect(administered.administration.administeredActivity).toBeGreaterThan(4.5);

  await loginAs(page, 'imaging');
  await page.goto(`/orders/${order.id}`);
  const journey = page.getByRole('region', { name: 'Dose journey' });
  await expect(journey.getByTestId('journey-placed')).toContainText('requested at calibration');
  await expect(journey.getByTestId('journey-accepted')).toContainText(
    /Accepted · \w{3} \d+, \d{4}, \d\d:\d\d C[SD]T/,
  );
  const shipped = journey.getByTestId('journey-shipped');
  await expect(shipped).toContainText(`Lot L-${run}`);
  // Who took each step, from the order's audit trail.
  await expect(shipped).toContainText('Carla Manufacturer');
  await expect(journey.getByTestId('journey-delivered')).toContainText('Iris Imaging');
  await expect(journey.getByTestId('journey-administered')).toContainText('Sam Staff');
  await expect(shipped).toContainText('FastRad');
  await expect(shipped).toContainText('assay at');
  const received = journey.getByTestId('journey-delivered');
  await expect(received).toContainText(/Received · .* C[SD]T/);
  await expect(received).toContainText(/expected \d/);
  await expect(received).toContainText('Package damaged');
  await expect(received.getByRole('alert')).toContainText('Vial cracked in transit');
  await expect(journey.getByTestId('journey-administered')).toContainText('injected');
  const chart = journey.getByRole('img');
  await expect(chart).toHaveAttribute('aria-label', /Shipped .*Received .*Administered/);
  // The requested activity at a calibration days away is listed, not drawn: the measured points fill the axis.
  await expect(chart.locator('circle')).toHaveCount(3);
  await journey.scrollIntoViewIfNeeded();
  await screenshot(page, 'order-journey-1280');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'order-journey-1440');
});
