import type { APIRequestContext, Page, Request } from '@playwright/test';
import { DEMO_PASSWORD, expect, loginAs, pickMenuItem, rowOf, screenshot, test } from '../fixtures.ts';

/**
 * Issue 16: a user with several roles acts only as the role it shows. `multi` is a CMO (Pacific
 * Radiopharma) and a clinical site (Rocky Mountain Trials); its groups are CMO Users and Site
 * Users, but each role uses only what its type may: the CMO acknowledges, the site orders and
 * cancels.
 */

const CMO_ROLE = 'Pacific Radiopharma — CMO';
const SITE_ROLE = 'Rocky Mountain Trials — Clinical Site';
const subject = `ROLES-${Date.now() % 100_000}`;

interface MeUser {
  roles: { id: number; type: string }[];
}

/** multi's role ids, read as the API answers them. */
async function multiRoles(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login?includeUser=true', {
    data: { username: 'multi', password: DEMO_PASSWORD },
  });
  const body = (await login.json()) as { accessToken: string; user: MeUser };
  const roleOf = (type: string) => body.user.roles.find((r) => r.type === type)!.id;
  return { token: body.accessToken, cmo: roleOf('cmo'), site: roleOf('clinical_site') };
}

/** A pending order of Rocky Mountain Trials (paired with Pacific Radiopharma), placed by multi as the site. */
async function placeRockyMountainOrder(request: APIRequestContext): Promise<void> {
  const { token, site } = await multiRoles(request);
  const headers = { Authorization: `Bearer ${token}`, 'Role-Id': String(site) };
  const options = await (await request.get('/api/v1/orders/options', { headers })).json();
  const after = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  for (const pairing of options.pairings as {
    studyId: number;
    exam: { id: number };
    site: { id: number };
  }[]) {
    const siteOption = options.sites.find((s: { id: number }) => s.id === pairing.site.id);
    const center = siteOption?.imagingCenters[0];
    if (!center) continue;
    const ids = { studyId: pairing.studyId, siteId: pairing.site.id, examId: pairing.exam.id };
    const until = new Date(Date.now() + 60 * 24 * 3600_000).toISOString().slice(0, 10);
    const days = await (
      await request.get('/api/v1/drug-availabilities/search', {
        headers,
        params: { ...ids, from: after, to: until },
      })
    ).json();
    const day = (days as { date: string; remaining: number; intervals: { start: string }[] }[]).find(
      (d) => d.date > after && d.remaining > 0,
    );
    if (!day) continue;
    const placed = await request.post('/api/v1/orders', {
      headers,
      data: {
        ...ids,
        imagingCenterId: center.id,
        timePointId: options.timepoints[0].id,
        subjectId: subject,
        calibrationDatetime: day.intervals[0]!.start,
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    return;
  }
  throw new Error('no Rocky Mountain pairing with doses left in the next two months');
}

const menu = (page: Page) => page.getByRole('navigation');

async function switchRole(page: Page, role: string) {
  await pickMenuItem(page, 'Account', role, 'menuitemradio');
  await expect(page.getByText(`Hello, Morgan Multi (${role})`)).toBeVisible();
}

test('[AUT-013] multi sees only the menu and order actions of the role it acts in', async ({
  page,
  request,
}) => {
  await placeRockyMountainOrder(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'multi');
  await expect(page.getByText(`Hello, Morgan Multi (${CMO_ROLE})`)).toBeVisible();

  // As the CMO: acknowledgement, no ordering; the order can be accepted or rejected, not canceled.
  await expect(menu(page).getByRole('link', { name: 'CMO Acknowledgement' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Place order' })).toHaveCount(0);
  await page.goto('/orders/status');
  await expect(rowOf(page, subject)).toBeVisible();
  await expect(rowOf(page, subject).getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(rowOf(page, subject).getByRole('button', { name: 'Reject' })).toBeVisible();
  await expect(rowOf(page, subject).getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await screenshot(page, 'roles-multi-as-cmo-1280');
  await page.goto('/place-order');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // As the site: ordering and canceling, no acknowledgement.
  await switchRole(page, SITE_ROLE);
  await expect(menu(page).getByRole('link', { name: 'Place order' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'CMO Acknowledgement' })).toHaveCount(0);
  await page.goto('/orders/status');
  await expect(rowOf(page, subject)).toBeVisible();
  await expect(rowOf(page, subject).getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(rowOf(page, subject).getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(rowOf(page, subject).getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await screenshot(page, 'roles-multi-as-site-1280');
  await page.goto('/cmo/orders');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('a second tab follows a role switch made in the first, and then acts in that role', async ({
  context,
  request,
}) => {
  const roles = await multiRoles(request);
  const first = await context.newPage();
  await first.setViewportSize({ width: 1280, height: 800 });
  await loginAs(first, 'multi');
  await switchRole(first, CMO_ROLE);
  const second = await context.newPage();
  await second.setViewportSize({ width: 1280, height: 800 });
  await second.goto('/orders/status');
  await expect(second.getByRole('heading', { name: 'Order status' })).toBeVisible();

  await switchRole(first, SITE_ROLE);

  // The second tab shows the new role, says why it went back to the dashboard, and its menu follows.
  await expect(second.getByText(`Hello, Morgan Multi (${SITE_ROLE})`)).toBeVisible();
  await expect(second).toHaveURL(/\/$/);
  await expect(second.getByText(`Your role was switched to ${SITE_ROLE} in another tab`)).toBeVisible();
  await expect(menu(second).getByRole('link', { name: 'Place order' })).toBeVisible();
  await expect(menu(second).getByRole('link', { name: 'CMO Acknowledgement' })).toHaveCount(0);
  await screenshot(second, 'roles-second-tab-followed-1280');

  // And every request it sends from now on names the role it shows. The grid's first page may come
  // from the cache (the grid fetched it in the new role just before the tab went to the
  // dashboard), so a sort asks for one the cache cannot have.
  const sent: Request[] = [];
  second.on('request', (r) => {
    if (r.url().includes('/api/v1/')) sent.push(r);
  });
  await second.getByRole('navigation').getByRole('link', { name: 'Order status' }).click();
  const main = second.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Order status' })).toBeVisible();
  const sorted = second.waitForRequest((r) => r.url().includes('/api/v1/orders?'));
  await main
    .getByRole('columnheader', { name: /^Subject/ })
    .locator('.Mui-TableHeadCell-Content-Labels')
    .click();
  await sorted;
  expect(sent.map((r) => `${r.url()} ${r.headers()['role-id']}`)).toEqual(
    sent.map((r) => `${r.url()} ${roles.site}`),
  );
});
