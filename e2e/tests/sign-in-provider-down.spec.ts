import { DEMO_PASSWORD, expect, test } from '../fixtures.ts';
import { startOrganisationServer } from '../organisation-server.ts';

/**
 * Issue 38: the organisation's provider is down (OIDC_ISSUER a loopback port nothing listens on).
 * The login page still offers the password form beside the button; the button comes back saying
 * the provider cannot be reached, and a password login works.
 */
test.use({ viewport: { width: 1280, height: 800 } });

let org: Awaited<ReturnType<typeof startOrganisationServer>>;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  org = await startOrganisationServer({}, { providerDown: true });
});
test.afterAll(async () => {
  await org?.close();
});

test('[AUT-019] a provider that is down: the login page says so and the password still signs in', async ({
  page,
}) => {
  await page.goto(`${org.baseUrl}/login`);
  await expect(page.getByRole('link', { name: 'Sign in with Contoso' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in with Contoso' }).click();
  await expect(page).toHaveURL(`${org.baseUrl}/login`);
  // The message (oidcMessages.unreachable in the contract).
  await expect(page.getByRole('alert')).toHaveText(
    'The identity provider cannot be reached. Sign in with your username and password, or try again later.',
  );
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
  await page.screenshot({ path: '/tmp/oidc-provider-down.png' });

  await page.getByLabel('Username').fill('site');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page).toHaveURL(`${org.baseUrl}/`);
  await expect(page.getByRole('navigation')).toBeVisible();
});
