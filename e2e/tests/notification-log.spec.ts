import { execFileSync } from 'node:child_process';
import { type ServerProcess, startServer } from '../../server/test/faults/server-process.ts';
import { DEMO_PASSWORD, expect, loginAs, placeOrderByApi, screenshot, test } from '../fixtures.ts';

// Issue 22, Notification log: staff see every outgoing mail, with the order it is about; a mail
// that failed all its attempts raises a banner on their dashboard, and they resend it.

test.use({ viewport: { width: 1280, height: 800 } });

test("a placement's mails are listed in the notification log, linked to the order", async ({
  page,
  request,
}) => {
  const subject = `MAILLOG-${Date.now() % 1_000_000}`;
  const order = await placeOrderByApi(request, subject);
  await loginAs(page, 'staff');
  await page.getByRole('link', { name: 'Notification log' }).click();
  await expect(page).toHaveURL(/\/notification-log$/);
  await expect(page).toHaveTitle(/^Notification log/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notification log' })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: `Order #${order.number} placed` });
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(0);
  const first = rows.first();
  await expect(first).toContainText(`Order placed · Order #${order.number}`);
  // Instants are shown with their zone.
  await expect(first).toContainText(/UTC/);
  await expect(first).toBeInViewport();
  // The whole row fits the window: its last column too.
  await expect(page.getByRole('columnheader', { name: 'Last error' })).toBeInViewport();
  await screenshot(page, 'notification-log-1280');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'notification-log-1440');
  await first.getByRole('link', { name: `Open Order #${order.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
});

test('a company user has no notification log', async ({ page }) => {
  await loginAs(page, 'cmo');
  await expect(page.getByRole('link', { name: 'Notification log' })).toHaveCount(0);
  await page.goto('/notification-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Notification log' })).toHaveCount(0);
});

/**
 * A failed mail needs its eight attempts (about an hour of back-off) or a hand on the database:
 * this test starts its own server on a PostgreSQL database of its own and marks a mail failed
 * there. Skipped where no PostgreSQL answers (E2E_PG_URL, default the local one).
 */
test.describe('a failed mail', () => {
  const pgUrl = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `dosechain_e2e_mail_${process.pid}_${Date.now() % 100_000}`;
  const port = Number(process.env.E2E_PORT ?? 30_000) + 50 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const base = `http://127.0.0.1:${port}`;
  const dbUrl = pgUrl.replace(/\/[^/]*$/, `/${dbName}`);
  let server: ServerProcess | undefined;
  const psql = (url: string, sql: string) =>
    execFileSync('psql', [url, '-tAq', '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' }).trim();

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    try {
      psql(pgUrl, 'select 1');
    } catch {
      test.skip(true, 'no PostgreSQL to start the failed-mail server on');
    }
    psql(pgUrl, `create database ${dbName}`);
    // In a process group of its own, killed whole afterwards (its temporary DATA_DIR removed).
    server = await startServer(
      { DATABASE_URL: dbUrl, SEED_DEMO: '1', PUBLIC_URL: base },
      { port, timeoutMs: 150_000 },
    );
  });

  test.afterAll(async () => {
    await server?.kill();
    try {
      psql(pgUrl, `drop database if exists ${dbName} with (force)`);
    } catch {
      // Dropped already, or PostgreSQL is gone: nothing to clean.
    }
  });

  test('raises a banner on the staff dashboard and is resent from the log', async ({ page }) => {
    const subject = `Failed mail ${Date.now() % 1_000_000}`;
    const id = psql(
      dbUrl,
      `insert into mail_outbox (recipients, subject, text_body, status, attempts, last_error, purpose)
       values (array['nobody@unreachable.example'], '${subject}', 'text', 'failed', 8,
               'connect ECONNREFUSED 10.0.0.1:25', 'other') returning id`,
    );
    expect(Number(id)).toBeGreaterThan(0);
    await page.goto(`${base}/login`);
    await page.getByLabel('Username').fill('staff');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    const banner = page.getByRole('alert', { name: 'Failed mails' });
    await expect(banner).toContainText('1 mail could not be sent after all its attempts.');
    await expect(banner).toBeInViewport();
    await screenshot(page, 'dashboard-failed-mails-banner');
    await banner.getByRole('link', { name: 'Open the notification log' }).click();
    await expect(page).toHaveURL(/\/notification-log\?status=failed$/);
    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText('Failed');
    await expect(row).toContainText('ECONNREFUSED');
    await expect(row).toBeInViewport();
    await screenshot(page, 'notification-log-failed');
    await row.getByRole('button', { name: `Resend mail ${subject}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Resend mail' });
    await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByLabel('Please insert your password to complete the action').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByText('Mail queued to be sent again')).toBeVisible();
    // Back to pending (then sent, or failing anew): no longer in the failed list.
    await expect(page.getByRole('row').filter({ hasText: subject })).toHaveCount(0);
    expect(psql(dbUrl, `select status from mail_outbox where id = ${Number(id)}`)).not.toBe('failed');
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('alert', { name: 'Failed mails' })).toHaveCount(0);
  });
});
