import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './chromium.ts';

// The config is evaluated by the runner and again by each worker: pick the port and the fresh
// data directory once and hand them down through the environment.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'dosechain-e2e-'));
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable,
      args: chromiumArgs,
    },
  },
  webServer: {
    command: 'npx tsx ../server/src/main.ts',
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Recovery mails link to the address the browser uses.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      INIT_CWD: path.resolve(import.meta.dirname, '..'),
    },
  },
});
