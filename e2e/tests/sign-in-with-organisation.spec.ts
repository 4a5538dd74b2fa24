import { type Page, request as playwrightRequest } from '@playwright/test';
import {
  apiHeaders,
  DEMO_PASSWORD,
  expect,
  pickMenuItem,
  placeOrderByApi,
  rowOf,
  screenshot,
  test,
} from '../fixtures.ts';
import { startOrganisationServer } from '../organisation-server.ts';

/**
 * Issue 38 in the browser, against a real OpenID provider (oidc-provider, its own login page):
 * staff signs in through it, creates a drug signing it through the provider's
 * re-authentication, and the audit history says how; "organisation only" refuses the password;
 * an unknown person is told there is no account.
 */
test.use({ viewport: { width: 1280, height: 800 } });
test.describe.configure({ mode: 'serial' });

let org: Awaited<ReturnType<typeof startOrganisationServer>>;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  org = await startOrganisationServer({
    'sam.staff': { email: 'staff@dosechain.example' },
    'cleo.cmo': { email: 'cmo@dosechain.example' },
    stranger: { email: 'stranger@contoso.example' },
  });
});
test.afterAll(async () => {
  await org?.close();
});

/** The provider's own login page (oidc-provider's development form: any password). */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** "Sign with Contoso" in a dialog: the popup re-authenticates at the provider and closes. */
async function signWithProvider(page: Page, login = 'sam.staff') {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign with Contoso' }).click();
  const popup = await popupOpened;
  await signInAtProvider(popup, login);
  await expect(page.getByText('Re-authenticated: save within 2 minutes to sign.')).toBeVisible();
  // The popup closes itself once it has handed the token over.
  await expect.poll(() => popup.isClosed()).toBe(true);
}

test('[AUT-019, P11-037] staff signs in with the organisation, signs changes there, and the audit history says so', async ({
  page,
}) => {
  await page.goto(`${org.baseUrl}/login`);
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
  await screenshot(page, 'oidc-login-page');
  await page.getByRole('link', { name: 'Sign in with Contoso' }).click();
  await signInAtProvider(page, 'sam.staff');
  await expect(page).toHaveURL(`${org.baseUrl}/`);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Drugs' })).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Drugs' }).click();
  await page.getByRole('button', { name: 'Add Drug' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Flotufolastat F18');
  await expect(dialog.getByLabel('Please insert your password to complete the action')).toHaveCount(0);
  await signWithProvider(page);
  await screenshot(page, 'oidc-sign-with-provider');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Drug created')).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Audit trail' }).click();
  await page.getByRole('combobox', { name: 'Entity type' }).click();
  await page.getByRole('option', { name: 'Drugs' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: 'Flotufolastat F18' })
    .getByRole('button', { name: 'View Audit Trail' })
    .click();
  const history = page.getByRole('dialog', { name: 'Audit Trail - Drugs - Flotufolastat F18' });
  await expect(history.getByRole('row').nth(1).getByRole('cell').nth(5)).toContainText(
    `Signed by Sam Staff (staff) — Created Drug (re-authenticated at ${org.issuer})`,
  );
  await screenshot(page, 'oidc-audit-history');
});

test("[AUT-020] the logout ends the provider's session too: signing in again asks for the provider's login", async ({
  page,
}) => {
  await page.goto(`${org.baseUrl}/login`);
  await page.getByRole('link', { name: 'Sign in with Contoso' }).click();
  await signInAtProvider(page, 'sam.staff');
  await expect(page).toHaveURL(`${org.baseUrl}/`);
  // Without the provider's logout its session stays: forgetting DoseChain's session only, the
  // button comes straight back signed in, no provider login asked.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${org.baseUrl}/login`);
  await page.getByRole('link', { name: 'Sign in with Contoso' }).click();
  await expect(page).toHaveURL(`${org.baseUrl}/`);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Drugs' })).toBeVisible();

  // The app's logout: DoseChain's session ends, then the provider's end-session (its own page).
  await pickMenuItem(page, 'Account', 'Log out');
  await expect(page.getByRole('button', { name: 'Yes, sign me out' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(org.issuer);
  expect(new URL(page.url()).searchParams.get('id_token_hint')).toBeTruthy();
  await page.screenshot({ path: '/tmp/oidc-provider-logout.png' });
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${org.baseUrl}/login`);
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('AUTH_TOKEN'))).toBeNull();

  await page.getByRole('link', { name: 'Sign in with Contoso' }).click();
  await expect(page.locator('input[name="login"]')).toBeVisible();
  await page.screenshot({ path: '/tmp/oidc-provider-login-again.png' });
  await signInAtProvider(page, 'sam.staff');
  await expect(page).toHaveURL(`${org.baseUrl}/`);
});

test('[AUT-019] "organisation only" refuses the password; an unknown person is told there is no account', async ({
  page,
  request,
}) => {
  // A user manager marks staff "sign in with the organisation only" (the API the user form sends).
  const admin = await request.post(`${org.baseUrl}/api/v1/auth/login`, {
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  const { accessToken } = await admin.json();
  const auth = { authorization: `Bearer ${accessToken}` };
  const list = await request.get(`${org.baseUrl}/api/v1/users?search=staff`, { headers: auth });
  const staff = (await list.json()).items.find((u: { username: string }) => u.username === 'staff');
  const marked = await request.put(`${org.baseUrl}/api/v1/users/${staff.id}`, {
    headers: auth,
    data: { organisationOnly: true, reasonForChange: 'Company SSO', electronicSignature: DEMO_PASSWORD },
  });
  expect(marked.status()).toBe(200);

  await page.goto(`${org.baseUrl}/login`);
  await page.getByLabel('Username').fill('staff');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page.getByText('This account signs in with your organisation only')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in with Contoso' }).click();
  await signInAtProvider(page, 'stranger');
  await expect(
    page.getByText('No DoseChain account for stranger@contoso.example; ask your administrator'),
  ).toBeVisible();
  await screenshot(page, 'oidc-no-account');
});

test('[P11-037] a CMO who signs in with the organisation accepts several orders with one re-authentication', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const api = await playwrightRequest.newContext({ baseURL: org.baseUrl });
  const run = String(Date.now() % 100_000);
  const subjects = [`SSO-BULK-${run}-1`, `SSO-BULK-${run}-2`];
  const placed = [];
  for (const subject of subjects) placed.push(await placeOrderByApi(api, subject));

  await page.goto(`${org.baseUrl}/login`);
  await page.getByRole('link', { name: 'Sign in with Contoso' }).click();
  await signInAtProvider(page, 'cleo.cmo');
  await expect(page).toHaveURL(`${org.baseUrl}/`);
  await page.goto(`${org.baseUrl}/cmo/orders`);
  for (const subject of subjects) await rowOf(page, subject).getByRole('checkbox').check();
  await page
    .getByRole('toolbar', { name: 'Selected orders' })
    .getByRole('button', { name: 'Accept selected' })
    .click();
  const accept = page.getByRole('dialog', { name: 'Accept 2 orders' });
  await expect(accept.getByLabel('Please insert your password to complete the action')).toHaveCount(0);
  await signWithProvider(page, 'cleo.cmo');
  await page.screenshot({ path: '/tmp/oidc-bulk-accept-signed.png' });
  await accept.getByRole('button', { name: 'Accept 2 orders' }).click();
  const results = page.getByRole('dialog', { name: 'Results' });
  await expect(results).toContainText('2 of 2 orders accepted.');
  await page.screenshot({ path: '/tmp/oidc-bulk-accept-results.png' });

  // Each order's audit row records the one signature and how it was given.
  const admin = await apiHeaders(api, 'admin');
  for (const order of placed) {
    const history = await api.get(`/api/v1/audit-logs/changeset/orders/${order.id}`, { headers: admin });
    expect(JSON.stringify(await history.json())).toContain(
      `Accepted Order (re-authenticated at ${org.issuer})`,
    );
  }
  await api.dispose();
});
