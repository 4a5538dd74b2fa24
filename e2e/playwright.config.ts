import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './chromium.ts';
import { serverDataDir, serverPort, workerServerIndex } from './servers.ts';

// The config is evaluated by the runner and again by each worker: pick the base port and the
// fresh data directory once and hand them down through the environment.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'dosechain-e2e-'));
// Two spec files at once, each worker with its own server and database (servers.ts): a spec
// spends much of its time waiting on the browser or the server, so two fill the 2-core machine.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  // VALIDATION_RESULTS=<dir> (a path from the repository root, or absolute): the results also as
  // JSON for the validation report (npm run validation:report, decision 051); CI sets it.
  reporter: process.env.VALIDATION_RESULTS
    ? [
        ['list'],
        [
          'json',
          {
            outputFile: path.resolve(
              import.meta.dirname,
              '..',
              process.env.VALIDATION_RESULTS,
              'playwright.json',
            ),
          },
        ],
      ]
    : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${serverPort(workerServerIndex())}`,
    // A trace records every action's DOM and frames, which costs every test CPU time on the
    // 2-core machine: in CI only a retry records one (the first failure is retried, decision 024).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable,
      args: chromiumArgs,
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'npx tsx ../server/src/main.ts',
    url: `http://127.0.0.1:${serverPort(index)}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(serverPort(index)),
      HOST: '127.0.0.1',
      DATA_DIR: serverDataDir(index),
      // Recovery mails link to the address the browser uses.
      PUBLIC_URL: `http://127.0.0.1:${serverPort(index)}`,
      LOG_LEVEL: 'warn',
      // The webhooks spec's receiver runs on 127.0.0.1 over http (refused by default: SSRF).
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
      // Every login of a worker's specs comes from 127.0.0.1: on a fast machine a worker signed in
      // more than the default 30 times a minute and got "Too many requests" (the limit itself is
      // tested by the server's tests: auth, lockout, password recovery).
      AUTH_RATE_LIMIT_PER_MINUTE: '600',
      // Failed logins are paced per client address (decision 010): a spec stands for a second
      // client by an X-Forwarded-For from the loopback, which the browser never sends.
      TRUST_PROXY: 'loopback',
      INIT_CWD: path.resolve(import.meta.dirname, '..'),
    },
  })),
});
