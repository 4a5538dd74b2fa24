/**
 * Issue 31, part 4: the Audit trail screen downloads a checkpoint, and after the trail is cut
 * back in the database (its newest entries deleted, the chain's head pointed at the last one
 * left: the chain alone then verifies intact) says that the trail's end moved back.
 *
 * The cut is a real database edit, not a test hook in the server: this spec starts a server of
 * its own on a fresh embedded database (the worker's shared server keeps running for the other
 * specs, whose trail must stay intact), stops it, edits its DATA_DIR/pglite with PGlite as
 * someone with the files would, and starts it again on the same DATA_DIR.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { apiHeaders, DEMO_PASSWORD, expect, loginAs, screenshot, test } from '../fixtures.ts';

// Beside the workers' servers (base + 0, 1, …): one port per worker for this spec's own server.
const port = Number(process.env.E2E_PORT) + 90 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const baseURL = `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(import.meta.dirname, '../..');

test.use({ viewport: { width: 1280, height: 800 }, baseURL });
test.describe.configure({ timeout: 240_000 });

let dataDir: string;
let server: ChildProcess | undefined;

/** Starts the server on `dataDir` and waits (at most 2 minutes) until it answers. */
async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')], {
    cwd: path.join(repoRoot, 'e2e'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '600',
      INIT_CWD: repoRoot,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server = child;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseURL}/api/v1/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer within 2 minutes');
}

/** Stops the server (SIGINT: no shutdown delay) and waits for it to exit. */
async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}

test.beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'dosechain-e2e-checkpoint-'));
});

test.afterAll(async () => {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a downloaded checkpoint, then the trail cut back in the database: the screen says its end moved back', async ({
  page,
  request,
}) => {
  await startServer();
  await loginAs(page, 'staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  await expect(page.getByText(/^Audit trail intact: [\d,]+ entries verified$/)).toBeVisible();

  // The checkpoint, downloaded as a file to keep with the study's QA records.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download checkpoint' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^audit-checkpoint-\d+-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.json$/,
  );
  const checkpoint = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    position: number;
    chainHmac: string;
    signature: string;
  };
  expect(checkpoint).toMatchObject({
    format: 'dosechain.audit-checkpoint.v1',
    position: expect.any(Number),
    signature: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  await screenshot(page, 'audit-trail-checkpoint');

  // Two more audited changes after it.
  const headers = await apiHeaders(request, 'admin');
  for (const name of ['Checkpoint Drug One', 'Checkpoint Drug Two']) {
    const created = await request.post('/api/v1/drugs', {
      headers,
      data: { name, electronicSignature: DEMO_PASSWORD },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await page.getByRole('button', { name: 'Re-check' }).click();
  const intact = page.getByText(/^Audit trail intact: [\d,]+ entries verified$/);
  await expect(intact).toBeVisible();
  const counted = Number((await intact.textContent())!.match(/[\d,]+/)![0].replaceAll(',', ''));

  // Stopped; the checkpoint's entry and the two after it deleted, the head pointed back.
  await stopServer();
  expect(existsSync(path.join(dataDir, 'audit-chain-end'))).toBe(true);
  const db = new PGlite(path.join(dataDir, 'pglite'));
  try {
    const cutTo = checkpoint.position - 1;
    await db.transaction(async (tx) => {
      await tx.exec('set local session_replication_role = replica');
      await tx.query('delete from audit_log where chain_position > $1', [cutTo]);
      await tx.query(
        `update audit_chain_head set position = $1,
          chain_hmac = (select chain_hmac from audit_log where chain_position = $1) where id = 1`,
        [cutTo],
      );
    });
  } finally {
    await db.close();
  }

  // Started again: the chain alone would verify; the end the server kept in DATA_DIR says otherwise.
  await startServer();
  // Still signed in: the session outlived the restart (its tokens are in the same DATA_DIR).
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Audit trail' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    /^Audit trail altered: the trail’s end moved back \(it had reached entry [\d,]+ of the chain; it now ends at [\d,]+\)/,
  );
  await expect(alert).not.toContainText('does not match the chain');
  await screenshot(page, 'audit-trail-end-moved-back');

  // And the checkpoint kept outside shows it too: its entry is no longer in the trail.
  const again = await apiHeaders(request, 'staff');
  const verified = await request.post('/api/v1/audit-logs/verify', { headers: again, data: { checkpoint } });
  expect(verified.status()).toBe(200);
  expect(await verified.json()).toMatchObject({
    ok: false,
    broken: 0,
    headMatches: true,
    checked: counted - 3,
    checkpoint: { position: checkpoint.position, failed: 'entryMissing' },
  });
});
